// An S3 API emulator of our own (issue 18), in the style of the WooCommerce contract server: a real node:http server on
// 127.0.0.1 speaking, path-style, the REST subset the image storage uses (PUT, GET, HEAD and DELETE of
// /{bucket}/{key}, POST /{bucket}?delete with S3's XML), with S3's XML errors and status codes. Every request must be
// signed (SigV4, checked in full: ./s3-signature.ts) with its access key; objects live in memory. Faults (the next N
// requests answer 503 SlowDown, or hang) serve the tests of a failing S3.
import { createHash, randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { checkSignature, payloadMatches } from './s3-signature';

export type S3Fault = { readonly kind: '503' } | { readonly kind: 'hang' };

export interface StoredObject {
  readonly body: Buffer;
  readonly contentType: string;
}

export interface SeenS3Request {
  readonly method: string;
  readonly path: string;
  readonly query: string;
}

export interface S3Emulator {
  /** S3_ENDPOINT. */
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** The IMAGE_STORAGE=s3 settings that reach this emulator's bucket (S3_PREFIX added by the caller if wanted). */
  readonly env: Readonly<Record<string, string>>;
  readonly requests: SeenS3Request[];
  /** The keys stored in `bucket` (the emulator's own by default), sorted. */
  keys(bucket?: string): string[];
  object(key: string, bucket?: string): StoredObject | undefined;
  /** Stores an object directly, as another client of the bucket would. */
  putObject(key: string, object: StoredObject): void;
  /** The next `count` requests meet this fault, before authentication, as a failing front end would. */
  fail(fault: S3Fault, count: number): void;
  /** Forgets the faults not met yet. */
  heal(): void;
  stop(): Promise<void>;
}

/** S3 accepts up to 5 GB in one PUT; images are far smaller, and this keeps a runaway test's memory bounded. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** DeleteObjects takes at most 1000 keys (S3 answers MalformedXML past it). */
const MAX_DELETE_KEYS = 1000;

class S3Refusal extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly resource = '') {
    super(message);
  }
}

const noSuchBucket = (bucket: string) => new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist', bucket);
const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const xmlUnescape = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) =>
    ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name] ?? String.fromCodePoint(Number(name.startsWith('#x') ? `0${name.slice(1)}` : name.slice(1))));
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

