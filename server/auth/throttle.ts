// Login throttling by source address and by account, so that nobody can lock an account out for everyone else.
// The rules live here, with the in-memory throttle one process uses (the embedded database); on PostgreSQL the
// processes share the same rules through the database (shared-throttle.ts). Never touches passwords.
//
// Failures are counted three ways (each key forgotten an hour after its last failure):
// - per (address, account): a person mistyping gets a few free tries, then that address waits for that account
//   (30 s, doubling per further failure, up to 15 min). Another address is not affected.
// - per address, over all accounts: an address spraying usernames is stopped the same way, whatever it guesses.
// - per account, by distinct addresses: only failures spread over many addresses (a distributed guess, which the
//   two counters above cannot see as one) close the account — and only to addresses that have signed in to it
//   (the last 16). The user's own devices keep signing in, so this lock cannot shut a user out of them; the cost is
//   that a user on a new address waits while such an attack goes on. 0 addresses turns it off.
// Refused attempts are not failures: they spend no scrypt and do not lengthen a lock.

export interface ThrottleLimits {
  /** Free failures of one address for one account before that address must wait for that account. */
  failuresPerAccount: number;
  /** Free failures of one address over all accounts before that address must wait for any account. */
  failuresPerAddress: number;
  /** Distinct failing addresses that close an account to addresses it has never signed in from; 0: never. */
  accountLockAddresses: number;
}

export interface LoginThrottle {
  /** Seconds `address` must still wait before trying `username`, 0 when it may try. */
  retryAfter(address: string, username: string): Promise<number>;
  failed(address: string, username: string): Promise<void>;
  succeeded(address: string, username: string): Promise<void>;
}

/** The same throttle, answering at once: what a process counted by itself (shared-throttle.ts falls back to it). */
export type LocalThrottle = { [K in keyof LoginThrottle]: (address: string, username: string) => Awaited<ReturnType<LoginThrottle[K]>> };

const BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
export const FORGET_AFTER_MS = 60 * 60 * 1000;
export const MAX_TRACKED = 10_000; // keys per table: usernames and addresses come from anyone, so memory is capped
export const KNOWN_ADDRESSES_PER_ACCOUNT = 16; // a user's tablets and phones, with room for changing DHCP leases

export const accountKey = (username: string) => username.trim().toLowerCase();
export const pairKey = (address: string, account: string) => `${address} ${account}`; // an address has no space

/** When the lock earned by `count` failures (`free` of them free), the last at `last`, ends; 0: no lock. */
export function failureLockedUntil(count: number, last: number, free: number): number {
  if (count < free) return 0;
  return last + Math.min(MAX_LOCK_SECONDS, BASE_LOCK_SECONDS * 2 ** (count - free)) * 1000;
}

/**
 * When an account whose distinct addresses last failed at `times` opens again to unknown addresses: once fewer than
 * `lockAddresses` of those failures are younger than an hour; 0: it is open. Only the `lockAddresses` most recent
 * times matter.
 */
export function accountLockedUntil(times: readonly number[], lockAddresses: number, now: number): number {
  if (lockAddresses === 0) return 0;
  const recent = times.filter((time) => now - time < FORGET_AFTER_MS).sort((a, b) => a - b);
  const freedAt = recent[recent.length - lockAddresses]; // when it expires, one address fewer than the lock needs
  return freedAt === undefined ? 0 : freedAt + FORGET_AFTER_MS;
}

/** Whole seconds from `now` until `until`, 0 once it has passed. */
export const secondsUntil = (until: number, now: number): number => Math.max(0, Math.ceil((until - now) / 1000));

/** A Map that keeps its most recently touched MAX entries (insertion order is recency: touch re-inserts). */
export class RecentMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  touch(key: K, value: V): this {
    this.delete(key);
    super.set(key, value);
    for (const oldest of this.keys()) {
      if (this.size <= this.max) break;
      this.delete(oldest);
    }
    return this;
  }
}

interface Failures {
  count: number;
  last: number;
}

/** Failures per key and the lock they earned (failureLockedUntil). */
function failureLedger(free: number, now: () => number) {
  const table = new RecentMap<string, Failures>(MAX_TRACKED);
  const current = (key: string) => {
    const found = table.get(key);
    if (found && now() - found.last > FORGET_AFTER_MS) table.delete(key);
    return table.get(key);
  };
  return {
    retryAfter(key: string): number {
      const found = current(key);
      return found ? secondsUntil(failureLockedUntil(found.count, found.last, free), now()) : 0;
    },
    failed(key: string): void {
      const found = current(key);
      table.touch(key, { count: (found?.count ?? 0) + 1, last: now() });
    },
    clear(key: string): void {
      table.delete(key);
    },
  };
}

/** Per account: when each address last failed on it, and the addresses that have signed in to it. */
function accountLedger(lockAddresses: number, now: () => number) {
  const failingAddresses = new RecentMap<string, RecentMap<string, number>>(MAX_TRACKED);
  const knownAddresses = new RecentMap<string, RecentMap<string, true>>(MAX_TRACKED);
  return {
    retryAfter(account: string, address: string): number {
      if (knownAddresses.get(account)?.has(address)) return 0;
      const times = [...(failingAddresses.get(account)?.values() ?? [])];
      return secondsUntil(accountLockedUntil(times, lockAddresses, now()), now());
    },
    failed(account: string, address: string): void {
      if (lockAddresses === 0) return;
      const addresses = failingAddresses.get(account) ?? new RecentMap<string, number>(Math.max(lockAddresses, 1) * 4);
      failingAddresses.touch(account, addresses.touch(address, now()));
    },
    succeeded(account: string, address: string): void {
      const addresses = knownAddresses.get(account) ?? new RecentMap<string, true>(KNOWN_ADDRESSES_PER_ACCOUNT);
      knownAddresses.touch(account, addresses.touch(address, true));
    },
  };
}

/** The rules over this process's own counts, answering synchronously. */
export function createLocalThrottle(limits: ThrottleLimits, now: () => number = Date.now): LocalThrottle {
  const pairs = failureLedger(limits.failuresPerAccount, now);
  const addresses = failureLedger(limits.failuresPerAddress, now);
  const accounts = accountLedger(limits.accountLockAddresses, now);

  return {
    retryAfter(address, username) {
      const account = accountKey(username);
      return Math.max(pairs.retryAfter(pairKey(address, account)), addresses.retryAfter(address), accounts.retryAfter(account, address));
    },
    failed(address, username) {
      const account = accountKey(username);
      pairs.failed(pairKey(address, account));
      addresses.failed(address);
      accounts.failed(account, address);
    },
    // The address's own count stays: signing in to one's own account must not buy more guesses at others'.
    succeeded(address, username) {
      const account = accountKey(username);
      pairs.clear(pairKey(address, account));
      accounts.succeeded(account, address);
    },
  };
}

/** The in-memory throttle of a single process: a restart forgets, which is acceptable for a small staff tool. */
export function createLoginThrottle(limits: ThrottleLimits, now: () => number = Date.now): LoginThrottle {
  const local = createLocalThrottle(limits, now);
  return {
    retryAfter: async (address, username) => local.retryAfter(address, username),
    failed: async (address, username) => local.failed(address, username),
    succeeded: async (address, username) => local.succeeded(address, username),
  };
}
