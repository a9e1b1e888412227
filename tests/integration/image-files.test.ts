// GET /images/* (server/images/serve.ts) on a bare Fastify over real HTTP, from the disk and from S3 (the emulator): the
// variants with their cache and safety headers, HEAD, the query string ignored; the original, traversal and anything
// else a JSON 404.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJsonErrors } from '../../server/http/errors';
import { registerSecurityHeaders } from '../../server/http/security-headers';
import { IMAGE_CONTENT_SECURITY_POLICY, registerImageFiles } from '../../server/images/serve';
import { variantKeys } from '../../server/images/storage';
import { processImage } from '../../server/images/variants';
import { startStorageUnderTest, type StorageKind, type StorageUnderTest } from '../support/image-storages';

let app: FastifyInstance;
let port: number;
let subject: StorageUnderTest;
let keys: ReturnType<typeof variantKeys>;
let medium: Buffer;
let transparentKey: string;

/** Stores an upload's variants (and its original, never served) in a storage of `kind`, and serves it. */
async function serveFrom(kind: StorageKind) {
  subject = await startStorageUnderTest(kind);
  const { storage } = subject;
  const upload = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#aa5500' } }).jpeg().withExifMerge({ IFD0: { Make: 'Acme Phone' } }).toBuffer();
  const image = await processImage(upload, 'photo.jpg');
  keys = variantKeys(randomUUID(), { original: 'jpg', full: 'jpg', thumbnail: 'jpg', smallImage: 'jpg', medium: 'jpg', large: 'jpg' });
  await storage.put(keys.original, upload, 'image/jpeg');
  for (const name of ['full', 'thumbnail', 'smallImage', 'medium', 'large'] as const) await storage.put(keys[name], image.variants[name].data, 'image/jpeg');
  medium = image.variants.medium.data;
  transparentKey = variantKeys(randomUUID(), { original: 'png', full: 'png', thumbnail: 'png', smallImage: 'png', medium: 'png', large: 'png' }).thumbnail;
  await storage.put(transparentKey, await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer(), 'image/png');
  subject.plantOutside('secret.txt', 'not for you');

  app = Fastify();
  registerSecurityHeaders(app);
  registerJsonErrors(app);
  registerImageFiles(app, storage);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}

interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw HTTP exchange: the path goes out exactly as written (no client-side clean-up of '..'). */
function exchange(path: string, method = 'GET'): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.once('error', reject);
    req.end();
  });
}

const json = (body: Buffer): unknown => JSON.parse(body.toString('utf8'));

describe.each<StorageKind>(['disk', 's3'])('GET /images/* from the %s', (kind) => {
  beforeAll(() => serveFrom(kind));
  afterAll(async () => {
    await app?.close();
    await subject?.stop();
  });

  it('serves a variant with its type, its length, a year of immutable caching, nosniff and an image-only CSP', async () => {
    const response = await exchange(`/images/${keys.medium}`);
    expect(response.status).toBe(200);
    expect(response.body.equals(medium)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(medium.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': IMAGE_CONTENT_SECURITY_POLICY,
      'referrer-policy': 'same-origin', // the app's other protections stay
    });
    expect(String(response.headers['content-security-policy'])).toMatch(/(^|; )img-src 'self'(;|$)/);
    expect(response.body.includes('Acme Phone')).toBe(false);
  });

  it('serves a PNG variant as image/png', async () => {
    const response = await exchange(`/images/${transparentKey}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('ignores the query string (the client\'s cache-busting version)', async () => {
    const response = await exchange(`/images/${keys.thumbnail}?v=1764090000000`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await exchange(`/images/${keys.medium}`, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({ 'content-type': 'image/jpeg', 'content-length': String(medium.length), 'cache-control': 'public, max-age=31536000, immutable' });
    expect(response.body.length).toBe(0);
  });

  it('never serves the original (it keeps the uploader\'s metadata): a 404 like any other', async () => {
    const response = await exchange(`/images/${keys.original}`);
    expect(response.status).toBe(404);
    expect(json(response.body)).toEqual({ errorCode: 404, message: `Not found: GET /images/${keys.original}` });
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('answers a variant that was never stored with a JSON 404', async () => {
    const missing = variantKeys(randomUUID(), { original: 'jpg', full: 'jpg', thumbnail: 'jpg', smallImage: 'jpg', medium: 'jpg', large: 'jpg' }).large;
    const response = await exchange(`/images/${missing}?v=2`);
    expect(response.status).toBe(404);
    expect(json(response.body)).toEqual({ errorCode: 404, message: `Not found: GET /images/${missing}` });
  });

  it.each([
    '/images/../secret.txt',
    '/images/../../../../etc/passwd',
    '/images/%2e%2e/secret.txt',
    '/images/%2E%2E%2Fsecret.txt',
    '/images/..%2f..%2fsecret.txt',
    `/images/${'x'.repeat(2)}/../../secret.txt`,
    '/images//etc/passwd',
    '/images/%2Fetc%2Fpasswd',
    '/images/..%5csecret.txt',
    '/images/',
    '/images/secret.txt',
  ])('refuses %s with a JSON 404', async (path) => {
    const response = await exchange(path);
    expect(response.status).toBe(404);
    expect(response.body.includes('not for you')).toBe(false);
    expect(json(response.body)).toMatchObject({ errorCode: 404 });
  });

  it('refuses a traversal that names a real variant through a detour', async () => {
    const [two, uuid, name] = keys.medium.split('/');
    const response = await exchange(`/images/${two}/${uuid}/../${uuid}/${name}`);
    expect(response.status).toBe(404);
  });
});
