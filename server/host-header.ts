// The Host header read once for everyone who decides by it: the WebSocket handshake (stomp/handshake.ts) and the
// plain HTTP port's rules (http/plain-port.ts).
import { isIP } from 'node:net';

/** `Desk.Example.com:8080` → `desk.example.com`, `[::1]:8080` → `::1`; undefined when it is no host at all. */
export function hostnameOf(host: string | undefined): string | undefined {
  if (host === undefined || host.trim() === '') return undefined;
  try {
    const name = new URL(`http://${host.trim()}`).hostname.replace(/\.$/, '');
    return name.startsWith('[') && name.endsWith(']') ? name.slice(1, -1) : name;
  } catch {
    return undefined;
  }
}

/** A name that only ever means this machine: a browser counts a page under it as a secure context even over http. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  return name === '::1';
}

export { urlHost } from '../src/protocol/devices';
