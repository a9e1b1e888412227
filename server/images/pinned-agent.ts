// An undici Agent whose sockets can reach only the addresses url-target.ts checked: its DNS lookup answers with
// those and never asks DNS again, so a name that resolves to a public address for the check and to 127.0.0.1 a
// moment later (DNS rebinding) still connects to the checked one. TLS SNI, the certificate check and the Host
// header keep the name: undici passes the URL's hostname to tls.connect and writes Host from the URL.
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import type { CheckedTarget, ResolvedAddress } from './url-target';

type LookupCallback = Parameters<LookupFunction>[2];

const wantedFamily = (family: LookupOptions['family']): 0 | 4 | 6 => {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
};

/** A lookup that answers every name with the checked addresses (of the family asked for, if any). */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    const family = wantedFamily(options.family);
    const usable: LookupAddress[] = addresses
      .filter((entry) => family === 0 || entry.family === family)
      .map(({ address, family: entryFamily }) => ({ address, family: entryFamily }));
    const first = usable[0];
    // net asks with all: true when it races IPv4 and IPv6 (autoSelectFamily), for one address otherwise.
    if (first === undefined) callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), '', 0);
    else if (options.all === true) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}

/** One hop's dispatcher: one connection to the checked addresses, undici's own timeouts bounded by the fetch's. */
export function pinnedAgent(target: CheckedTarget, timeoutMs: number): Agent {
  return new Agent({
    connect: { lookup: pinnedLookup(target.addresses), timeout: timeoutMs },
    connections: 1,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}
