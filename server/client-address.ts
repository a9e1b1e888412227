// Who a request comes from, for the limits and throttles that count per source (DESIGN §5): the client's address —
// the socket's own, or behind a reverse proxy named in TRUST_PROXY the nearest address that proxy forwarded — and
// the key it is counted under. A forwarded address is believed only from a trusted proxy: anyone can write
// X-Forwarded-For, and a forged one must not buy a fresh allowance.
import { normalizeIP } from '@fastify/rate-limit';

const IPV6_PREFIX = 64; // one host can own a whole /64, so it counts as one address

/** The key a peer is counted under: IPv4-mapped IPv6 as IPv4, IPv6 by its /64; 'unknown' when there was none. */
export function addressKey(address: string | undefined): string {
  return address ? normalizeIP(address, IPV6_PREFIX) : 'unknown';
}

const plain = (address: string): string => (address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address);

/**
 * The client's address: the socket's, unless the socket is a trusted proxy; then the right-most X-Forwarded-For hop
 * that is not itself a trusted proxy (each proxy appends the address it saw).
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trustedProxies: ReadonlySet<string>,
): string | undefined {
  let address = socketAddress === undefined ? undefined : plain(socketAddress);
  if (address === undefined || !trustedProxies.has(address)) return address;
  const hops = (typeof forwardedFor === 'string' ? forwardedFor : (forwardedFor ?? []).join(','))
    .split(',').map((hop) => hop.trim()).filter((hop) => hop !== '');
  for (const hop of hops.reverse()) {
    address = plain(hop);
    if (!trustedProxies.has(address)) return address;
  }
  return address;
}
