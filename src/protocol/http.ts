// The HTTP side of the wire (spec §7, DESIGN §4): the two operations' paths and the headers of an HTTP
// mutation. Wire names only; the upload's text fields are UploadFieldsSchema (images.ts).
import { CLIENT_MSG_ID_MAX } from './auth';

/** The spec's two HTTP operations (spec §7). */
export const ApiPath = {
  uploadFile: '/api/upload-file',
  removeBgImage: '/api/remove-bg-image',
} as const;
export type ApiPath = (typeof ApiPath)[keyof typeof ApiPath];

/** Names the request on every mutating /api/ call: the outbox sends its entry's client-msg-id here. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Same limit as client-msg-id: the key is recorded beside it (DESIGN §4). */
export const IDEMPOTENCY_KEY_MAX = CLIENT_MSG_ID_MAX;
/** On an answer replayed from the record ('true'): the request changed nothing this time. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
