// HTTPS out of the box (issue 30), on the real server: the HTTPS listener and its certificate as a device's TLS stack
// sees them (OpenSSL, trusting only the server's CA), the plain port's rules for a device on the Wi-Fi, and sign-in
// over wss. The CA's files across restarts and damage are tls-authority.test.ts; TLS=off and TLS=files, tls-modes.test.ts.
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DOMAINS, PRIVATE_RANGES } from '../../server/tls/names';
import { permittedSubtreesOf } from '../../server/tls/x509';
import { issueServerCertificate, type ServerCertificate } from '../../server/tls/server-certificate';
import { connectClient } from '../support/stomp-client';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { handshake, httpsGet, type Handshake } from '../support/tls';

const DAY_MS = 24 * 60 * 60 * 1000;
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';

let testServer: TestServer;
let ca: string;
let httpPort: number;
let httpsPort: number;

beforeAll(async () => {
  testServer = await startTestServer({ TLS_NAMES: 'lotdesk.test' });
  const { tls } = testServer.server;
  if (tls?.authority === undefined) throw new Error('TLS=auto made no certificate authority');
  ca = tls.authority.certificatePem;
  ({ http: httpPort } = testServer.server.ports());
  httpsPort = testServer.server.ports().https ?? 0;
});

afterAll(async () => {
  await testServer?.stop();
});

/** A plain-HTTP GET to the test server with the Host a device would send; the redirect is not followed. */
function plainGet(path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: httpPort, path, headers: { host } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    });
    req.once('error', reject);
    req.end();
  });
}

