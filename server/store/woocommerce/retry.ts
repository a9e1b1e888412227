// When to ask the store again: 429 and 5xx answers, with exponential backoff or the store's own Retry-After.
import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

export interface RetryPolicy {
  /** Tries per request, the first included. */
  readonly attempts: number;
  /** The wait before the second try; doubled for each further one. */
  readonly backoffMs: number;
  /** The longest wait between tries. A Retry-After above it ends the tries at once: waiting less would be refused again. */
  readonly maxDelayMs: number;
}

/** A 429 (too many requests) or a 5xx (the store or its proxy failed): the same request can succeed later. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** Retry-After in ms: delta seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before try `attempt + 1` (attempt counts from 1), or undefined when there is no further try. Half the
 * backoff is random so several servers (or a queue of lots) that failed together do not come back together.
 */
export function delayBeforeRetry(policy: RetryPolicy, attempt: number, retryAfter: number | undefined): number | undefined {
  if (attempt >= policy.attempts) return undefined;
  if (retryAfter !== undefined) return retryAfter > policy.maxDelayMs ? undefined : retryAfter;
  const backoff = Math.min(policy.backoffMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return backoff / 2 + Math.random() * (backoff / 2);
}
