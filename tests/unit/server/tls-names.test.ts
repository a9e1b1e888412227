// Which names the server's certificate carries and the CA permits (issue 30): private and local only, so a trusted CA
// can vouch for no public site.
import { describe, expect, it } from 'vitest';
import { certificateNames, isPermitted, isSafeBareName, LOCAL_DOMAINS, permittedFor, PRIVATE_RANGES, reachableHosts, type Machine } from '../../../server/tls/names';

const shopPc: Machine = {
  hostname: 'shop-pc',
  addresses: ['127.0.0.1', '::1', '192.168.1.20', '10.0.0.7', 'fd00::20', 'fe80::1%eth0', '203.0.113.9', '2001:db8::9'],
};

describe('a bare host name in the constraints', () => {
  it.each(['shop-pc', 'desktop-4f2a', 'till2'])('is allowed for %s: with a digit or a hyphen it can never be a public top-level domain', (name) => {
    expect(isSafeBareName(name)).toBe(true);
  });

  it.each(['warehouse', 'shop', 'com', 'xn--p1ai', 'shop-pc.example.com'])('is not for %s (it could be, or is, a public domain)', (name) => {
    expect(isSafeBareName(name)).toBe(false);
  });
});

describe('what a new CA permits', () => {
  it('is the private ranges, the local domains, the safe host name and TLS_NAMES', () => {
    const permitted = permittedFor(shopPc, ['lotdesk.test', 'till.lan', '192.168.5.5', '203.0.113.50']);
    expect(permitted.ranges).toEqual([...PRIVATE_RANGES, '203.0.113.50/32']);
    expect(permitted.dnsNames).toEqual([...LOCAL_DOMAINS, 'shop-pc', 'lotdesk.test']);
  });

  it.each([
    ['bank.example.com', false], ['local', true], ['printer.local', true], ['evil.local.example.com', false], ['notlocal', false],
    ['8.8.8.8', false], ['192.168.200.1', true], ['172.32.0.1', false], ['172.31.255.255', true], ['fd12::1', true], ['2001:db8::1', false],
  ])('matches %s by RFC 5280 rules: %s', (name, expected) => {
    expect(isPermitted(name, permittedFor({ hostname: 'warehouse', addresses: [] }, []))).toBe(expected);
  });
});

describe("the server certificate's names", () => {
  it('are every name and address the machine answers on that the CA permits; the rest are left out, never included', () => {
    const names = certificateNames(shopPc, ['lotdesk.test', 'shop.example.com'], permittedFor(shopPc, ['lotdesk.test']));
    expect(names.dnsNames).toEqual(['localhost', 'lotdesk.test', 'shop-pc', 'shop-pc.local']);
    expect(names.ipAddresses).toEqual(['10.0.0.7', '127.0.0.1', '192.168.1.20', '0:0:0:0:0:0:0:1', 'fd00:0:0:0:0:0:0:20', 'fe80:0:0:0:0:0:0:1']);
    expect(names.leftOut).toEqual(['2001:db8::9', '203.0.113.9', 'shop.example.com']);
  });

  it("name 'warehouse' only as warehouse.local (a bare 'warehouse' could be a public domain)", () => {
    const warehouse = { hostname: 'warehouse', addresses: [] };
    const names = certificateNames(warehouse, [], permittedFor(warehouse, []));
    expect(names.dnsNames).toEqual(['localhost', 'warehouse.local']);
    expect(names.leftOut).toEqual(['warehouse']);
  });
});

describe('the addresses a device is told', () => {
  it('come best first: TLS_NAMES, private IPv4, the host names, unique-local IPv6; never loopback, link-local or unpermitted ones', () => {
    expect(reachableHosts(shopPc, ['lotdesk.test'], permittedFor(shopPc, ['lotdesk.test'])))
      .toEqual(['lotdesk.test', '192.168.1.20', '10.0.0.7', 'shop-pc', 'shop-pc.local', 'fd00::20']);
  });
});
