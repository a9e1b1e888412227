// Multipart request bodies (spec §7: POST /api/upload-file sends file, UPC, SKU). The whole form is read before the
// handler runs (a preValidation step), within the limits below, so an idempotent handler's transaction never waits
// for an upload to arrive. This module turns that body into plain fields and files, and a body that cannot be read
// as a form (no boundary, cut short, garbage) into a 400 with a plain message, never a 500: it is the client's.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ImageMessages, ServerMessages } from '../../src/protocol/messages';

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

/** A multipart body the parser could not read: answered 400 by the JSON error handler (server/http/errors.ts). */
export class MalformedMultipartError extends Error {
  readonly statusCode = ErrorCode.BAD_REQUEST;
  constructor(cause: unknown) {
    super(ServerMessages.malformedMultipart, { cause });
    this.name = 'MalformedMultipartError';
  }
}

/** A file over UPLOAD_MAX_BYTES: 413, naming the file as the image messages do. */
export class FileTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(fileName: string) {
    super(ImageMessages.tooLarge(fileName === '' ? 'The file' : fileName, UPLOAD_MAX_BYTES));
    this.name = 'FileTooLargeError';
  }
}

const isFileTooLarge = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && Reflect.get(error, 'code') === 'FST_REQ_FILE_TOO_LARGE';

/** The forms read so far, by request: filled before the handler runs, gone with the request. */
const forms = new WeakMap<FastifyRequest, MultipartForm>();

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: UPLOAD_MAX_FILES, fields: UPLOAD_MAX_FIELDS },
  });
  // After onRequest (a refused request is never read), before the handler.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) forms.set(request, await readForm(request));
  });
}

/** A 4xx the plugin raised on purpose (a limit reached: 413; a forbidden field name: 400): it already says why. */
function isClientError(error: unknown): boolean {
  const status: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'statusCode') : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

async function readForm(request: FastifyRequest): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let fileName = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Read into memory now (within UPLOAD_MAX_BYTES): the parser moves on only once a file part is consumed.
        fileName = part.filename;
        const data = await part.toBuffer();
        files.push({ fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The limit is met while the file part is read, or (its stream ended by the limit) on the next step of the parts.
    if (isFileTooLarge(error)) throw new FileTooLargeError(fileName);
    // Anything else the parser throws (busboy's "Boundary not found", "Unexpected end of multipart data") is about
    // the bytes the client sent.
    throw isClientError(error) ? error : new MalformedMultipartError(error);
  }
  return { fields, files };
}

/** The form of a multipart request, or undefined when the request is not multipart. */
export function multipartForm(request: FastifyRequest): Promise<MultipartForm | undefined> {
  return Promise.resolve(forms.get(request));
}
