// Staff accounts (DESIGN §5 Auth). Owned by domains/session (reads) and cli/users; nothing else writes here.
import { sql } from 'drizzle-orm';
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * users — one row per staff member. `roles` holds the JWT role names (ROLE_USER, ROLE_ADMIN).
 * password_hash is the scrypt string written by the auth module; never sent to a client.
 * Login looks users up by `lower(username)`, so that is unique too ('Bob' and 'bob' cannot both exist).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{ROLE_USER}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`)],
);
