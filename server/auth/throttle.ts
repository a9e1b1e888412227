// Login throttling by source address and by account, so that nobody can lock an account out for everyone else.
// In memory: a restart forgets, which is acceptable for a small staff tool. Never touches passwords or the database.
//
// Failures are counted three ways (each key forgotten an hour after its last failure):
// - per (address, account): a person mistyping gets a few free tries, then that address waits for that account
//   (30 s, doubling per further failure, up to 15 min). Another address is not affected.
// - per address, over all accounts: an address spraying usernames is stopped the same way, whatever it guesses.
// - per account, by distinct addresses: only failures spread over many addresses (a distributed guess, which the
//   two counters above cannot see as one) close the account — and only to addresses that have never signed in to
//   it. The user's own devices keep signing in, so this lock cannot shut a user out of them; the cost is that a
//   user on a new address waits while such an attack goes on. 0 addresses turns it off.
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
  retryAfter(address: string, username: string): number;
  failed(address: string, username: string): void;
  succeeded(address: string, username: string): void;
}

const BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
const FORGET_AFTER_MS = 60 * 60 * 1000;
const MAX_TRACKED = 10_000; // keys per table: usernames and addresses come from anyone, so memory is capped
const KNOWN_ADDRESSES_PER_ACCOUNT = 16; // a user's tablets and phones, with room for changing DHCP leases

const accountKey = (username: string) => username.trim().toLowerCase();

/** A Map that keeps its most recently touched MAX entries (insertion order is recency: touch re-inserts). */
class RecentMap<K, V> extends Map<K, V> {
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
  lockedUntil: number;
  last: number;
}

/** Failures per key and the lock they earned: after `free` failures, 30 s doubling per further one, up to 15 min. */
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
      return found ? Math.max(0, Math.ceil((found.lockedUntil - now()) / 1000)) : 0;
    },
    failed(key: string): void {
      const found = current(key) ?? { count: 0, lockedUntil: 0, last: 0 };
      found.count += 1;
      found.last = now();
      if (found.count >= free) {
        const seconds = Math.min(MAX_LOCK_SECONDS, BASE_LOCK_SECONDS * 2 ** (found.count - free));
        found.lockedUntil = now() + seconds * 1000;
      }
      table.touch(key, found);
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
    /** Seconds until fewer than `lockAddresses` distinct addresses have failed within the hour; 0 for a known address. */
    retryAfter(account: string, address: string): number {
      if (lockAddresses === 0 || knownAddresses.get(account)?.has(address)) return 0;
      const times = [...(failingAddresses.get(account)?.values() ?? [])].filter((time) => now() - time <= FORGET_AFTER_MS).sort((a, b) => a - b);
      const freedAt = times[times.length - lockAddresses]; // when it expires, one address fewer than the lock needs
      return freedAt === undefined ? 0 : Math.max(1, Math.ceil((freedAt + FORGET_AFTER_MS - now()) / 1000));
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

export function createLoginThrottle(limits: ThrottleLimits, now: () => number = Date.now): LoginThrottle {
  const pairs = failureLedger(limits.failuresPerAccount, now);
  const addresses = failureLedger(limits.failuresPerAddress, now);
  const accounts = accountLedger(limits.accountLockAddresses, now);
  const pairKey = (address: string, account: string) => `${address} ${account}`; // an address has no space

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
