// Setting up devices (issue 30): /app/getDeviceSetup on the real server with the real STOMP client, replies checked
// against the contract. An admin gets how devices reach the server (the listeners' real ports, the names given in
// TLS_NAMES, the CA's fingerprint); a user is refused; with TLS=off there is no HTTPS port and no fingerprint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceSetupSchema, type DeviceSetup } from '../../src/protocol/devices';
import { ErrorCode } from '../../src/protocol/error-codes';
import { DeviceMessages } from '../../src/protocol/messages';
import { rejected } from '../support/catalogue';
import { ADMIN, ALICE, staffOf, type Staff } from '../support/staff';
import type { TestClient } from '../support/stomp-client';
import { startTestServer, type TestServer } from '../support/test-server';

/** Names a shop would give in TLS_NAMES: a local name and a private address. */
const NAMES = ['lotdesk.lan', '192.168.77.7'];

const factsOf = async (client: TestClient): Promise<DeviceSetup> =>
  DeviceSetupSchema.parse(await client.request('getDeviceSetup', undefined, 'deviceSetup'));

function suiteOf(env: Record<string, string>): () => { server: TestServer; staff: Staff } {
  let started: { server: TestServer; staff: Staff } | undefined;
  beforeAll(async () => {
    const server = await startTestServer(env);
    started = { server, staff: staffOf(server) };
  });
  afterAll(async () => {
    await started?.staff.closeAll();
    await started?.server.stop();
  });
  return () => {
    if (started === undefined) throw new Error('the server starts in beforeAll');
    return started;
  };
}

describe('/app/getDeviceSetup', () => {
  describe('with TLS=auto (the default)', () => {
    const running = suiteOf({ TLS_NAMES: NAMES.join(',') });

    it("answers an admin on deviceSetup: mode auto, the ports the listeners got, the given names, the CA's fingerprint", async () => {
      const { server, staff } = running();
      const facts = await factsOf(await staff.connect(ADMIN));
      expect(facts.mode).toBe('auto');
      expect(facts.httpPort).toBe(Number(new URL(server.url).port));
      expect(facts.httpsPort).toBe(server.server.ports().https);
      expect(facts.httpsPort).not.toBe(facts.httpPort);
      expect(facts.hosts).toEqual(expect.arrayContaining(NAMES));
      // No loopback: a tablet cannot reach the server by it.
      expect(facts.hosts.filter((host) => host === 'localhost' || host.startsWith('127.') || host === '::1')).toEqual([]);
      expect(facts.caFingerprint).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/);
    });

    it('gives the same fingerprint every time it is asked (the CA is made once)', async () => {
      const admin = await running().staff.connect(ADMIN);
      const [first, second] = [await factsOf(admin), await factsOf(admin)];
      expect(second.caFingerprint).toBe(first.caFingerprint);
    });

    it(`refuses a user with FORBIDDEN "${DeviceMessages.adminsOnly}", sending nothing on deviceSetup`, async () => {
      const alice = await running().staff.connect(ALICE);
      expect(await alice.request('getDeviceSetup', undefined, 'incomingMessages')).toEqual(rejected(ErrorCode.FORBIDDEN, DeviceMessages.adminsOnly));
      expect(alice.drain('deviceSetup')).toEqual([]);
    });
  });

  describe('with TLS=off (a proxy in front takes the secure connections)', () => {
    const running = suiteOf({ TLS: 'off' });

    it('answers an admin with mode off, the plain port, and neither an HTTPS port nor a fingerprint', async () => {
      const { server, staff } = running();
      const facts = await factsOf(await staff.connect(ADMIN));
      expect(facts).toEqual({ mode: 'off', httpPort: Number(new URL(server.url).port), hosts: expect.any(Array) });
    });
  });
});
