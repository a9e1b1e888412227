// Whether one IP address is on the public internet, for save-image-by-URL (issue 14, DESIGN §5): the fetch may
// connect only to such addresses. ipaddr.js names the special ranges; anything it does not call 'unicast' is not
// public. Pure: never resolves a name (the caller passes each resolved address, or the URL's literal).
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why an address is not public (an ipaddr.js range name, or one of ours), or 'unicast' when it is. */
export type AddressKind = 'unicast' | 'invalid' | 'scoped' | 'notGlobal' | ReturnType<ipaddr.IPv4['range']> | ReturnType<ipaddr.IPv6['range']>;

// NAT64's well-known prefix (RFC 6052): behind DNS64 an IPv6-only server reaches every IPv4-only image host through
// 64:ff9b::a.b.c.d, so it is judged by the IPv4 address it carries. The local-use 64:ff9b:1::/48 has no fixed
// layout we could decode, so it stays refused.
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
// IANA hands out global unicast IPv6 only from 2000::/3; ipaddr.js calls the unnamed rest (e.g. the deprecated
// IPv4-compatible ::7f00:1) 'unicast' too, which must not pass.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

const embeddedIPv4 = (v6: ipaddr.IPv6): ipaddr.IPv4 => {
  const bytes = v6.toByteArray().slice(12);
  return new ipaddr.IPv4(bytes);
};

function ipv6Kind(v6: ipaddr.IPv6): AddressKind {
  if (v6.zoneId !== undefined) return 'scoped'; // fe80::1%eth0: a link's address, never the internet's
  const range = v6.range();
  if (range === 'ipv4Mapped') return embeddedIPv4(v6).range(); // ::ffff:127.0.0.1 is 127.0.0.1 to the kernel
  if (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN)) return embeddedIPv4(v6).range();
  if (range === 'unicast' && !v6.match(GLOBAL_UNICAST_V6)) return 'notGlobal';
  return range; // 6to4, Teredo, rfc6145, … are not 'unicast' and so refused, whatever they embed
}

/**
 * The kind of a textual IP address as the kernel would connect to it. Only the strict forms node:net accepts
 * (what dns.lookup returns and WHATWG URL normalises to) are judged; '0x7f.1' and other loose spellings are
 * 'invalid', never guessed at.
 */
export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range();
  if (family === 6) return ipv6Kind(ipaddr.IPv6.parse(address));
  return 'invalid';
}

/** True only for an address on the public internet (ipaddr.js 'unicast', after unwrapping IPv4 embeddings). */
export const isPublicAddress = (address: string): boolean => addressKind(address) === 'unicast';
