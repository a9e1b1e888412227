// server/images/public-address.ts: which addresses save-image-by-URL may connect to (issue 14). A table of the
// special ranges and their IPv6 disguises, then properties over random addresses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKind, isPublicAddress } from '../../../../server/images/public-address';

const NOT_PUBLIC: readonly (readonly [string, string])[] = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.255', 'carrierGradeNat'],
  ['169.254.169.254', 'linkLocal'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fe80::1', 'linkLocal'],
  ['febf:ffff::1', 'linkLocal'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456:789a::1', 'uniqueLocal'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'linkLocal'],
  ['::ffff:0.0.0.0', 'unspecified'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::192.168.0.1', 'private'],
  ['64:ff9b:1::a00:1', 'rfc6052'],
  ['2002:7f00:1::1', '6to4'],
  ['2002:808:808::1', '6to4'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['2001:db8::1', 'reserved'],
  ['::ffff:0:7f00:1', 'rfc6145'],
  ['::7f00:1', 'notGlobal'],
  ['100::1', 'discard'],
  ['fe80::1%eth0', 'scoped'],
  ['0x7f000001', 'invalid'],
  ['0177.0.0.1', 'invalid'],
  ['127.1', 'invalid'],
  ['2130706433', 'invalid'],
  ['localhost', 'invalid'],
  ['', 'invalid'],
];

const PUBLIC: readonly string[] = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.216.34',
  '172.15.255.255', // just below 172.16/12
  '172.32.0.1', // just above it
  '100.63.255.255', // just below CGNAT
  '100.128.0.1', // just above it
  '169.253.255.255',
  '223.255.255.254',
  '2606:4700:4700::1111',
  '2a00:1450:4001:82b::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
];

describe('addressKind', () => {
  it.each(NOT_PUBLIC)('refuses %s as %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(PUBLIC)('accepts %s as public unicast', (address) => {
    expect(addressKind(address)).toBe('unicast');
    expect(isPublicAddress(address)).toBe(true);
  });
});

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, octet).map((octets) => octets.join('.'));
const hex = (a: number, b: number): string => ((a << 8) | b).toString(16);
const v4Parts = (address: string): [number, number, number, number] => {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  return [a, b, c, d];
};

describe('IPv4 inside IPv6', () => {
  it('judges an IPv4-mapped or NAT64 address by the IPv4 address it carries, in either spelling', () => {
    fc.assert(
      fc.property(ipv4, (address) => {
        const [a, b, c, d] = v4Parts(address);
        const kind = addressKind(address);
        expect(addressKind(`::ffff:${address}`)).toBe(kind);
        expect(addressKind(`::ffff:${hex(a, b)}:${hex(c, d)}`)).toBe(kind);
        expect(addressKind(`64:ff9b::${address}`)).toBe(kind);
      }),
    );
  });

  it('never passes a private, loopback or link-local IPv4 address in any disguise', () => {
    const inRange = fc.oneof(
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(100), fc.integer({ min: 64, max: 127 }), octet, octet),
    );
    fc.assert(
      fc.property(inRange, ([a, b, c, d]) => {
        const address = `${a}.${b}.${c}.${d}`;
        for (const form of [address, `::ffff:${address}`, `64:ff9b::${address}`, `2002:${hex(a, b)}:${hex(c, d)}::1`, `::${address}`]) {
          expect(isPublicAddress(form), form).toBe(false);
        }
      }),
    );
  });
});

describe('IPv6 outside global unicast', () => {
  it('never passes an address outside 2000::/3', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const outside = fc.oneof(fc.integer({ min: 0, max: 0x1fff }), fc.integer({ min: 0x4000, max: 0xffff }));
    fc.assert(
      fc.property(outside, fc.array(group, { minLength: 7, maxLength: 7 }), (first, rest) => {
        const address = [first, ...rest].map((part) => part.toString(16)).join(':');
        // ::ffff:a.b.c.d and 64:ff9b::a.b.c.d carry IPv4 and are judged by it (above).
        fc.pre(!/^0:0:0:0:0:ffff:/.test(address) && !address.startsWith('64:ff9b:0:0:0:0:'));
        expect(isPublicAddress(address), address).toBe(false);
      }),
    );
  });
});
