// The Devices screen's data (issue 30): the addresses a device is given, made from the server's facts (IPv6 in
// brackets, the scheme's own port left out), and the devices domain on the real router: an admin's kept
// getDeviceSetup fills the in-memory state, a user's refusal is kept for the screen (no toast), a drop forgets it.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appAddress, deviceSetup, fingerprintGroups, plainAddress, setupAddress } from '../../../src/domains/devices';
import { DeviceSetupSchema, type DeviceSetup } from '../../../src/protocol/devices';
import { DeviceMessages } from '../../../src/protocol/messages';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness } from './support/sync-harness';

const AUTO: DeviceSetup = { mode: 'auto', httpPort: 8080, httpsPort: 8443, hosts: ['shop-pc.lan', '192.168.1.20', 'fd00::7'] };
const FINGERPRINT = Array.from({ length: 32 }, (_, index) => index.toString(16).toUpperCase().padStart(2, '0')).join(':');

describe('the addresses a device is given', () => {
  it('setup page over plain HTTP, the app over HTTPS, an IPv6 address in brackets', () => {
    expect(AUTO.hosts.map((host) => setupAddress(AUTO, host))).toEqual([
      'http://shop-pc.lan:8080/setup', 'http://192.168.1.20:8080/setup', 'http://[fd00::7]:8080/setup',
    ]);
    expect(AUTO.hosts.map((host) => appAddress(AUTO, host))).toEqual(['https://shop-pc.lan:8443', 'https://192.168.1.20:8443', 'https://[fd00::7]:8443']);
    expect(appAddress({ ...AUTO, httpsPort: 443 }, 'shop-pc.lan')).toBe('https://shop-pc.lan');
    expect(setupAddress({ ...AUTO, httpPort: 80 }, 'fd00::7')).toBe('http://[fd00::7]/setup');
    for (const host of AUTO.hosts) expect(() => new URL(setupAddress(AUTO, host))).not.toThrow();
  });

  it('with HTTPS off: no app address over HTTPS, the plain one instead', () => {
    const off: DeviceSetup = { mode: 'off', httpPort: 8080, hosts: ['192.168.1.20'] };
    expect(appAddress(off, '192.168.1.20')).toBeUndefined();
    expect(plainAddress(off, '192.168.1.20')).toBe('http://192.168.1.20:8080');
  });

  it('shows the fingerprint in four groups of eight pairs that read back as the fingerprint itself', () => {
    const groups = fingerprintGroups(FINGERPRINT);
    expect(groups).toHaveLength(4);
    expect(groups[0]).toBe('00:01:02:03:04:05:06:07:');
    expect(groups.join('')).toBe(FINGERPRINT);
  });
});

describe('/app/getDeviceSetup from the client', () => {
  let server: ClientServer;
  beforeAll(async () => void (server = await startClientServer()), 60_000);
  afterAll(() => server?.stop());

  it("keeps an admin's answer in memory while connected, and forgets it on a drop", async () => {
    const h = await startHarness(server, { admin: true });
    h.connection.open();
    const release = h.sync.queries.keep('getDeviceSetup', undefined);
    try {
      await vi.waitFor(() => expect(deviceSetup.get().facts).toBeDefined());
      expect(DeviceSetupSchema.parse(deviceSetup.get().facts).mode).toBe('auto');
      expect(deviceSetup.get().refusal).toBeUndefined();
      h.connection.close();
      expect(deviceSetup.get().facts).toBeUndefined();
    } finally {
      release();
      deviceSetup.reset();
    }
  });

  it("keeps a user's refusal for the screen, with no toast", async () => {
    const h = await startHarness(server);
    h.connection.open();
    const release = h.sync.queries.keep('getDeviceSetup', undefined);
    try {
      await vi.waitFor(() => expect(deviceSetup.get().refusal).toBe(DeviceMessages.adminsOnly));
      expect(deviceSetup.get().facts).toBeUndefined();
      expect(h.notifier.error).not.toHaveBeenCalled();
    } finally {
      release();
      deviceSetup.reset();
    }
  });
});
