// Images for the images suites: a photo made with sharp, and the two HTTP operations (spec §7) sent as the outbox
// sends them, with a bearer token and an Idempotency-Key.
import sharp from 'sharp';
import { PROTOCOL_HEADER } from '../../src/protocol/version';
import { AUTHORIZATION_HEADER, bearer } from '../../src/protocol/auth';
import { ApiPath, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../src/protocol/http';
import { uniqueName } from './staff';

/** A small JPEG photo: a coloured square on a light backdrop, `width` × `height`. */
export async function photo(width = 640, height = 480, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const square = await sharp({ create: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 3, background: '#c0392b' } }).png().toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: '#f4f4f4' } }).composite([{ input: square, gravity: 'centre' }]);
  return format === 'jpeg' ? image.jpeg().toBuffer() : image.png().toBuffer();
}

export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly replayed: boolean;
}

async function answerOf(response: Response): Promise<HttpAnswer> {
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown), replayed: response.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true' };
}

export interface UploadRequest {
  readonly file: Buffer | string;
  readonly fileName?: string;
  readonly type?: string;
  readonly UPC?: string;
  readonly SKU?: string;
  readonly key?: string;
  /** The lotdesk-protocol header: the version the upload is sent as (none: the current one). */
  readonly protocol?: string;
}

/** POST /api/upload-file: the file first, then the text fields (spec §7: file, UPC, SKU). */
export async function upload(baseUrl: string, token: string, request: UploadRequest): Promise<HttpAnswer> {
  const form = new FormData();
  form.append('file', new Blob([request.file], { type: request.type ?? 'image/jpeg' }), request.fileName ?? 'photo.jpg');
  if (request.UPC !== undefined) form.append('UPC', request.UPC);
  if (request.SKU !== undefined) form.append('SKU', request.SKU);
  const headers: Record<string, string> = { [AUTHORIZATION_HEADER]: bearer(token), [IDEMPOTENCY_KEY_HEADER]: request.key ?? uniqueName('device:upload') };
  if (request.protocol !== undefined) headers[PROTOCOL_HEADER] = request.protocol;
  return answerOf(await fetch(`${baseUrl}${ApiPath.uploadFile}`, { method: 'POST', body: form, headers }));
}

/** POST /api/remove-bg-image with {attachmentId}. */
export async function removeBackground(baseUrl: string, token: string, attachmentId: unknown, key = uniqueName('device:nobg')): Promise<HttpAnswer> {
  const headers = { [AUTHORIZATION_HEADER]: bearer(token), [IDEMPOTENCY_KEY_HEADER]: key, 'Content-Type': 'application/json' };
  return answerOf(await fetch(`${baseUrl}${ApiPath.removeBgImage}`, { method: 'POST', body: JSON.stringify({ attachmentId }), headers }));
}
