// The per-address HTTP rate limit (HTTP_RATE_LIMIT requests a minute): past it an address gets a JSON 429, which
// no forged X-Forwarded-For escapes; /health and other addresses are still served. Each request is sent from its
// own loopback address (Linux routes all of 127/8 to lo), so the server sees real, distinct source addresses.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { ServerMessages } from '../../src/protocol/messages';
import { ASSET_PATH, makeStaticApp } from '../support/static-app';
import { startTestServer, type TestServer } from '../support/test-server';

const PER_MINUTE = 5;
const ASSETS_PER_MINUTE = 12;

let testServer: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = makeStaticApp();
  testServer = await startTestServer({ HTTP_RATE_LIMIT: String(PER_MINUTE), HTTP_ASSET_RATE_LIMIT: String(ASSETS_PER_MINUTE), STATIC_DIR: staticDir });
});

afterAll(async () => {
  await testServer?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  contentType: string | undefined;
  retryAfter: string | undefined;
  body: unknown;
}

/** GET `path` from `localAddress`: its status only (an asset's body is not JSON). */
function getRaw(path: string, localAddress: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${testServer.url}${path}`, { localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** GET `path` from `localAddress`, the body parsed as JSON. */
function get(path: string, localAddress: string, headers: Record<string, string> = {}, base = testServer.url): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { localAddress, headers: { accept: 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          retryAfter: res.headers['retry-after'],
          body: text ? JSON.parse(text) : undefined,
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the HTTP rate limit', () => {
  it('answers an address past its limit with a JSON 429, whatever X-Forwarded-For it claims', async () => {
    const address = '127.0.0.21';
    for (let i = 0; i < PER_MINUTE; i++) {
      expect((await get('/api/nothing-here', address, { 'x-forwarded-for': `10.9.0.${i}` })).status).toBe(404);
    }
    const limited = await get('/api/nothing-here', address, { 'x-forwarded-for': '10.9.1.1' });
    expect(limited.status).toBe(429);
    expect(limited.contentType).toMatch(/^application\/json/);
    expect(limited.retryAfter).toMatch(/^\d+$/);
    expect(limited.body).toEqual({ errorCode: 429, message: ServerMessages.tooManyRequests(Number(limited.retryAfter)) });
  });

  it('counts hashed assets apart, against their own larger budget: installing the app never locks out the API', async () => {
    const address = '127.0.0.24';
    for (let i = 0; i < ASSETS_PER_MINUTE; i++) expect((await getRaw(ASSET_PATH, address)).status).toBe(200);
    expect((await getRaw(ASSET_PATH, address)).status).toBe(429);
    for (let i = 0; i < PER_MINUTE; i++) expect((await get('/api/nothing-here', address)).status).toBe(404);
    expect((await get('/api/nothing-here', address)).status).toBe(429);
  });

  it('keeps /health reachable for a limited address, and serves other addresses', async () => {
    const address = '127.0.0.22';
    for (let i = 0; i <= PER_MINUTE; i++) await get('/api/nothing-here', address);
    expect((await get('/api/nothing-here', address)).status).toBe(429);
    const health = await get('/health', address);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok' });
    expect((await get('/api/nothing-here', '127.0.0.23')).status).toBe(404);
  });

  it('counts the clients a trusted proxy forwards apart, and believes X-Forwarded-For from nobody else', async () => {
    const proxied = await startTestServer({ HTTP_RATE_LIMIT: String(PER_MINUTE), TRUST_PROXY: '127.0.0.31' });
    try {
      const viaProxy = (client: string) => get('/api/nothing-here', '127.0.0.31', { 'x-forwarded-for': client }, proxied.url);
      for (let i = 0; i < PER_MINUTE; i++) expect((await viaProxy('192.168.5.1')).status).toBe(404);
      expect((await viaProxy('192.168.5.1')).status).toBe(429);
      expect((await viaProxy('192.168.5.2')).status).toBe(404); // another tablet behind the same proxy
      for (let i = 0; i < PER_MINUTE; i++) await get('/api/nothing-here', '127.0.0.32', { 'x-forwarded-for': `10.9.2.${i}` }, proxied.url);
      expect((await get('/api/nothing-here', '127.0.0.32', { 'x-forwarded-for': '10.9.3.1' }, proxied.url)).status).toBe(429);
    } finally {
      await proxied.stop();
    }
  });
});
