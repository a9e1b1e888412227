// The token check for sockets (DESIGN §5): a token is honoured while its account exists and its `ver` claim is the
// account's current token version. Checked on every frame against an in-memory map username → account, so a frame
// costs no database round trip; the map learns of changes three ways:
//   - this process's own changes (the users repository's onChange): at once;
//   - CONNECT re-reads the account: a new connection never rides on a stale entry; so does a token the map would
//     refuse that was issued after the entry was read (a login after a change made elsewhere: its token is newer);
//   - every REVOCATION_INTERVAL the accounts of this process's signed-in users are re-read in one query, and an
//     entry older than that is re-read before use. That is how a change made by ANOTHER process (npm run users on
//     PostgreSQL, a second server) arrives: within one interval. (With the embedded database there is no other
//     process: the data-folder lock keeps the CLI out while the server runs.)
// Whenever an account is read, the push bus closes the sessions whose tokens it no longer honours.
import type { PushBus, PushSession } from '../push';
import type { VerifiedUser } from './tokens';
import { honours, usernameKey, type Account, type UserRepository } from './users';

export interface TokenCheckOptions {
  users: Pick<UserRepository, 'accounts' | 'onChange'>;
  push: PushBus;
  /** How old an account may be before it is read again; also the period of the re-read of signed-in users. */
  intervalMs: number;
  logger: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  now?: () => number;
}

export interface TokenCheck {
  /**
   * The user of a verified token, with the account's id, when the account still honours it; the session is then
   * attached to the push bus as that user. `fresh` re-reads the account first (CONNECT does). Never throws: when the
   * database cannot be read, what the map knows decides (nothing known: refused), and the failure is logged.
   */
  admit(session: PushSession, user: VerifiedUser | undefined, options?: { fresh?: boolean }): Promise<(VerifiedUser & { id: number }) | undefined>;
  /** Re-reads the accounts of every signed-in user now (what the interval does). */
  recheck(): Promise<void>;
}

interface Entry {
  account: Account | undefined;
  readAt: number;
  /** Which read wrote it: an older read that finishes late never overwrites a newer one. */
  read: number;
}

export function createTokenCheck({ users, push, intervalMs, logger, now = Date.now }: TokenCheckOptions): TokenCheck {
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<void>>();
  let reads = 0;
  let timer: NodeJS.Timeout | undefined;

  /** Reads the accounts of `keys` (usernameKey) into the map and closes the sessions they no longer honour. */
  async function read(keys: string[]): Promise<void> {
    const id = ++reads;
    const found = await users.accounts(keys);
    const readAt = now();
    for (const key of keys) {
      const account = found.find((row) => usernameKey(row.username) === key);
      const entry = entries.get(key);
      if (entry && entry.read > id) continue;
      entries.set(key, { account, readAt, read: id });
      push.closeSessionsOf(key, (user) => honours(account, user));
    }
  }

  /** One read per key at a time: many sessions of one user finding the entry stale read it once. */
  function readOne(key: string): Promise<void> {
    const pending = reading.get(key);
    if (pending) return pending;
    const started = read([key]).finally(() => reading.delete(key));
    reading.set(key, started);
    return started;
  }

  async function account(user: VerifiedUser, fresh: boolean): Promise<Account | undefined> {
    const key = usernameKey(user.username);
    const entry = entries.get(key);
    if (fresh) await read([key]);
    else if (!entry || now() - entry.readAt >= intervalMs) await readOne(key);
    const known = entries.get(key);
    // `iat` has whole seconds: a token from the same second as the read may be the newer of the two.
    if (!fresh && known && !honours(known.account, user) && user.issuedAt + 1000 > known.readAt) await readOne(key);
    return entries.get(key)?.account;
  }

  async function recheck(): Promise<void> {
    const signedIn = new Set(push.usernames().map(usernameKey));
    // Entries of users with no session here are dropped once stale: they would be read again before use anyway.
    for (const [key, entry] of entries) if (!signedIn.has(key) && now() - entry.readAt >= intervalMs) entries.delete(key);
    if (signedIn.size > 0) await read([...signedIn]);
    if (entries.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  /** The interval runs while there is anyone to check, so an idle server (or a closed one) queries nothing. */
  function keepChecking(): void {
    if (timer) return;
    timer = setInterval(() => {
      recheck().catch((error: unknown) => logger.warn({ err: error }, 'token version re-check failed'));
    }, intervalMs);
    timer.unref(); // never the reason the process stays up
  }

  users.onChange((username) => {
    read([usernameKey(username)]).catch((error: unknown) => logger.warn({ err: error }, 'token version read failed'));
  });

  return {
    async admit(session, user, { fresh = false } = {}) {
      if (!user) return undefined;
      const current = await account(user, fresh).catch((error: unknown) => {
        logger.error({ err: error }, 'token check could not read the account');
        return entries.get(usernameKey(user.username))?.account;
      });
      keepChecking();
      // No await between this check and attach: a revocation cannot slip in between.
      if (!honours(current, user)) return undefined;
      push.attach(session, user);
      return { ...user, id: current.id };
    },
    recheck,
  };
}
