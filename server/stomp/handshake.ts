// Who may open the endpoint from a browser: the WebSocket handshake's Origin check (a page of another site) and Host
// check (DNS rebinding: another site's name pointed at our address, so that its pages count as our own origin).
// Pure functions of the request and the configured origins; they never answer the request.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { TLSSocket } from 'node:tls';
import { hostnameOf, isLoopbackName } from '../host-header';

export interface HandshakeRules {
  /** Normalized (normalizeOrigin) origins allowed besides the request's own. */
  readonly origins: ReadonlySet<string>;
  /** Lower-case host names allowed besides IP addresses and localhost. */
  readonly hosts: ReadonlySet<string>;
  /** Sockets over plain HTTP only for a loopback Host (the server serves HTTPS: a token must not cross the Wi-Fi bare). */
  readonly plainOnlyOnLoopback: boolean;
  /** Proxies whose X-Forwarded-Proto is believed: one that ended TLS in front of the plain port. */
  readonly trustedProxies: ReadonlySet<string>;
}

/**
 * The rules for `allowedOrigins` (ALLOWED_ORIGINS). Allowed hosts: the host of each allowed origin and this machine's
 * own name (`name` and `name.local`), besides any IP address and localhost, which need no configuration: no outside
 * DNS name is involved, so no one else's page can be served under them.
 */
export function handshakeRules(
  allowedOrigins: readonly string[],
  { extraHosts = [], plainOnlyOnLoopback = false, trustedProxies = [], machineName = hostname() }: {
    extraHosts?: readonly string[]; plainOnlyOnLoopback?: boolean; trustedProxies?: readonly string[]; machineName?: string;
  } = {},
): HandshakeRules {
  const hosts = new Set<string>();
  const machine = machineName.toLowerCase();
  if (machine !== '') hosts.add(machine).add(machine.includes('.') ? machine : `${machine}.local`);
  for (const origin of allowedOrigins) {
    const host = hostnameOf(originHost(origin));
    if (host !== undefined) hosts.add(host);
  }
  for (const host of extraHosts) hosts.add(host.toLowerCase());
  return { origins: new Set(allowedOrigins.map(normalizeOrigin)), hosts, plainOnlyOnLoopback, trustedProxies: new Set(trustedProxies) };
}

/** Over plain HTTP, when the server also serves HTTPS, only a loopback Host (the desk at the server itself). */
export function transportAllowed(req: IncomingMessage, rules: HandshakeRules): boolean {
  if (!rules.plainOnlyOnLoopback || req.socket instanceof TLSSocket) return true;
  if (rules.trustedProxies.has(req.socket.remoteAddress ?? '') && req.headers['x-forwarded-proto'] === 'https') return true;
  const name = hostnameOf(req.headers.host);
  return name !== undefined && isLoopbackName(name);
}

/**
 * A browser always sends Host with the name it used to reach us. A rebinding page reaches us under its own name,
 * which is none of ours: refused, whatever its Origin says. A request without Host is no browser's: refused too.
 */
export function hostAllowed(req: IncomingMessage, rules: HandshakeRules): boolean {
  const name = hostnameOf(req.headers.host);
  if (name === undefined) return false;
  if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true;
  return rules.hosts.has(name);
}

/**
 * Browsers always send Origin on a WebSocket handshake; other clients (stompjs in Node, curl) may not, and
 * gain nothing by forging it, so no Origin is allowed. The request's own origin is accepted over http and
 * https alike because TLS is often terminated by a proxy in front of us.
 */
export function originAllowed(req: IncomingMessage, rules: HandshakeRules): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const normalized = normalizeOrigin(origin);
  if (rules.origins.has(normalized)) return true;
  const host = req.headers.host;
  if (host === undefined || host === '') return false;
  return normalized === normalizeOrigin(`http://${host}`) || normalized === normalizeOrigin(`https://${host}`);
}

/** `HTTPS://Example.com:443/` → `https://example.com`; anything that is not an http(s) URL stays as written. */
export function normalizeOrigin(text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // not a URL: compared verbatim below
  }
  return text;
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
