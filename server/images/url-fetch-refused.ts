// The one error save-image-by-URL throws: its message is the user's text (UrlFetchMessages, ImageMessages, or the
// caller's accept() refusal) and its code the reply's error code, so the handler answers it as is.
import type { ErrorCodeName } from '../../src/protocol/error-codes';

/** BAD_REQUEST: the address or what it serves is refused. SERVICE_UNAVAILABLE: the host failed us (time, network, 5xx). */
export type UrlFetchRefusalCode = Extract<ErrorCodeName, 'BAD_REQUEST' | 'SERVICE_UNAVAILABLE'>;

export class UrlFetchRefused extends Error {
  constructor(message: string, readonly code: UrlFetchRefusalCode = 'BAD_REQUEST') {
    super(message);
    this.name = 'UrlFetchRefused';
  }
}
