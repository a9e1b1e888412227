// Setting up a tablet or phone (issue 30): what the Devices screen and the server's /setup page tell a person about
// how this server is reached over the shop's network. Not in the spec.
import { z } from 'zod';

/** auto: the server is its own certificate authority; files: a certificate the admin gave (TLS_CERT); off: HTTP only. */
export const TlsModeSchema = z.enum(['auto', 'files', 'off']);
export type TlsMode = z.infer<typeof TlsModeSchema>;

/** A host name or an IP address (an IPv6 one without brackets), as a device would type it. */
const HostText = z.string().min(1).max(253);

export const DeviceSetupSchema = z.object({
  mode: TlsModeSchema,
  /** The plain HTTP port: http://<host>:<httpPort>/setup is what a new device opens first. */
  httpPort: z.number().int().min(1).max(65535),
  /** The HTTPS port the app is used on; absent with TLS=off. */
  httpsPort: z.number().int().min(1).max(65535).optional(),
  /** The names and addresses a device on the shop's network reaches this server by (no loopback), best first. */
  hosts: z.array(HostText).max(64),
  /** The certificate authority's SHA-256 fingerprint, 'AB:CD:…' (32 pairs), for a person to compare; auto only. */
  caFingerprint: z.string().regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/).optional(),
});
export type DeviceSetup = z.infer<typeof DeviceSetupSchema>;

/** A host as a URL names it: an IPv6 address in brackets ('fd00::5' → '[fd00::5]'). */
export const urlHost = (host: string): string => (host.includes(':') ? `[${host}]` : host);
