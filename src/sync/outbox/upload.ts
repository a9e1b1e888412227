// The outbox's upload path (spec §7, DESIGN §4): an upload entry goes as a multipart POST of its file (kept in
// IndexedDB) and text fields (with no file, a JSON POST of its fields: a background removal), with the bearer token
// and `Idempotency-Key: {clientMsgId}`, so the server stores it once however often it is sent. The ONLY module that calls fetch (lint keeps it so); tests pass their own. It
// reports what the server answered; the replayer decides what that means for the entry.
import { z } from 'zod';
import { AUTHORIZATION_HEADER, bearer } from '../../protocol/auth';
import { ErrorCode } from '../../protocol/error-codes';
import { IDEMPOTENCY_KEY_HEADER } from '../../protocol/http';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../protocol/version';
import type { Replica } from '../replica/replica';
import { blobOf, type UploadEntry } from './entry';
import { decodeBody } from '../../protocol/body';
import { ClientMessages } from '../../protocol/messages';

/** The part of fetch used here. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** The page's fetch, looked up at each call. */
export const browserFetch: FetchLike = (url, init) => fetch(url, init);

export type UploadOutcome =
  /** The server answered: its status as an error code (any 2xx is OK), its message, its JSON (or text) body. */
  | { readonly kind: 'answered'; readonly code: number; readonly message: string; readonly body: unknown }
  /** No answer (network down, connection reset): send again later, same key. */
  | { readonly kind: 'unreachable'; readonly message: string }
  /** The entry cannot be sent as stored (its file is gone): sending again cannot help. */
  | { readonly kind: 'unsendable'; readonly message: string }
  /** The replayer stopped while the request was under way (the entry goes again later, same key). */
  | { readonly kind: 'stopped' };

export const FILE_PART = 'file'; // spec §7: the multipart part holding the file
const COME_BACK_LATER: readonly number[] = [408, 429]; // timeout, too many requests: the request may succeed later

const FieldsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

function codeOf(status: number): number {
  if (status >= 200 && status < 300) return ErrorCode.OK;
  return COME_BACK_LATER.includes(status) ? ErrorCode.SERVICE_UNAVAILABLE : status;
}

function messageOf(response: Response, body: unknown): string {
  const message: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'message') : undefined;
  if (typeof message === 'string' && message !== '') return message;
  if (response.status === ErrorCode.FORBIDDEN) return ClientMessages.forbidden;
  return `HTTP ${response.status}${response.statusText === '' ? '' : ` ${response.statusText}`}`;
}

/** What an entry sends: its file and text fields as a multipart form (the file first, spec §7: file, UPC, SKU), or
 *  with no file its fields as JSON; a string says why it cannot be sent. */
async function requestBodyOf(db: Replica, entry: UploadEntry): Promise<{ body: FormData | string; type?: string } | { unsendable: string }> {
  const fields = FieldsSchema.safeParse(entry.body);
  if (!fields.success) return { unsendable: 'The fields of this upload are unreadable.' };
  if (entry.blobRef === undefined) return { body: JSON.stringify(fields.data), type: 'application/json' };
  const file = await db.outboxFiles.get(entry.blobRef);
  if (file === undefined) return { unsendable: 'The file of this upload is no longer on this device.' };
  const form = new FormData();
  form.append(FILE_PART, blobOf(file), file.name);
  for (const [name, value] of Object.entries(fields.data)) form.append(name, String(value));
  return { body: form };
}

/** POSTs an upload entry once and says how it went. */
export async function postUpload(db: Replica, entry: UploadEntry, token: string, signal: AbortSignal, fetchFn: FetchLike = browserFetch): Promise<UploadOutcome> {
  const request = await requestBodyOf(db, entry);
  if ('unsendable' in request) return { kind: 'unsendable', message: request.unsendable };
  try {
    const response = await fetchFn(entry.destination, {
      method: 'POST',
      body: request.body,
      headers: {
        [AUTHORIZATION_HEADER]: bearer(token),
        [IDEMPOTENCY_KEY_HEADER]: entry.clientMsgId,
        [PROTOCOL_HEADER]: String(PROTOCOL_VERSION),
        ...(request.type === undefined ? {} : { 'Content-Type': request.type }),
      },
      credentials: 'include',
      signal,
    });
    const body = decodeBody(await response.text());
    if (!response.ok) {
      // Spec §7: a non-OK reply is logged with its status; 403 reads as an invalid token or no permission.
      const reading = response.status === ErrorCode.FORBIDDEN ? `: ${ClientMessages.forbidden}` : '';
      console.warn(`upload: ${entry.destination} answered ${response.status}${reading}`);
    }
    return { kind: 'answered', code: codeOf(response.status), message: messageOf(response, body), body };
  } catch (error) {
    if (signal.aborted) return { kind: 'stopped' };
    return { kind: 'unreachable', message: `Could not reach the server: ${error instanceof Error ? error.message : String(error)}` };
  }
}
