// The users repository: staff accounts with their scrypt hash and roles. The only code that reads password hashes.
import { asc, eq, sql } from 'drizzle-orm';
import { Role } from '../../src/protocol/auth';
import type { Db } from '../db';
import { users } from '../db/schema';
import { generatePassword, hashPassword } from './passwords';
import type { AuthUser } from './tokens';

export interface UserRecord {
  id: number;
  username: string;
  passwordHash: string;
  roles: string[];
}

export const rolesFor = (admin: boolean): string[] => (admin ? [Role.USER, Role.ADMIN] : [Role.USER]);

/** Usernames match case-insensitively ('Bob' is 'bob'), on the lower(username) unique index. */
const byName = (username: string) => eq(sql`lower(${users.username})`, username.trim().toLowerCase());

export function createUserRepository(db: Db) {
  return {
    async find(username: string): Promise<UserRecord | undefined> {
      const [row] = await db
        .select({ id: users.id, username: users.username, passwordHash: users.passwordHash, roles: users.roles })
        .from(users)
        .where(byName(username))
        .limit(1);
      return row;
    },
    /** The id behind a token's username (sub), or undefined once the account is gone. */
    async idOf(username: string): Promise<number | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(byName(username)).limit(1);
      return row?.id;
    },
    async list(): Promise<Array<Omit<UserRecord, 'passwordHash'>>> {
      return db.select({ id: users.id, username: users.username, roles: users.roles }).from(users).orderBy(asc(users.username));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
    async add(username: string, password: string, admin: boolean): Promise<void> {
      await db.insert(users).values({ username: username.trim(), passwordHash: await hashPassword(password), roles: rolesFor(admin) });
    },
    async setPassword(username: string, password: string): Promise<boolean> {
      const updated = await db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.username, username.trim()))
        .returning({ id: users.id });
      return updated.length > 0;
    },
    async remove(username: string): Promise<boolean> {
      const removed = await db.delete(users).where(eq(users.username, username.trim())).returning({ id: users.id });
      return removed.length > 0;
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;

/** A verified token's user with their account id (handlers and dedup records use it); undefined without a
 * user, or once the account is gone (a token outlives a deleted account). */
export async function withAccount(users: Pick<UserRepository, 'idOf'>, user: AuthUser | undefined): Promise<(AuthUser & { id: number }) | undefined> {
  const id = user && (await users.idOf(user.username));
  return user && id !== undefined ? { ...user, id } : undefined;
}

/**
 * First start with no users: create `admin` with ADMIN_PASSWORD or a generated password. Returns the password
 * only when it was generated, so the caller prints it once.
 */
export async function ensureFirstAdmin(repo: UserRepository, adminPassword: string | undefined): Promise<{ username: string; password?: string } | undefined> {
  if ((await repo.count()) > 0) return undefined;
  const password = adminPassword ?? generatePassword();
  await repo.add('admin', password, true);
  return adminPassword ? { username: 'admin' } : { username: 'admin', password };
}
