// One holder at a time for a named job across the device's tabs (DESIGN §4: one outbox replayer). Web Locks
// where the browser has them: the lock is released when its tab dies, and the next waiting tab takes over.
// Without them (node tests, old browsers) an in-process queue gives the same guarantee within one page.

/** The part of the Web Locks API used here. */
export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

/** The in-process stand-in: jobs of one name run one after the other. */
export function createInProcessLocks(): LockManagerLike {
  const held = new Map<string, Promise<void>>();
  return {
    request(name, { signal }, callback) {
      const previous = held.get(name) ?? Promise.resolve();
      const turn = previous.then(() => (signal?.aborted ? undefined : callback()));
      held.set(name, turn.catch(() => undefined));
      return turn;
    },
  };
}

const inProcessLocks = createInProcessLocks();

function isLockManager(value: unknown): value is LockManagerLike {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'request') === 'function';
}

/** `navigator.locks` where there is one (read without the DOM types, so node code can import this module). */
export function deviceLocks(): LockManagerLike {
  const navigatorObject: unknown = Reflect.get(globalThis, 'navigator');
  const locks: unknown = typeof navigatorObject === 'object' && navigatorObject !== null ? Reflect.get(navigatorObject, 'locks') : undefined;
  return isLockManager(locks) ? locks : inProcessLocks;
}

/**
 * Runs `job` while holding the lock `name`; resolves when the job ends, or at once when `signal` aborts
 * before the lock was granted.
 */
export async function withLock(locks: LockManagerLike, name: string, signal: AbortSignal, job: () => Promise<void>): Promise<void> {
  try {
    await locks.request(name, { signal }, job);
  } catch (error) {
    if (signal.aborted) return; // gave up waiting: another tab keeps replaying
    throw error;
  }
}