export async function startS3Emulator(options: { bucket?: string; buckets?: readonly string[] } = {}): Promise<S3Emulator> {
  const bucket = options.bucket ?? 'lotdesk-images';
  const buckets = new Map<string, Map<string, StoredObject>>([bucket, ...(options.buckets ?? [])].map((name) => [name, new Map()]));
  const accessKeyId = `AKIAEMULATOR${randomBytes(4).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString('base64');
  const secrets = new Map([[accessKeyId, secretAccessKey]]);
  const faults: S3Fault[] = [];
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const emulator: S3Emulator = {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: { IMAGE_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_FORCE_PATH_STYLE: 'true', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey },
    requests: [],
    keys: (name = bucket) => [...(buckets.get(name)?.keys() ?? [])].sort(),
    object: (key, name = bucket) => buckets.get(name)?.get(key),
    putObject: (key, object) => void buckets.get(bucket)?.set(key, object),
    fail: (fault, count) => faults.push(...Array.from({ length: count }, () => fault)),
    heal: () => faults.splice(0),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const [path = '/', query = ''] = (request.url ?? '/').split(/\?(.*)/s);
    emulator.requests.push({ method: request.method ?? 'GET', path, query });
    const fault = faults.shift();
    if (fault?.kind === 'hang') return; // never answers; stop() closes the socket
    readBody(request)
      .then((body) => {
        if (fault?.kind === '503') throw new S3Refusal(503, 'SlowDown', 'Please reduce your request rate.');
        const refused = checkSignature({ method: request.method ?? 'GET', url: request.url ?? '/', headers: request.headers }, secrets);
        if (refused) throw new S3Refusal(refused.status, refused.code, refused.message);
        if (!payloadMatches(request.headers, body)) throw new S3Refusal(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
        answer(buckets, request, response, decodeURIComponent(path), query, body);
      })
      .catch((error: unknown) => sendError(response, request, error instanceof S3Refusal ? error : new S3Refusal(500, 'InternalError', String(error))));
  });
  return emulator;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of request) {
    size += (part as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed object size.');
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}

function sendError(response: ServerResponse, request: IncomingMessage, refusal: S3Refusal): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const headers = { 'content-type': 'application/xml', 'x-amz-request-id': requestId };
  // A HEAD answer has no body: S3 sends the status alone, and the SDK names the error after it.
  if (request.method === 'HEAD') return void response.writeHead(refusal.status, headers).end();
  const resource = refusal.resource === '' ? '' : `<Resource>${xmlEscape(refusal.resource)}</Resource>`;
  response.writeHead(refusal.status, headers).end(xml(`<Error><Code>${refusal.code}</Code><Message>${xmlEscape(refusal.message)}</Message>${resource}<RequestId>${requestId}</RequestId></Error>`));
}

const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

function answer(buckets: Map<string, Map<string, StoredObject>>, request: IncomingMessage, response: ServerResponse, path: string, query: string, body: Buffer): void {
  const [, bucketName = '', key = ''] = /^\/([^/]+)\/?(.*)$/s.exec(path) ?? [];
  const objects = buckets.get(bucketName);
  if (!objects) throw noSuchBucket(bucketName);
  const method = request.method ?? 'GET';
  if (key === '' && method === 'POST' && new URLSearchParams(query).has('delete')) return deleteObjects(objects, request, response, body);
  if (key === '') throw new S3Refusal(501, 'NotImplemented', `${method} on a bucket is not emulated`);
  if (method === 'PUT') {
    objects.set(key, { body, contentType: [request.headers['content-type'] ?? 'binary/octet-stream'].flat().join() });
    return void response.writeHead(200, { etag: etagOf(body) }).end();
  }
  if (method === 'DELETE') {
    objects.delete(key);
    return void response.writeHead(204).end();
  }
  if (method !== 'GET' && method !== 'HEAD') throw new S3Refusal(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  const object = objects.get(key);
  if (!object) throw new S3Refusal(404, 'NoSuchKey', 'The specified key does not exist.', key);
  response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length, etag: etagOf(object.body), 'accept-ranges': 'bytes', 'last-modified': new Date().toUTCString() });
  response.end(method === 'HEAD' ? undefined : object.body);
}

/** Content-MD5 or one x-amz-checksum-* header, as S3 demands of DeleteObjects, checked against the body. */
function checkIntegrity(request: IncomingMessage, body: Buffer): void {
  const md5 = request.headers['content-md5'];
  const crc = request.headers['x-amz-checksum-crc32'];
  if (md5 === undefined && crc === undefined) throw new S3Refusal(400, 'InvalidRequest', 'Missing required header for this request: Content-MD5');
  const crcOf = Buffer.alloc(4);
  crcOf.writeUInt32BE(crc32(body));
  if ((md5 !== undefined && md5 !== createHash('md5').update(body).digest('base64')) || (crc !== undefined && crc !== crcOf.toString('base64'))) {
    throw new S3Refusal(400, 'BadDigest', 'The Content-MD5 or checksum value that you specified did not match what the server received.');
  }
}

function deleteObjects(objects: Map<string, StoredObject>, request: IncomingMessage, response: ServerResponse, body: Buffer): void {
  checkIntegrity(request, body);
  const text = body.toString('utf8');
  const keys = [...text.matchAll(/<Object>\s*<Key>([^<]*)<\/Key>(?:\s*<VersionId>[^<]*<\/VersionId>)?\s*<\/Object>/g)].map(([, key = '']) => xmlUnescape(key));
  if (!/^(<\?xml[^>]*\?>)?\s*<Delete[\s>]/.test(text) || keys.length === 0 || keys.length > MAX_DELETE_KEYS) {
    throw new S3Refusal(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema.');
  }
  const quiet = /<Quiet>\s*true\s*<\/Quiet>/.test(text);
  for (const key of keys) objects.delete(key);
  const deleted = quiet ? '' : keys.map((key) => `<Deleted><Key>${xmlEscape(key)}</Key></Deleted>`).join('');
  response.writeHead(200, { 'content-type': 'application/xml' }).end(xml(`<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`));
}
