// The users repository: staff accounts with their scrypt hash, roles and token version. The only code that reads
// password hashes, and the only code that writes users: changing a password or the roles bumps token_version, which
// revokes every token issued before (DESIGN §5); so does removing the user. Listeners hear of each such change
// (onChange) after it commits, so this process's sessions can be closed at once (./token-check.ts).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { Role } from '../../src/protocol/auth';
import type { Db } from '../db';
import { users } from '../db/schema';
import { ownedBy, reassignOwned, type Owned } from './ownership';
import { generatePassword, hashPassword } from './passwords';
import type { VerifiedUser } from './tokens';

/** What a token is checked against: the account behind a username and its current token version. */
export interface Account {
  id: number;
  username: string;
  tokenVersion: number;
}

export interface UserRecord extends Account {
  passwordHash: string;
  roles: string[];
}

export type RemoveOutcome =
  | { kind: 'removed'; username: string; heir?: string; moved: Owned }
  /** They own rows that would be left without an owner: name an heir (`reassignTo`). */
  | { kind: 'owns'; username: string; owned: Owned }
  | { kind: 'missing' }
  | { kind: 'no-heir'; heir: string }
  | { kind: 'heir-is-user' };

export const rolesFor = (admin: boolean): string[] => (admin ? [Role.USER, Role.ADMIN] : [Role.USER]);

/** Usernames match case-insensitively ('Bob' is 'bob'), on the lower(username) unique index. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
const byName = (username: string) => eq(sql`lower(${users.username})`, usernameKey(username));
const nextVersion = sql`${users.tokenVersion} + 1`;
const accountColumns = { id: users.id, username: users.username, tokenVersion: users.tokenVersion };

export function createUserRepository(db: Db) {
  const listeners = new Set<(username: string) => void>();
  const changed = (username: string) => listeners.forEach((listener) => listener(username));

  return {
    async find(username: string): Promise<UserRecord | undefined> {
      const [row] = await db
        .select({ ...accountColumns, passwordHash: users.passwordHash, roles: users.roles })
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
    async account(username: string): Promise<Account | undefined> {
      const [row] = await db.select(accountColumns).from(users).where(byName(username)).limit(1);
      return row;
    },
    /** The accounts behind several usernames at once (given as usernameKey); the missing ones are gone. */
    async accounts(keys: readonly string[]): Promise<Account[]> {
      if (keys.length === 0) return [];
      return db.select(accountColumns).from(users).where(inArray(sql`lower(${users.username})`, [...keys]));
    },
    async list(): Promise<Array<Pick<UserRecord, 'id' | 'username' | 'roles'>>> {
      return db.select({ id: users.id, username: users.username, roles: users.roles }).from(users).orderBy(asc(users.username));
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
    async add(username: string, password: string, admin: boolean): Promise<void> {
      await db.insert(users).values({ username: username.trim(), passwordHash: await hashPassword(password), roles: rolesFor(admin) });
    },
    /** New password; every token issued before stops working. */
    async setPassword(username: string, password: string): Promise<boolean> {
      const passwordHash = await hashPassword(password);
      const updated = await db.update(users).set({ passwordHash, tokenVersion: nextVersion }).where(byName(username)).returning({ username: users.username });
      updated.forEach((row) => changed(row.username));
      return updated.length > 0;
    },
    /** Admin or plain user from now on; every token issued before (which carries the old roles) stops working. */
    async setAdmin(username: string, admin: boolean): Promise<boolean> {
      const updated = await db.update(users).set({ roles: rolesFor(admin), tokenVersion: nextVersion }).where(byName(username)).returning({ username: users.username });
      updated.forEach((row) => changed(row.username));
      return updated.length > 0;
    },
    /**
     * Deletes the user. What they own (lots, boxes, …: ./ownership.ts) moves to `reassignTo` in the same transaction;
     * without an heir a user who owns anything is not removed ('owns'). The user's row is locked first, so nothing
     * new can be made theirs between the count and the delete.
     */
    async remove(username: string, { reassignTo }: { reassignTo?: string } = {}): Promise<RemoveOutcome> {
      const outcome = await db.transaction(async (tx): Promise<RemoveOutcome> => {
        const [user] = await tx.select(accountColumns).from(users).where(byName(username)).for('update');
        if (!user) return { kind: 'missing' };
        const [heir] = reassignTo === undefined ? [] : await tx.select(accountColumns).from(users).where(byName(reassignTo));
        if (reassignTo !== undefined && !heir) return { kind: 'no-heir', heir: reassignTo };
        if (heir?.id === user.id) return { kind: 'heir-is-user' };
        if (!heir) {
          const owned = await ownedBy(tx, user.id);
          if (Object.keys(owned).length > 0) return { kind: 'owns', username: user.username, owned };
        }
        const moved = heir ? await reassignOwned(tx, user.id, heir.id) : {};
        await tx.delete(users).where(eq(users.id, user.id));
        return { kind: 'removed', username: user.username, moved, ...(heir ? { heir: heir.username } : {}) };
      });
      if (outcome.kind === 'removed') changed(outcome.username);
      return outcome;
    },
    /** Calls `listener` with the username after a change that revokes the user's tokens has committed. */
    onChange(listener: (username: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;

/** A token is honoured while its account exists and still has the token version the token was issued under (and,
 * when the token names it, the same id: not a new account that took a removed one's name). */
export const honours = (account: Account | undefined, user: VerifiedUser): account is Account =>
  account !== undefined && account.tokenVersion === user.tokenVersion && (user.accountId === undefined || user.accountId === account.id);

/** A verified token's user with their account id (handlers and dedup records use it); undefined without a user,
 * once the account is gone or when the token has been revoked (a token outlives a deleted account). Reads the
 * database: for one-off requests (HTTP); sockets check per frame against ./token-check.ts's map instead. */
export async function withAccount(repo: Pick<UserRepository, 'account'>, user: VerifiedUser | undefined): Promise<(VerifiedUser & { id: number }) | undefined> {
  if (!user) return undefined;
  const account = await repo.account(user.username);
  return honours(account, user) ? { ...user, id: account.id } : undefined;
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
