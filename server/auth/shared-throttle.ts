// The login throttle shared by every server process on one PostgreSQL database (issue 18): the rules of throttle.ts
// over counts in login_failures, login_account_failures and login_known_addresses, so N processes allow what one
// does, not N times as many attempts. Never touches passwords.
//
// Cheap under a flood: a lock this process has read is remembered here until it ends, so an address already locked
// costs no query; an unlocked attempt costs one indexed read before the bounded password check, a failure one write.
// Counts are upserted atomically (INSERT … ON CONFLICT DO UPDATE), so processes counting at once lose none.
//
// Bounded: rows are written only after a failed password check, which the scrypt pool admits at most
// LOGIN_CONCURRENCY at a time (a quarter of a second each: at the default 2, under 30 000 failures an hour per
// process), and each failure touches at most three rows (its pair, its address, its account's address). Failure rows
// are purged an hour after their last failure, so the tables hold at most 3 × the failures of the last hour — under
// 90 000 rows per process, a few MB — whatever usernames and addresses a flood invents. A known address needs a
// success, so login_known_addresses holds at most 16 rows per account that has a password.
//
// When the database fails (a lost connection, a missing table) the login neither fails nor opens: this process's own
// counts (kept for that case, createLocalThrottle) decide, and a warning is logged. Each process then allows what it
// allowed before the counts were shared — bounded, never unlimited. Failing closed instead would let anyone who can
// make the database slow lock every user out, which is the one thing the throttle must never allow.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '../db';
import type { Logger } from '../services';
import {
  accountKey,
  accountLockedUntil,
  createLocalThrottle,
  failureLockedUntil,
  FORGET_AFTER_MS,
  KNOWN_ADDRESSES_PER_ACCOUNT,
  MAX_TRACKED,
  pairKey,
  RecentMap,
  secondsUntil,
  type LoginThrottle,
  type ThrottleLimits,
} from './throttle';

const PURGE_EVERY_MS = 10 * 60 * 1000; // forgotten rows are already ignored; this only returns their space
const WARN_EVERY_MS = 60 * 1000; // a flood during an outage would otherwise log once per attempt

const CountsRow = z.object({
  part: z.enum(['pair', 'address', 'failing', 'known']),
  count: z.coerce.number(),
  at: z.coerce.number(),
});

