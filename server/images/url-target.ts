// One hop of save-image-by-URL checked from scratch (issue 14): the address parsed the WHATWG way — which turns
// decimal, octal, hex and short IPv4 (2130706433, 0177.0.0.1, 0x7f000001, 127.1), percent-encoded hosts and
// backslashes into the host the request would really reach — then its scheme, its userinfo, and every address its
// host resolves to. What passes is the URL and the addresses its connection may use: those and no others.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { UrlFetchMessages } from '../../src/protocol/messages';
import { isPublicAddress } from './public-address';
import { UrlFetchRefused } from './url-fetch-refused';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Every address a name resolves to (all A and AAAA records). */
export type HostLookup = (host: string) => Promise<readonly ResolvedAddress[]>;

/** The one loopback origin tests may reach; honoured for that exact host and port only. */
export interface TestOrigin {
  readonly host: string;
  readonly port: number;
}

export interface CheckedTarget {
  readonly url: URL;
  /** The host as the socket sees it: no IPv6 brackets. */
  readonly host: string;
  readonly addresses: readonly ResolvedAddress[];
}

export interface TargetRules {
  readonly lookup: HostLookup;
  readonly allowedTestOrigin: TestOrigin | undefined;
  /** Settles when the whole fetch's time is up: a lookup that hangs must not outlive it. */
  readonly signal: AbortSignal;
}

const MAX_URL_LENGTH = 2048; // longer is no image address a person pasted; it keeps messages and logs small
const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** node:dns with every record of both families, in the resolver's order. */
export const systemLookup: HostLookup = async (host) => {
  const records = await dnsLookup(host, { all: true, verbatim: true });
  return records.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

function parse(raw: string, base: URL | undefined): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UrlFetchRefused(UrlFetchMessages.notUrl);
  try {
    return new URL(raw, base);
  } catch {
    throw new UrlFetchRefused(UrlFetchMessages.notUrl);
  }
}

// RFC 6761: 'localhost' and its subdomains are loopback whatever DNS says; a trailing dot is the same name.
const isLocalhostName = (host: string): boolean => {
  const name = host.replace(/\.+$/, '').toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost');
};

const effectivePort = (url: URL): number => (url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? 0) : Number(url.port));

const isTestOrigin = (host: string, url: URL, origin: TestOrigin | undefined): boolean =>
  origin !== undefined && host === origin.host && effectivePort(url) === origin.port;

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

async function addressesOf(host: string, rules: TargetRules): Promise<readonly ResolvedAddress[]> {
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family: family === 6 ? 6 : 4 }];
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await abortable(rules.lookup(host), rules.signal);
  } catch (error) {
    if (rules.signal.aborted) throw error;
    throw new UrlFetchRefused(UrlFetchMessages.unresolved(host));
  }
  if (addresses.length === 0) throw new UrlFetchRefused(UrlFetchMessages.unresolved(host));
  return addresses;
}

/**
 * Parses `raw` (against `base`, a redirect's current URL) and checks it: http(s) only, no userinfo, and every
 * address of its host public — unless it is exactly the allowed test origin. Throws UrlFetchRefused.
 */
export async function checkTarget(raw: string, base: URL | undefined, rules: TargetRules): Promise<CheckedTarget> {
  const url = parse(raw, base);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UrlFetchRefused(UrlFetchMessages.notHttp(url.protocol.replace(/:$/, '')));
  }
  if (url.username !== '' || url.password !== '') throw new UrlFetchRefused(UrlFetchMessages.userinfo);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const testOrigin = isTestOrigin(host, url, rules.allowedTestOrigin);
  // Named before any lookup: a resolver may answer 'localhost' itself, and a lookup tells the name to DNS.
  if (!testOrigin && isLocalhostName(host)) throw new UrlFetchRefused(UrlFetchMessages.notPublic(url.hostname));
  const addresses = await addressesOf(host, rules);
  if (!testOrigin && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new UrlFetchRefused(UrlFetchMessages.notPublic(url.hostname));
  }
  return { url, host, addresses };
}
