// The one error a store adapter throws: its message is the person's sentence (StoreMessages), its code the reply's
// error code, so a handler answers it as is. The store's own words stay in `storeCode` for the log.
import type { ErrorCodeName } from '../../src/protocol/error-codes';

/**
 * BAD_REQUEST: the store refused what we sent (sending it again cannot succeed: the outbox sets it aside).
 * NOT_FOUND: no such product or category. SERVICE_UNAVAILABLE: the store failed us (down, busy, slow, our key
 * refused): the same request can succeed later, so the outbox keeps it.
 */
export type StoreErrorCode = Extract<ErrorCodeName, 'BAD_REQUEST' | 'NOT_FOUND' | 'SERVICE_UNAVAILABLE'>;

export class StoreError extends Error {
  constructor(
    message: string,
    readonly code: StoreErrorCode,
    /** WooCommerce's error code ('product_invalid_sku', …) or our own ('timeout', 'network', 'unreadable'). */
    readonly storeCode: string,
    /** The store's HTTP status; 0 when it never answered. */
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}
