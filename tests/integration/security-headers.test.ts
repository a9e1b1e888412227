// Browser-side protections (DESIGN §5): every HTTP response, whatever answers it — the app shell, a static file,
// /health, an API route, a 404, a refused body, a server fault — carries the CSP, nosniff, the Referrer-Policy and
// the Permissions-Policy. That the built app runs under the policy is tests/e2e/csp.spec.ts.
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_PATH, makeStaticApp } from '../support/static-app';
import { startTestServer, type TestServer } from '../support/test-server';

let testServer: TestServer;
let staticDir: string;

beforeAll(async () => {
  staticDir = makeStaticApp();
  // The tests' own address is the trusted proxy: X-Forwarded-Host is believed from it only.
  testServer = await startTestServer({ STATIC_DIR: staticDir, TRUST_PROXY: '127.0.0.1' }, {
    routes(app) {
      app.get('/api/probe', async () => ({ ok: true }));
      app.get('/api/fails', async () => {
        throw new Error('a genuine server fault');
      });
    },
  });
});

afterAll(async () => {
  await testServer?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

/** An HTTP exchange with the Host the browser would send (fetch may not set Host). */
function exchange(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string, from = '127.0.0.1'): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  const { port } = new URL(testServer.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, localAddress: from, headers: { accept: 'text/html', ...headers } }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

const directives = (policy: unknown): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const part of String(policy).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
};

const responses: Array<[string, () => ReturnType<typeof exchange>, number]> = [
  ['the app shell at /', () => exchange('/'), 200],
  ['an app route (SPA fallback)', () => exchange('/lotedit/12'), 200],
  ['a hashed asset', () => exchange(ASSET_PATH, { accept: '*/*' }), 200],
  ['/health', () => exchange('/health', { accept: 'application/json' }), 200],
  ['an /api/ route', () => exchange('/api/probe', { accept: 'application/json' }), 200],
  ['a 404', () => exchange('/api/nothing-here', { accept: 'application/json' }), 404],
  ['a malformed JSON body', () => exchange('/api/probe', { 'content-type': 'application/json' }, 'POST', '{"no'), 400],
  ['a server fault', () => exchange('/api/fails', { accept: 'application/json' }), 500],
];

describe('every HTTP response', () => {
  it.each(responses)('%s carries the security headers', async (_name, send, status) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['permissions-policy']).toMatch(/(^|, )camera=\(self\)(,|$)/);
  });
});

describe('the Content-Security-Policy', () => {
  it('lets the page load only its own scripts, styles, workers and manifest, with no inline script or eval (WebAssembly only)', async () => {
    const policy = directives((await exchange('/')).headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('manifest-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
  });

  it('allows images from the app itself, blob: and data: only', async () => {
    const policy = directives((await exchange('/')).headers['content-security-policy']);
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
  });

  it('lets the page talk to its own origin and its own socket, named by the host it was asked for', async () => {
    const policy = directives((await exchange('/', { host: 'lotdesk.example:8443' })).headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://lotdesk.example:8443', 'wss://lotdesk.example:8443']);
  });

  it('names the socket of the public host behind a trusted proxy (X-Forwarded-Host), and only then', async () => {
    const forwarded = { host: '10.0.0.5:8080', 'x-forwarded-host': 'lots.example.com' };
    const policy = directives((await exchange('/', forwarded)).headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'ws://lots.example.com', 'wss://lots.example.com']);
    const untrusted = directives((await exchange('/', forwarded, 'GET', undefined, '127.0.0.9')).headers['content-security-policy']);
    expect(untrusted.get('connect-src')).toEqual(["'self'", 'ws://10.0.0.5:8080', 'wss://10.0.0.5:8080']);
  });

  it('never takes a directive from a forged Host', async () => {
    const response = await exchange('/', { host: "evil.example; script-src * 'unsafe-inline'" });
    const policy = directives(response.headers['content-security-policy']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  });
});

describe('the Permissions-Policy', () => {
  it('allows the camera to the app itself and denies what the app never uses', async () => {
    const features = String((await exchange('/')).headers['permissions-policy']).split(', ');
    expect(features).toContain('camera=(self)');
    for (const denied of ['microphone', 'geolocation', 'payment', 'usb', 'display-capture']) expect(features).toContain(`${denied}=()`);
  });
});
