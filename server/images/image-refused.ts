// The one error the image pipeline throws on purpose: a file it will not (or cannot now) turn into variants, with the
// person's sentence from ImageMessages as its message. Never carries sharp's or libvips' own words.
import { ErrorCode } from '../../src/protocol/error-codes';

export type ImageRefusalReason = 'empty' | 'tooLarge' | 'notImage' | 'svg' | 'tooManyPixels' | 'unreadable' | 'tooSlow' | 'busy' | 'storageUnavailable';

/** Reasons of the moment, not of the file: the same image succeeds later. */
const TRANSIENT: readonly ImageRefusalReason[] = ['busy', 'storageUnavailable'];

export class ImageRefused extends Error {
  /**
   * BAD_REQUEST for the file itself (sending it again cannot succeed: the outbox marks it dead), SERVICE_UNAVAILABLE
   * when the server is busy or its image storage is not answering (the same upload succeeds later: the outbox retries it).
   */
  readonly code: 'BAD_REQUEST' | 'SERVICE_UNAVAILABLE';
  /** The HTTP status for server/http/errors.ts, which answers a 4xx with this message. */
  readonly statusCode: number;

  constructor(
    readonly reason: ImageRefusalReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ImageRefused';
    this.code = TRANSIENT.includes(reason) ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST';
    this.statusCode = ErrorCode[this.code];
  }
}
