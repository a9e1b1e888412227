// First load (issue 13): the build writes a .br and a .gz beside each hashed asset; the server sends the one the
// browser accepts (brotli first), says so with Content-Encoding and Vary: Accept-Encoding, and sends the file
// itself to a client that accepts neither. index.html and the service worker have no siblings: always as-is.
import { rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaticApp } from '../support/static-app';
import { startTestServer, type TestServer } from '../support/test-server';

const BUNDLE_PATH = '/assets/index-Pc0mpRsd.js';
const BUNDLE = `export const lots = [${Array.from({ length: 400 }, (_, i) => `{ lotNumber: ${i}, title: "Pallet ${i}" }`).join(', ')}];\n`;

let testServer: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = makeStaticApp();
  const file = join(staticDir, BUNDLE_PATH);
  writeFileSync(file, BUNDLE);
  writeFileSync(`${file}.br`, brotliCompressSync(BUNDLE));
  writeFileSync(`${file}.gz`, gzipSync(BUNDLE));
  testServer = await startTestServer({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await testServer?.stop();
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

// node:http, not fetch: fetch would decode the body and hide what was actually sent.
function getRaw(path: string, acceptEncoding?: string, accept = '*/*'): Promise<RawResponse> {
  const headers: Record<string, string> = { accept };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = request(`${testServer.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const varyNames = (response: RawResponse): string[] =>
  String(response.headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase());

describe('a hashed asset with pre-compressed siblings', () => {
  it('is sent as brotli to a browser that accepts br', async () => {
    const response = await getRaw(BUNDLE_PATH, 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(varyNames(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.body).toString()).toBe(BUNDLE);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(BUNDLE));
  });

  it('is sent as gzip to a client that accepts gzip but not br', async () => {
    const response = await getRaw(BUNDLE_PATH, 'gzip, deflate');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(varyNames(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(gunzipSync(response.body).toString()).toBe(BUNDLE);
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
    ['an encoding it has no sibling for', 'deflate'],
  ])('is sent as-is to a client with %s', async (_label, acceptEncoding) => {
    const response = await getRaw(BUNDLE_PATH, acceptEncoding);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(varyNames(response)).toContain('accept-encoding');
    expect(response.body.toString()).toBe(BUNDLE);
  });
});

describe('files the build leaves uncompressed', () => {
  it('sends the service worker as-is and never cached, even to a browser that accepts br', async () => {
    const response = await getRaw('/sw.js', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body.toString()).toContain('addEventListener');
  });

  it('sends index.html (the SPA fallback too) as-is', async () => {
    for (const path of ['/index.html', '/home']) {
      const response = await getRaw(path, 'gzip, br', 'text/html');
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toContain('<div id="root">');
    }
  });
});
