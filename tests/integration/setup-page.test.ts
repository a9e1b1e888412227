// Setting up a device over plain HTTP (issue 30) on the whole server: /ca.crt hands out the server's own certificate
// authority, /setup tells a phone on the shop's Wi-Fi how to trust it and where the app is, and /setup/check.js is
// the page's one script. With TLS off there is no authority to hand out.
import { X509Certificate } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { get as httpsGet } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupMessages } from '../../src/protocol/messages';
import { elementsOf, textOf } from '../support/executable-markup';
import { startTestServer, type TestServer } from '../support/test-server';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let auto: TestServer;
let off: TestServer;

beforeAll(async () => {
  [auto, off] = await Promise.all([startTestServer(), startTestServer({ TLS: 'off' })]);
});
afterAll(() => Promise.all([auto?.stop(), off?.stop()]));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET as a device on the Wi-Fi sends it: with its own Host header (fetch may not set Host). */
function get(server: TestServer, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.once('error', reject);
    req.end();
  });
}

const facts = () => auto.server.services.deviceSetup.facts();
const directives = (policy: unknown): Map<string, string> =>
  new Map(String(policy).split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values.join(' ')]));
const byId = (html: string, tag: string, id: string) => elementsOf(html, tag).find((attributes) => attributes.id === id);

describe('GET /ca.crt', () => {
  it("downloads the server's certificate authority as LotDesk-CA.crt", async () => {
    const response = await fetch(`${auto.url}/ca.crt`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-x509-ca-cert');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="LotDesk-CA.crt"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const certificate = new X509Certificate(await response.text());
    expect(certificate.ca).toBe(true);
    // The fingerprint the page and the Devices screen show is this certificate's.
    expect(certificate.fingerprint256).toBe(facts().caFingerprint);
  });

  it('is served to a device on the Wi-Fi over plain HTTP', async () => {
    const answer = await get(auto, '/ca.crt', { host: `shop-pc.lan:${new URL(auto.url).port}` });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
  });

  it("is the server's usual JSON 404 with TLS off: there is no authority to trust", async () => {
    const response = await fetch(`${off.url}/ca.crt`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errorCode: 404, message: 'Not found: GET /ca.crt' });
  });
});

describe('GET /setup', () => {
  it("tells an iPhone on the Wi-Fi its steps, the fingerprint and the app's https address", async () => {
    const { httpsPort } = facts();
    const answer = await get(auto, '/setup', { host: `192.168.1.20:${new URL(auto.url).port}`, 'user-agent': IPHONE });

    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(textOf(answer.body, 'h1')).toBe(SetupMessages.heading);
    expect(textOf(answer.body, 'h3')).toBe(SetupMessages.deviceHeading.ios);
    expect(textOf(answer.body, 'ol')).toContain(SetupMessages.certificateSteps.ios[3]);
    expect(textOf(answer.body, 'p')).toBe(SetupMessages.intro);
    expect(textOf(answer.body, 'main')).toContain(`${SetupMessages.fingerprintLabel}${facts().caFingerprint ?? 'none'}`);
    expect(byId(answer.body, 'a', 'download')?.href).toBe('/ca.crt');
    expect(byId(answer.body, 'a', 'open-app')?.href).toBe(`https://192.168.1.20:${httpsPort}/`);
    expect(byId(answer.body, 'section', 'check')?.['data-origin']).toBe(`https://192.168.1.20:${httpsPort}`);
    expect(elementsOf(answer.body, 'script')).toEqual([{ src: '/setup/check.js', defer: '' }]);
  });

  it('answers with a policy of its own: our script, and a fetch to the app only', async () => {
    const { httpsPort } = facts();
    const answer = await get(auto, '/setup', { host: `192.168.1.20:${new URL(auto.url).port}` });
    const policy = directives(answer.headers['content-security-policy']);

    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('connect-src')).toBe(`https://192.168.1.20:${httpsPort}`);
    expect(policy.get('style-src')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });

  it('keeps a hostile Host out of the page and its policy', async () => {
    const answer = await get(auto, '/setup', { host: 'evil.example"><script>alert(1)</script>' });

    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('evil');
    expect(String(answer.headers['content-security-policy'])).not.toContain('evil');
    expect(byId(answer.body, 'a', 'open-app')?.href).toMatch(/^https:\/\/[a-z0-9.[\]:-]+:\d+\/$/);
  });

  it('with TLS off: no certificate, just Open LotDesk on this page\'s own address and installing the app', async () => {
    const { port } = new URL(off.url);
    const answer = await get(off, '/setup', { host: `192.168.1.20:${port}` });

    expect(answer.status).toBe(200);
    expect(textOf(answer.body, 'main')).not.toContain(SetupMessages.download);
    expect(answer.body).not.toContain('id="fingerprint"');
    expect(elementsOf(answer.body, 'script')).toEqual([]);
    expect(byId(answer.body, 'a', 'open-app')?.href).toBe(`http://192.168.1.20:${port}/`);
    expect(textOf(answer.body, 'main')).toContain(SetupMessages.installHeading);
    expect(directives(answer.headers['content-security-policy']).get('script-src')).toBeUndefined();
  });
});

describe('the check the page makes', () => {
  it("reaches the app's https address, trusted by /ca.crt alone: what a device that installed it sees", async () => {
    const ca = await (await fetch(`${auto.url}/ca.crt`)).text();
    const page = await get(auto, '/setup', { host: `localhost:${new URL(auto.url).port}` });
    const origin = new URL(byId(page.body, 'section', 'check')?.['data-origin'] ?? '');

    // The server listens on 127.0.0.1 only; the certificate is checked against the page's host name.
    const status = await new Promise<number>((resolve, reject) => {
      httpsGet({ host: '127.0.0.1', port: origin.port, servername: origin.hostname, path: '/health', ca, headers: { host: origin.host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).once('error', reject);
    });
    expect(origin.hostname).toBe('localhost');
    expect(status).toBe(200);
  });
});

describe('GET /setup/check.js', () => {
  it("is the page's script, served to a device on the Wi-Fi over plain HTTP", async () => {
    const answer = await get(auto, '/setup/check.js', { host: `shop-pc.lan:${new URL(auto.url).port}` });

    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(answer.body).toContain("fetch(origin + '/health'");
  });
});
