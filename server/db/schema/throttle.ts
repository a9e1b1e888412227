// The login throttle shared by every server process on one PostgreSQL database (server/auth/shared-throttle.ts):
// the same three counters the in-memory throttle keeps (server/auth/throttle.ts). Times are epoch milliseconds from
// the processes' clocks, so a test can set them. Failure rows are purged an hour after their last failure.
import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { oneOf } from './columns';

export const LOGIN_FAILURE_SCOPES = ['pair', 'address'] as const;

/** Failures per (address, account) — scope 'pair', key "address account" — and per address over all accounts. */
export const loginFailures = pgTable(
  'login_failures',
  {
    scope: text('scope', { enum: LOGIN_FAILURE_SCOPES }).notNull(),
    key: text('key').notNull(),
    /** Failures since the key was last forgotten (an hour without one) or cleared (a success of that pair). */
    count: integer('count').notNull(),
    lastFailedMs: bigint('last_failed_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('login_failures_last_idx').on(t.lastFailedMs), // the purge
    check('login_failures_scope_check', oneOf(t.scope, LOGIN_FAILURE_SCOPES)),
  ],
);

/** When each address last failed on an account: the distinct addresses that close it to unknown ones. */
export const loginAccountFailures = pgTable(
  'login_account_failures',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    failedMs: bigint('failed_ms', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.address] }),
    index('login_account_failures_recent_idx').on(t.account, t.failedMs), // an account's most recent, under attack too
    index('login_account_failures_failed_idx').on(t.failedMs), // the purge
  ],
);

/** The addresses that last signed in to an account (16 each): the account lock never closes it to them. */
export const loginKnownAddresses = pgTable(
  'login_known_addresses',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    signedInMs: bigint('signed_in_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account, t.address] })],
);
