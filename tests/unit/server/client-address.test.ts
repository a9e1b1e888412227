// server/client-address.ts: the address a peer is counted under, and when a forwarded address is believed.
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress } from '../../../server/client-address';

const PROXY = new Set(['10.0.0.2']);

describe('addressKey', () => {
  it('counts an IPv4-mapped address as the IPv4 one, an IPv6 one by its /64, and no address as one unknown', () => {
    expect(addressKey('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb::7'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey(undefined)).toBe('unknown');
  });
});

describe('clientAddress', () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress('::ffff:192.168.1.7', '10.9.9.9', new Set())).toBe('192.168.1.7');
    expect(clientAddress('192.168.1.7', '10.9.9.9', PROXY)).toBe('192.168.1.7');
  });

  it('is the nearest forwarded hop that is not a trusted proxy when the socket is one', () => {
    expect(clientAddress('10.0.0.2', '192.168.1.7', PROXY)).toBe('192.168.1.7');
    // The client may prepend anything: only what the trusted proxy appended counts.
    expect(clientAddress('10.0.0.2', '6.6.6.6, 192.168.1.7', PROXY)).toBe('192.168.1.7');
    expect(clientAddress('::ffff:10.0.0.2', ['6.6.6.6', '192.168.1.8'], PROXY)).toBe('192.168.1.8');
  });

  it("stays the proxy's address when it forwarded nothing", () => {
    expect(clientAddress('10.0.0.2', undefined, PROXY)).toBe('10.0.0.2');
    expect(clientAddress(undefined, '1.2.3.4', PROXY)).toBeUndefined();
  });
});
