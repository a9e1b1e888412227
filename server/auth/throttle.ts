// Login throttling per username: after a few failures the username is locked out for a while, growing with
// each further failure. In memory: a restart forgets, which is acceptable for a small staff tool.
export interface LoginThrottle {
  /** Seconds the username must still wait, 0 when it may try. */
  retryAfter(username: string): number;
  failed(username: string): void;
  succeeded(username: string): void;
}

const FREE_ATTEMPTS = 5; // a person mistyping a few times is not locked out
const BASE_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;
const FORGET_AFTER_MS = 60 * 60 * 1000;

export function createLoginThrottle(now: () => number = Date.now): LoginThrottle {
  const failures = new Map<string, { count: number; lockedUntil: number; last: number }>();
  const key = (username: string) => username.trim().toLowerCase();

  const entry = (username: string) => {
    const found = failures.get(key(username));
    if (found && now() - found.last > FORGET_AFTER_MS) {
      failures.delete(key(username));
      return undefined;
    }
    return found;
  };

  return {
    retryAfter(username) {
      const found = entry(username);
      return found ? Math.max(0, Math.ceil((found.lockedUntil - now()) / 1000)) : 0;
    },
    failed(username) {
      const found = entry(username) ?? { count: 0, lockedUntil: 0, last: 0 };
      found.count += 1;
      found.last = now();
      if (found.count >= FREE_ATTEMPTS) {
        const seconds = Math.min(MAX_LOCK_SECONDS, BASE_LOCK_SECONDS * 2 ** (found.count - FREE_ATTEMPTS));
        found.lockedUntil = now() + seconds * 1000;
      }
      failures.set(key(username), found);
    },
    succeeded(username) {
      failures.delete(key(username));
    },
  };
}
