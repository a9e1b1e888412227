// The server certificate reissues itself on the running listener (issue 30): when an address of the machine changes,
// and 30 days before it ends (a fake clock), with no restart; nothing changes when nothing needs to.
import { describe, expect, it } from 'vitest';
import type { Server } from 'node:https';
import { openAuthority } from '../../server/tls/authority';
import { autoCertificates } from '../../server/tls/certificate-source';
import { createHttpsListener, listenOn } from '../../server/tls/https-listener';
import { permittedFor, type Machine } from '../../server/tls/names';
import { createServer as createPlainServer } from 'node:http';
import { tempFolders } from '../support/temp-folders';
import { handshake } from '../support/tls';

const folder = tempFolders('lotdesk-tls-reissue-');
const DAY_MS = 24 * 60 * 60 * 1000;
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** A listener on loopback serving what the source issues, on a machine and a clock the test moves. */
async function runningListener(addresses: string[]) {
  let machine: Machine = { hostname: 'shop-pc', addresses };
  let clock = new Date(); // today: a device checks the validity against its own clock
  const { authority } = openAuthority(folder(), permittedFor(machine, []), clock, machine.hostname);
  const certificates = autoCertificates({ authority, tlsNames: [], machine: () => machine, now: () => clock, logger: silent, checkEveryMs: 3_600_000 });
  const server: Server = createHttpsListener(certificates, (_request, response) => response.end('ok'), createPlainServer());
  const port = await listenOn(server, 0, '127.0.0.1', 'HTTPS_PORT');
  const presented = async (name = 'shop-pc') => (await handshake(port, name, authority.certificatePem)).certificate;
  return {
    certificates,
    presented,
    move: (to: string[]) => { machine = { ...machine, addresses: to }; },
    advance: (days: number) => { clock = new Date(clock.getTime() + days * DAY_MS); },
    handshakeAs: (name: string) => handshake(port, name, authority.certificatePem),
    close: () => { certificates.close(); server.close(); },
  };
}

describe('the server certificate on a running listener', () => {
  it('is reissued for a new address, and new connections get it (no restart)', async () => {
    const listener = await runningListener(['127.0.0.1', '192.168.1.20']);
    try {
      expect((await listener.presented()).subjectAltName).toContain('IP Address:192.168.1.20');
      expect((await listener.handshakeAs('192.168.1.77')).authorized).toBe(false);

      listener.move(['127.0.0.1', '192.168.1.77']); // the router gave the shop PC a new address
      expect(listener.certificates.check()).toBe(true);

      const now = await listener.presented();
      expect(now.subjectAltName).toContain('IP Address:192.168.1.77');
      expect(now.subjectAltName).not.toContain('192.168.1.20');
      expect((await listener.handshakeAs('192.168.1.77')).authorized).toBe(true);
    } finally {
      listener.close();
    }
  });

  it('is reissued 30 days before it ends, not before', async () => {
    const listener = await runningListener(['127.0.0.1']);
    try {
      const first = await listener.presented();
      listener.advance(366); // 397 days of validity: 31 days left
      expect(listener.certificates.check()).toBe(false);
      expect((await listener.presented()).serialNumber).toBe(first.serialNumber);

      listener.advance(2); // 29 days left
      expect(listener.certificates.check()).toBe(true);
      const renewed = await listener.presented();
      expect(renewed.serialNumber).not.toBe(first.serialNumber);
      expect(Date.parse(renewed.validTo)).toBeGreaterThan(Date.parse(first.validTo) + 360 * DAY_MS);
    } finally {
      listener.close();
    }
  });

  it('stays the same when nothing changed (the order of addresses is no change)', async () => {
    const listener = await runningListener(['192.168.1.20', '127.0.0.1', '10.0.0.7']);
    try {
      const first = await listener.presented();
      listener.move(['10.0.0.7', '127.0.0.1', '192.168.1.20']);
      expect(listener.certificates.check()).toBe(false);
      expect((await listener.presented()).serialNumber).toBe(first.serialNumber);
    } finally {
      listener.close();
    }
  });
});