/** The answer to a WebSocket handshake on the plain port under `host`: 101 when it opens. */
function upgradeStatus(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${httpPort}/ws`, ['v12.stomp'], { headers: { host }, origin: `http://${host}` });
    socket.once('open', () => {
      socket.terminate();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

describe('the HTTPS listener (TLS=auto)', () => {
  it('serves the app over HTTPS to a device that trusts the CA, under a TLS_NAMES name', async () => {
    const answer = await httpsGet(`https://lotdesk.test:${httpsPort}/health`, ca);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
  });

  it('presents a certificate a browser accepts from an installed root: every name in subjectAltName, serverAuth, SHA-256, at most 398 days', async () => {
    for (const name of ['lotdesk.test', 'localhost', '127.0.0.1']) {
      const { authorized, error } = await handshake(httpsPort, name, ca);
      expect({ name, authorized, error }).toEqual({ name, authorized: true, error: undefined });
    }
    const { certificate } = await handshake(httpsPort, 'lotdesk.test', ca);
    expect(certificate.subjectAltName).toContain('DNS:lotdesk.test');
    expect(certificate.subjectAltName).toContain('DNS:localhost');
    expect(certificate.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(certificate.keyUsage).toEqual([SERVER_AUTH]);
    expect(certificate.ca).toBe(false);
    const days = (Date.parse(certificate.validTo) - Date.parse(certificate.validFrom)) / DAY_MS;
    expect(days).toBeGreaterThan(300);
    expect(days).toBeLessThanOrEqual(398);
    expect(AsnConvert.parse(certificate.raw, Certificate).signatureAlgorithm.algorithm).toBe(ECDSA_WITH_SHA256);
    expect(certificate.checkIssued(testServer.server.tls?.authority?.certificate ?? certificate)).toBe(true);
  });

  it('is refused by a device that does not trust the CA', async () => {
    const stranger = (await import('node:tls')).rootCertificates.join('\n');
    const { authorized, error } = await handshake(httpsPort, 'lotdesk.test', stranger);
    expect(authorized).toBe(false);
    expect(error).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|unable to verify|self.signed|UNABLE_TO_GET_ISSUER/i);
  });

  it('is refused under a name it does not carry', async () => {
    const { authorized, error } = await handshake(httpsPort, 'elsewhere.test', ca);
    expect(authorized).toBe(false);
    expect(error).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
  });
});

/** A handshake for `name`, trusting the server's CA, with another HTTPS server presenting `certificate`. */
async function handshakeWith(certificate: ServerCertificate, name: string): Promise<Handshake> {
  const other = createHttpsServer({ cert: certificate.certificatePem, key: certificate.keyPem });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    const address = other.address();
    return await handshake(typeof address === 'object' && address !== null ? address.port : 0, name, ca);
  } finally {
    other.close();
  }
}

describe("the certificate authority's name constraints", () => {
  it('are critical and permit only private ranges, local names and the TLS_NAMES it was made with', async () => {
    const authority = testServer.server.tls?.authority;
    if (authority === undefined) throw new Error('no CA');
    const extension = AsnConvert.parse(authority.certificate.raw, Certificate).tbsCertificate.extensions?.find((e) => e.extnID === '2.5.29.30');
    expect(extension?.critical).toBe(true);
    const permitted = permittedSubtreesOf(authority.certificate.raw);
    expect(permitted.ranges).toEqual([...PRIVATE_RANGES]);
    expect(permitted.dnsNames).toEqual(expect.arrayContaining([...LOCAL_DOMAINS, 'lotdesk.test']));
    // The machine's own bare name may join (when it can never be a public TLD): nothing else.
    expect(permitted.dnsNames.filter((name) => !(LOCAL_DOMAINS as readonly string[]).includes(name) && name !== 'lotdesk.test')).toEqual(
      permitted.dnsNames.filter((name) => !name.includes('.') && /[0-9-]/.test(name) && !(LOCAL_DOMAINS as readonly string[]).includes(name)),
    );
  });

  it('make a device refuse a certificate for a public site even when signed with the CA key (as if the key were stolen)', async () => {
    const authority = testServer.server.tls?.authority;
    if (authority === undefined) throw new Error('no CA');
    const forged = issueServerCertificate(authority, { dnsNames: ['bank.example.com'], ipAddresses: ['8.8.8.8'], leftOut: [] }, new Date());
    // OpenSSL's 'permitted subtree violation' (Node names it UNSPECIFIED): the chain itself is refused.
    expect(await handshakeWith(forged, 'bank.example.com')).toMatchObject({ authorized: false, error: expect.not.stringMatching(/ALTNAME/) });
  });

  it('leave a certificate for local names from the same key valid (the refusal above is the constraints, nothing else)', async () => {
    const authority = testServer.server.tls?.authority;
    if (authority === undefined) throw new Error('no CA');
    const local = issueServerCertificate(authority, { dnsNames: ['till.lan'], ipAddresses: ['10.1.2.3'], leftOut: [] }, new Date());
    expect(await handshakeWith(local, 'till.lan')).toMatchObject({ authorized: true, error: undefined });
  });
});

describe('the plain HTTP port beside HTTPS', () => {
  it.each(['127.0.0.1', 'localhost', '[::1]'])('serves everything to a loopback Host (%s): the desk at the server machine', async (host) => {
    const answer = await plainGet('/lots?status=all', `${host}:${httpPort}`);
    expect(answer.status).not.toBe(308);
    expect(answer.location).toBeUndefined();
  });

  it.each([
    ['shop-pc', '/lots?status=all', 'https://shop-pc:PORT/lots?status=all'],
    ['192.168.1.20', '/', 'https://192.168.1.20:PORT/'],
    ['[fd00::5]', '/lotedit/12', 'https://[fd00::5]:PORT/lotedit/12'],
    ['shop-pc', '//evil.example/x', 'https://shop-pc:PORT/evil.example/x'],
  ])('redirects a device on the Wi-Fi (%s) asking for %s to the same path over HTTPS (308)', async (host, path, location) => {
    const answer = await plainGet(path, `${host}:${httpPort}`);
    expect(answer).toEqual({ status: 308, location: location.replace('PORT', String(httpsPort)) });
  });

  it.each(['/setup', '/ca.crt', '/health'])('serves %s to a device on the Wi-Fi: what setting it up needs', async (path) => {
    const answer = await plainGet(path, `shop-pc:${httpPort}`);
    expect(answer.status).not.toBe(308);
  });

  it('opens no live connection over plain HTTP to a device on the Wi-Fi (its token would cross the air bare)', async () => {
    expect(await upgradeStatus(`shop-pc:${httpPort}`)).toBe(403);
    expect(await upgradeStatus(`127.0.0.1:${httpPort}`)).toBe(101);
  });
});

describe('signing in over wss', () => {
  it('works under the certificate, as a tablet does after /setup', async () => {
    const client = await connectClient(`wss://lotdesk.test:${httpsPort}/ws`, { ca, origin: `https://lotdesk.test:${httpsPort}` });
    try {
      expect(await client.login('admin', ADMIN_PASSWORD)).toEqual({ jwt: expect.any(String) });
    } finally {
      await client.close();
    }
  });
});
