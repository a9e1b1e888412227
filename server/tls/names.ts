// Which names the server's certificate may carry (issue 30). The CA's name constraints permit private address
// ranges and local names only, so a device that trusts it can be fooled about no public site even if its key were
// stolen; the server certificate then names every way this machine is reached that those constraints allow.
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

/** RFC 1918, link-local, loopback; IPv6 unique-local, link-local and loopback. */
export const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '127.0.0.0/8', 'fc00::/7', 'fe80::/10', '::1/128'] as const;

/** Names no public site can have: each permits itself and every name under it. */
export const LOCAL_DOMAINS = ['localhost', 'local', 'lan', 'home.arpa', 'internal'] as const;

/** What a CA's constraints permit: DNS names (each with the names under it) and address ranges. */
export interface PermittedNames {
  dnsNames: readonly string[];
  ranges: readonly string[];
}

/** This machine as the network sees it: its host name and every interface address. */
export interface Machine {
  hostname: string;
  addresses: readonly string[];
}

export function thisMachine(): Machine {
  const addresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((entry) => entry.address));
  return { hostname: hostname().toLowerCase(), addresses };
}

/**
 * A one-label name permits every name under it, so the machine's bare host name may join the constraints only when
 * it can never be a public top-level domain: those are letters only (or 'xn--…'), so a name with a digit or a
 * hyphen is safe ('shop-pc', 'desktop-4f2a'); 'warehouse' is reached as 'warehouse.local' instead.
 */
export function isSafeBareName(name: string): boolean {
  return !name.includes('.') && /[0-9-]/.test(name) && !name.startsWith('xn--') && /^[a-z0-9-]{1,63}$/.test(name);
}

/** What a new CA permits: the local domains, the machine's bare name when safe, and TLS_NAMES (names and addresses). */
export function permittedFor(machine: Machine, tlsNames: readonly string[]): PermittedNames {
  const dnsNames = new Set<string>(LOCAL_DOMAINS);
  const ranges = new Set<string>(PRIVATE_RANGES);
  if (isSafeBareName(machine.hostname)) dnsNames.add(machine.hostname);
  for (const name of tlsNames) {
    if (isIP(name) === 0) {
      if (!isPermitted(name, { dnsNames: [...dnsNames], ranges: [] })) dnsNames.add(name);
    } else if (!isPermitted(name, { dnsNames: [], ranges: [...ranges] })) {
      ranges.add(`${ipaddr.parse(name).toNormalizedString()}/${isIP(name) === 4 ? 32 : 128}`);
    }
  }
  return { dnsNames: [...dnsNames], ranges: [...ranges] };
}

/** RFC 5280's matching: a DNS name is permitted by itself and every name under it; an address by a range holding it. */
export function isPermitted(name: string, permitted: PermittedNames): boolean {
  if (isIP(name) === 0) return permitted.dnsNames.some((allowed) => name === allowed || name.endsWith(`.${allowed}`));
  const address = ipaddr.parse(name);
  return permitted.ranges.some((range) => {
    const [base, bits] = ipaddr.parseCIDR(range);
    return base.kind() === address.kind() && address.match([base, bits]);
  });
}

/** The names a server certificate carries, and the ones left out because the CA does not permit them. */
export interface CertificateNames {
  dnsNames: string[];
  ipAddresses: string[];
  leftOut: string[];
}

/** Every name this machine answers on, each once, in a stable order (a change of order is no change of names). */
export function certificateNames(machine: Machine, tlsNames: readonly string[], permitted: PermittedNames): CertificateNames {
  const bare = machine.hostname.split('.')[0] ?? machine.hostname;
  const wanted = [machine.hostname, `${bare}.local`, 'localhost', ...machine.addresses.map(withoutZone), ...tlsNames];
  const result: CertificateNames = { dnsNames: [], ipAddresses: [], leftOut: [] };
  for (const name of [...new Set(wanted.filter(Boolean))].sort()) {
    if (!isPermitted(name, permitted)) result.leftOut.push(name);
    else if (isIP(name) === 0) result.dnsNames.push(name);
    else result.ipAddresses.push(ipaddr.parse(name).toNormalizedString());
  }
  return result;
}

/**
 * The names and addresses a device on the shop's network can use, best first: the admin's TLS_NAMES, the private IPv4
 * addresses (every device reaches those), the host names, then unique-local IPv6. Loopback and link-local are no use
 * to another device.
 */
export function reachableHosts(machine: Machine, tlsNames: readonly string[], permitted?: PermittedNames): string[] {
  const usable = (name: string) => permitted === undefined || isPermitted(name, permitted);
  const addresses = machine.addresses.map(withoutZone).filter((a) => isIP(a) !== 0).map((a) => ipaddr.parse(a));
  const byRange = (kind: 'ipv4' | 'ipv6', range: string) =>
    addresses.filter((a) => a.kind() === kind && a.range() === range).map((a) => a.toString());
  const bare = machine.hostname.split('.')[0] ?? machine.hostname;
  const ordered = [
    ...tlsNames,
    ...byRange('ipv4', 'private'),
    ...(machine.hostname.includes('.') || isSafeBareName(machine.hostname) ? [machine.hostname] : []),
    `${bare}.local`,
    ...byRange('ipv6', 'uniqueLocal'),
  ];
  return [...new Set(ordered)].filter((name) => name !== '' && usable(name));
}

/** 'fe80::1%eth0' → 'fe80::1': a zone names an interface of this machine, nothing a certificate can carry. */
function withoutZone(address: string): string {
  const zone = address.indexOf('%');
  return zone === -1 ? address : address.slice(0, zone);
}
