// Staff accounts (DESIGN §5 Auth). Owned by domains/session (reads) and cli/users; nothing else writes here.
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * users — one row per staff member. `roles` holds the JWT role names (ROLE_USER, ROLE_ADMIN).
 * password_hash is the scrypt string written by the auth module; never sent to a client.
 * Login looks users up by `lower(username)`, so that is unique too ('Bob' and 'bob' cannot both exist).
 * token_version is carried in every token the user is issued (claim `ver`); a token is honoured only while it matches.
 * Changing the password or the roles bumps it, which revokes every token issued before (server/auth/users.ts).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{ROLE_USER}'::text[]`),
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`)],
);
