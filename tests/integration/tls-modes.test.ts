// The other two TLS modes (issue 30) on the real server: TLS=off (HTTP only behind a proxy: every Host served) and
// TLS=files (the shop's own certificate, read again when its files change, with no CA to install).
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAuthority } from '../../server/tls/authority';
import { permittedFor } from '../../server/tls/names';
import { issueServerCertificate } from '../../server/tls/server-certificate';
import { tempFolders } from '../support/temp-folders';
import { startTestServer, type TestServer } from '../support/test-server';
import { handshake } from '../support/tls';

const folder = tempFolders('lotdesk-tls-modes-');
let running: TestServer | undefined;

afterEach(async () => {
  await running?.stop();
  running = undefined;
});

function plainGet(port: number, path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
    });
    req.once('error', reject);
    req.end();
  });
}

/** A certificate of the kind a shop gets for its own domain (here issued by a stand-in CA the test trusts). */
function shopCertificate(dir: string, name: string) {
  const { authority } = openAuthority(join(dir, 'issuer'), permittedFor({ hostname: 'issuer', addresses: [] }, [name]), new Date(), 'issuer');
  const issued = issueServerCertificate(authority, { dnsNames: [name], ipAddresses: [], leftOut: [] }, new Date());
  return { ca: authority.certificatePem, cert: issued.certificatePem, key: issued.keyPem };
}

describe('TLS=off', () => {
  it('listens on HTTP only and serves every Host (TLS ends at a proxy in front)', async () => {
    running = await startTestServer({ TLS: 'off' });
    const { http, https } = running.server.ports();
    expect(https).toBeUndefined();
    expect(running.server.tls).toBeUndefined();
    expect((await plainGet(http, '/lots', 'shop-pc:8080')).status).not.toBe(308);
    expect((await plainGet(http, '/ca.crt', 'shop-pc:8080')).status).toBe(404);
    expect(running.server.services.deviceSetup.facts()).toMatchObject({ mode: 'off', httpPort: http });
  });
});

describe('TLS=files', () => {
  it("serves the given certificate, has no CA to install, and serves the renewed one when its files change", async () => {
    const dir = folder();
    const certFile = join(dir, 'fullchain.pem');
    const keyFile = join(dir, 'privkey.pem');
    const first = shopCertificate(dir, 'lotdesk.test');
    writeFileSync(certFile, first.cert);
    writeFileSync(keyFile, first.key);
    running = await startTestServer({ TLS: 'files', TLS_CERT: certFile, TLS_KEY: keyFile, TLS_CHECK_INTERVAL: '1' });
    const port = running.server.ports().https ?? 0;
    const served = await handshake(port, 'lotdesk.test', first.ca);
    expect(served.authorized).toBe(true);
    expect(running.server.services.deviceSetup.facts()).toMatchObject({ mode: 'files', hosts: ['lotdesk.test'] });
    expect(running.server.services.deviceSetup.facts().caFingerprint).toBeUndefined();
    expect((await plainGet(running.server.ports().http, '/ca.crt', '127.0.0.1')).status).toBe(404);

    // certbot renews: the new key lands first, the certificate after; the old pair is served until both agree.
    const renewed = shopCertificate(folder(), 'lotdesk.test');
    writeFileSync(keyFile, renewed.key);
    writeFileSync(certFile, renewed.cert);
    let now = served.certificate.serialNumber;
    for (let tries = 0; tries < 100 && now === served.certificate.serialNumber; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = (await handshake(port, 'lotdesk.test', renewed.ca)).certificate.serialNumber;
    }
    expect(now).not.toBe(served.certificate.serialNumber);
    expect((await handshake(port, 'lotdesk.test', renewed.ca)).authorized).toBe(true);
  });

  it.each([
    ['TLS_CERT', 'missing.pem', /missing\.pem: cannot be read \(ENOENT\)/],
    ['TLS_KEY', 'missing-key.pem', /missing-key\.pem: cannot be read \(ENOENT\)/],
  ])('stops the start naming an unreadable %s', async (setting, file, message) => {
    const dir = folder();
    const pair = shopCertificate(dir, 'lotdesk.test');
    writeFileSync(join(dir, 'cert.pem'), pair.cert);
    writeFileSync(join(dir, 'key.pem'), pair.key);
    const env = { TLS: 'files', TLS_CERT: join(dir, 'cert.pem'), TLS_KEY: join(dir, 'key.pem'), [setting]: join(dir, file) };
    await expect(startTestServer(env)).rejects.toThrow(message);
  });

  it("stops the start when the key is not the certificate's", async () => {
    const dir = folder();
    writeFileSync(join(dir, 'cert.pem'), shopCertificate(dir, 'lotdesk.test').cert);
    writeFileSync(join(dir, 'key.pem'), shopCertificate(folder(), 'lotdesk.test').key);
    await expect(startTestServer({ TLS: 'files', TLS_CERT: join(dir, 'cert.pem'), TLS_KEY: join(dir, 'key.pem') })).rejects.toThrow(/key\.pem: is not the key of .*cert\.pem/);
  });
});
