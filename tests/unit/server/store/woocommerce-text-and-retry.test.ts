// The WooCommerce adapter's pure parts: the store's HTML made plain, and when to try again.
import { describe, expect, it } from 'vitest';
import { decodeEntities, plainText } from '../../../../server/store/woocommerce/plain-text';
import { delayBeforeRetry, isRetryableStatus, retryAfterMs } from '../../../../server/store/woocommerce/retry';

describe('plain text of the store', () => {
  it('decodes the entities WordPress writes and leaves unknown ones', () => {
    expect(decodeEntities('Home &amp; Kitchen &#8211; Kids&#039; &#x2019;s &bogus; &#0;')).toBe("Home & Kitchen – Kids' ’s &bogus; &#0;");
  });

  it('drops tags, collapses spaces and caps the length', () => {
    expect(plainText('<strong>Error</strong>:   Invalid &amp;\n duplicated SKU.')).toBe('Error : Invalid & duplicated SKU.');
    expect(plainText('x'.repeat(1000))).toHaveLength(300);
  });
});

describe('retries', () => {
  const policy = { attempts: 3, backoffMs: 100, maxDelayMs: 1000 };

  it('retries 429 and 5xx only', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-25T18:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 18:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 17:00:00 GMT', now)).toBe(0);
    expect([retryAfterMs(null, now), retryAfterMs('soon', now), retryAfterMs('', now)]).toEqual([undefined, undefined, undefined]);
  });

  it('backs off exponentially within bounds, and stops after the last try', () => {
    for (let round = 0; round < 50; round += 1) {
      expect(delayBeforeRetry(policy, 1, undefined)).toBeGreaterThanOrEqual(50);
      expect(delayBeforeRetry(policy, 1, undefined)).toBeLessThanOrEqual(100);
      expect(delayBeforeRetry(policy, 2, undefined)).toBeGreaterThanOrEqual(100);
      expect(delayBeforeRetry(policy, 2, undefined)).toBeLessThanOrEqual(200);
    }
    expect(delayBeforeRetry(policy, 3, undefined)).toBeUndefined();
  });

  it("waits the store's Retry-After, but not longer than the cap", () => {
    expect(delayBeforeRetry(policy, 1, 400)).toBe(400);
    expect(delayBeforeRetry(policy, 1, 5000)).toBeUndefined();
    expect(delayBeforeRetry({ ...policy, backoffMs: 800 }, 2, undefined)).toBeLessThanOrEqual(1000);
  });
});
