// Multipart request bodies (spec §7: POST /api/upload-file sends file, UPC, SKU). @fastify/multipart reads the
// whole form before the handler runs (attachFieldsToBody), within the limits below, so an idempotent handler's
// transaction never waits for an upload to arrive. This module turns that body into plain fields and files.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024; // a phone photo is a few MiB; room for a large original
const UPLOAD_MAX_FILES = 1; // spec §7: one file per upload
const UPLOAD_MAX_FIELDS = 20; // UPC and SKU, and room to grow

export interface UploadedFile {
  readonly fieldname: string;
  readonly filename: string;
  readonly mimetype: string;
  readonly data: Buffer;
}

export interface MultipartForm {
  /** Text fields; a field sent twice keeps its last value. */
  readonly fields: Readonly<Record<string, string>>;
  readonly files: readonly UploadedFile[];
}

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    attachFieldsToBody: true,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: UPLOAD_MAX_FIELDS },
  });
}

const field = (part: unknown, name: string): unknown => (typeof part === 'object' && part !== null ? Reflect.get(part, name) : undefined);

/** The form of a multipart request, or undefined when the request is not multipart. */
export async function multipartForm(request: FastifyRequest): Promise<MultipartForm | undefined> {
  if (!request.isMultipart() || typeof request.body !== 'object' || request.body === null) return undefined;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts: unknown[] = Object.values(request.body).flat();
  for (const part of parts) {
    const fieldname = String(field(part, 'fieldname'));
    const value = field(part, 'value');
    const toBuffer = field(part, 'toBuffer');
    if (field(part, 'type') === 'field' && typeof value === 'string') fields[fieldname] = value;
    if (field(part, 'type') === 'file' && typeof toBuffer === 'function') {
      // Already read into memory by the plugin; toBuffer() hands back that buffer.
      const data: unknown = await toBuffer.call(part);
      if (!Buffer.isBuffer(data)) continue;
      files.push({ fieldname, filename: String(field(part, 'filename')), mimetype: String(field(part, 'mimetype')), data });
    }
  }
  return { fields, files };
}
