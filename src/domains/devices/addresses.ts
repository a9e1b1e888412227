// The addresses a device is given (issue 30): the setup page's, the app's over HTTPS, the plain one, from the
// server's facts. Pure: the Devices screen shows them and draws their QR codes.
import { urlHost, type DeviceSetup } from '../../protocol/devices';

/** The scheme's own port is left out of an address, as a person would type it. */
const DEFAULT_PORT = { http: 80, https: 443 } as const;

function address(scheme: keyof typeof DEFAULT_PORT, host: string, port: number): string {
  return port === DEFAULT_PORT[scheme] ? `${scheme}://${urlHost(host)}` : `${scheme}://${urlHost(host)}:${port}`;
}

/** What a new device opens first: plain HTTP, since it does not trust the server's certificate yet. */
export const setupAddress = (facts: DeviceSetup, host: string): string => `${address('http', host, facts.httpPort)}/setup`;

/** Where the app is used once set up; undefined with HTTPS off. */
export const appAddress = (facts: DeviceSetup, host: string): string | undefined =>
  facts.httpsPort === undefined ? undefined : address('https', host, facts.httpsPort);

/** The server's plain address (HTTPS off: a proxy in front takes the secure connections). */
export const plainAddress = (facts: DeviceSetup, host: string): string => address('http', host, facts.httpPort);

/** 'AB:CD:…' (32 pairs) in groups of eight pairs, each but the last ending in ':', for a person to compare. */
export function fingerprintGroups(fingerprint: string): string[] {
  const pairs = fingerprint.split(':');
  const groups: string[] = [];
  for (let start = 0; start < pairs.length; start += 8) {
    const group = pairs.slice(start, start + 8).join(':');
    groups.push(start + 8 < pairs.length ? `${group}:` : group);
  }
  return groups;
}
