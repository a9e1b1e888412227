// HTTP: the built PWA with SPA fallback and cache rules, /health, and JSON errors.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_PATH, makeStaticApp } from '../support/static-app';
import { startTestServer, type TestServer } from '../support/test-server';

let testServer: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = makeStaticApp();
  testServer = await startTestServer({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await testServer?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (path: string, accept = 'text/html') => fetch(`${testServer.url}${path}`, { headers: { accept } });

describe('the built PWA', () => {
  it('serves hashed assets to be cached forever', async () => {
    const response = await get(ASSET_PATH, '*/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('never lets a cache keep index.html or the service worker', async () => {
    expect((await get('/index.html')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/sw.js', '*/*')).headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/', '/home', '/lotedit/42', '/imagemanager/LOT-000001?type=box'])('answers the app route %s with index.html (SPA fallback)', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });
});

describe('/health', () => {
  it('reports ok with the database kind', async () => {
    const response = await get('/health', 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: testServer.kind, version: '1.0' });
  });
});

describe('JSON errors', () => {
  it('answers an unknown API path with a JSON 404, not the app', async () => {
    const response = await get('/api/nothing-here', 'application/json');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errorCode: 404, message: 'Not found: GET /api/nothing-here' });
  });

  it('answers a missing file that is not a page with a JSON 404', async () => {
    const response = await get('/assets/missing.js', '*/*');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errorCode: 404 });
  });
});
