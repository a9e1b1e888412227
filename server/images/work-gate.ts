// Bounds how many images are decoded at once and how many wait for their turn. Owns only the counting: it never
// knows what the work is, and never lets a waiter overtake the queue.

export interface ImageWorkLimits {
  /** Images processed at once. Each holds its decoded pixels (up to maxPixels × 4 bytes) and libvips threads. */
  concurrency: number;
  /** Images waiting for a running one to end; beyond it, an image is refused at once (busy) instead of queueing. */
  queue: number;
}

/**
 * 2 at once on a small server (sharp already spreads one image over every core), 4 waiting: one tablet's burst.
 * Each image runs its five variants as five tasks on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says
 * otherwise), the pool file reads and scrypt use too: this bound is also what keeps those from waiting long.
 */
export const DEFAULT_IMAGE_WORK: ImageWorkLimits = { concurrency: 2, queue: 4 };

export type GateResult<T> = { busy: true } | { busy: false; value: T };

export interface WorkGate {
  /**
   * Runs `work` when a slot is free (first come, first served), or answers `{busy: true}` at once when the queue is
   * full. The slot is taken synchronously when one is free. An abort while waiting leaves the queue and rejects
   * with the signal's reason; work already running is not interrupted (sharp cannot be stopped midway).
   */
  run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<GateResult<T>>;
}

export function createWorkGate(limits: ImageWorkLimits): WorkGate {
  let running = 0;
  const waiting: Array<() => void> = [];

  /** A finished run hands its slot straight to the first waiter, so a newcomer cannot overtake the queue. */
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  const waitForSlot = (signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = waiting.indexOf(granted);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal?.reason);
      };
      const granted = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      waiting.push(granted);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  return {
    async run(work, signal) {
      signal?.throwIfAborted();
      if (running < limits.concurrency) running += 1;
      else if (waiting.length >= limits.queue) return { busy: true };
      else await waitForSlot(signal);
      try {
        return { busy: false, value: await work() };
      } finally {
        release();
      }
    },
  };
}