/** `now` is injectable so tests can age the counts; every process must keep its clock right (NTP). */
export function createSharedLoginThrottle(db: Db, limits: ThrottleLimits, logger: Logger, now: () => number = Date.now): LoginThrottle {
  const fallback = createLocalThrottle(limits, now);
  /**
   * Locks read from the database, until they end: `address:…` its own, `pair:…` the pair's and the account's. A lock
   * only grows while it lasts (no success passes it but one already past the check), so a remembered one never
   * refuses wrongly; the wait it shows may be short when failures elsewhere lengthened it, and the next attempt after
   * it reads the rest.
   */
  const remembered = new RecentMap<string, number>(MAX_TRACKED);
  let lastPurge = Number.NEGATIVE_INFINITY;
  let lastWarning = Number.NEGATIVE_INFINITY;
  let unwarned = 0;

  const warn = (error: unknown, message: string) => {
    unwarned += 1;
    if (now() - lastWarning < WARN_EVERY_MS) return;
    logger.warn({ err: error, occurrences: unwarned }, message);
    lastWarning = now();
    unwarned = 0;
  };

  const rememberedWait = (address: string, pair: string): number => {
    const until = Math.max(remembered.get(`address:${address}`) ?? 0, remembered.get(`pair:${pair}`) ?? 0);
    const wait = secondsUntil(until, now());
    if (wait === 0) {
      remembered.delete(`address:${address}`);
      remembered.delete(`pair:${pair}`);
    }
    return wait;
  };

  /** The three counters' locks for (address, account), in one round trip. */
  async function readLocks(address: string, account: string): Promise<{ address: number; pair: number }> {
    const time = now();
    const rows = CountsRow.array().parse(
      await queryRows(
        db,
        sql`select 'pair' as part, count, last_failed_ms as at from login_failures where scope = 'pair' and key = ${pairKey(address, account)}
            union all select 'address', count, last_failed_ms from login_failures where scope = 'address' and key = ${address}
            union all (select 'failing', 0, failed_ms from login_account_failures
                       where account = ${account} and failed_ms > ${time - FORGET_AFTER_MS} order by failed_ms desc limit ${limits.accountLockAddresses})
            union all select 'known', 0, signed_in_ms from login_known_addresses where account = ${account} and address = ${address}`,
      ),
    );
    const lockOf = (part: 'pair' | 'address', free: number) => {
      const row = rows.find((found) => found.part === part);
      return row === undefined ? 0 : failureLockedUntil(row.count, row.at, free);
    };
    const known = rows.some((row) => row.part === 'known');
    const failing = rows.filter((row) => row.part === 'failing').map((row) => row.at);
    const accountLock = known ? 0 : accountLockedUntil(failing, limits.accountLockAddresses, time);
    return { address: lockOf('address', limits.failuresPerAddress), pair: Math.max(lockOf('pair', limits.failuresPerAccount), accountLock) };
  }

  async function purge(time: number): Promise<void> {
    if (time - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = time;
    const forgotten = time - FORGET_AFTER_MS;
    await db.execute(sql`with failures as (delete from login_failures where last_failed_ms < ${forgotten})
                         delete from login_account_failures where failed_ms <= ${forgotten}`);
  }

  return {
    async retryAfter(address, username) {
      const account = accountKey(username);
      const pair = pairKey(address, account);
      const wait = rememberedWait(address, pair);
      if (wait > 0) return wait;
      try {
        const locks = await readLocks(address, account);
        if (locks.address > now()) remembered.touch(`address:${address}`, locks.address);
        if (locks.pair > now()) remembered.touch(`pair:${pair}`, locks.pair);
        return secondsUntil(Math.max(locks.address, locks.pair), now());
      } catch (error) {
        warn(error, "login throttle: the shared counts could not be read; this process's own counts decide");
        return fallback.retryAfter(address, username);
      }
    },

    async failed(address, username) {
      fallback.failed(address, username);
      const account = accountKey(username);
      // What this process remembered is shorter now: the next attempt reads again.
      remembered.delete(`address:${address}`);
      remembered.delete(`pair:${pairKey(address, account)}`);
      const time = now();
      try {
        // A key idle for an hour starts again at 1, as the in-memory ledger forgets it.
        await db.execute(sql`with failures as (
            insert into login_failures (scope, key, count, last_failed_ms)
            values ('pair', ${pairKey(address, account)}, 1, ${time}), ('address', ${address}, 1, ${time})
            on conflict (scope, key) do update set
              count = case when login_failures.last_failed_ms < ${time - FORGET_AFTER_MS} then 1 else login_failures.count + 1 end,
              last_failed_ms = greatest(login_failures.last_failed_ms, excluded.last_failed_ms))
          insert into login_account_failures (account, address, failed_ms)
          select ${account}, ${address}, ${time} where ${limits.accountLockAddresses > 0}
          on conflict (account, address) do update set failed_ms = greatest(login_account_failures.failed_ms, excluded.failed_ms)`);
        await purge(time);
      } catch (error) {
        warn(error, "login throttle: a failure could not be shared; only this process's own counts hold it");
      }
    },

    // The address's own count stays: signing in to one's own account must not buy more guesses at others'.
    async succeeded(address, username) {
      fallback.succeeded(address, username);
      const account = accountKey(username);
      const pair = pairKey(address, account);
      remembered.delete(`pair:${pair}`);
      try {
        // One statement sees one snapshot: the trim keeps the 15 most recent others beside this address.
        await db.execute(sql`with cleared as (delete from login_failures where scope = 'pair' and key = ${pair}),
            known as (insert into login_known_addresses (account, address, signed_in_ms) values (${account}, ${address}, ${now()})
                      on conflict (account, address) do update set signed_in_ms = greatest(login_known_addresses.signed_in_ms, excluded.signed_in_ms))
          delete from login_known_addresses where account = ${account} and address <> ${address} and address not in (
            select address from login_known_addresses where account = ${account} and address <> ${address}
            order by signed_in_ms desc, address limit ${KNOWN_ADDRESSES_PER_ACCOUNT - 1})`);
      } catch (error) {
        warn(error, "login throttle: a sign-in could not be shared; only this process's own counts hold it");
      }
    },
  };
}
