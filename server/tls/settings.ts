// The TLS settings (issue 30): TLS, HTTPS_PORT, TLS_NAMES, TLS_CERT and TLS_KEY, read by config.ts.
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { ConfigError, parseDuration, port, setting, type Env } from '../setting';

/** The folder under DATA_DIR that keeps the certificate authority (made once, kept: devices trust it). */
export const TLS_FOLDER = 'tls';

export type TlsSettings =
  /** HTTP only, every host served: TLS ends at a reverse proxy in front. */
  | { kind: 'off' }
  /** The server is its own certificate authority (DATA_DIR/tls) and issues its HTTPS certificate itself. */
  | { kind: 'auto'; httpsPort: number; folder: string; names: readonly string[]; checkEverySeconds: number }
  /** A certificate the admin gave (the shop's own domain), reloaded when its files change. */
  | { kind: 'files'; httpsPort: number; certFile: string; keyFile: string; checkEverySeconds: number };

const TLS_MODES = ['auto', 'off', 'files'] as const;

/** One DNS label: letters, digits and inner hyphens (RFC 1123). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name a certificate may carry: labels joined by dots, at most 253 characters; no wildcard. */
export function isDnsName(name: string): boolean {
  return name.length <= 253 && name.split('.').every((label) => LABEL.test(label));
}

/** 'Shop-PC.lan, 192.168.1.20' → ['shop-pc.lan', '192.168.1.20']; undefined when one of them is neither. */
const namesList = (raw: string): string[] | undefined => {
  const names = raw.split(',').map((name) => name.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean);
  return names.every((name) => isIP(name) !== 0 || isDnsName(name)) ? [...new Set(names)] : undefined;
};

export function tlsSettings(env: Env, dataDir: string): TlsSettings {
  const kind = setting<TlsSettings['kind']>(env, 'TLS', 'auto', (raw) => TLS_MODES.find((mode) => mode === raw), "'auto', 'off' or 'files'");
  const names = setting<string[]>(env, 'TLS_NAMES', [], namesList, 'a comma-separated list of host names or IP addresses');
  const file = (name: string) => setting<string | undefined>(env, name, undefined, (raw) => resolve(raw), 'a file path');
  const certFile = file('TLS_CERT');
  const keyFile = file('TLS_KEY');
  // A setting the chosen mode would ignore is a half-made switch: say so instead of quietly serving something else.
  if (kind !== 'files' && (certFile !== undefined || keyFile !== undefined)) {
    throw new ConfigError('TLS', `${certFile !== undefined ? 'TLS_CERT' : 'TLS_KEY'} is set: say TLS=files to serve that certificate`);
  }
  if (kind !== 'auto' && names.length > 0) throw new ConfigError('TLS_NAMES', `names the server's own certificate, made only with TLS=auto (TLS is '${kind}')`);
  if (kind === 'off') return { kind };
  const httpsPort = setting(env, 'HTTPS_PORT', 8443, port, 'a port number 0–65535');
  const httpPort = setting(env, 'PORT', 8080, port, 'a port number 0–65535');
  if (httpsPort !== 0 && httpsPort === httpPort) throw new ConfigError('HTTPS_PORT', `must differ from PORT (${httpPort})`);
  // How soon a new address (auto) or a renewed certificate file (files) is served.
  const checkEverySeconds = setting(env, 'TLS_CHECK_INTERVAL', 30, (raw) => {
    const seconds = parseDuration(raw);
    return seconds !== undefined && seconds <= 3600 ? seconds : undefined;
  }, "a duration up to 1h, such as '30s' or seconds");
  if (kind === 'auto') return { kind, httpsPort, folder: join(dataDir, TLS_FOLDER), names, checkEverySeconds };
  if (certFile === undefined || keyFile === undefined) {
    throw new ConfigError(certFile === undefined ? 'TLS_CERT' : 'TLS_KEY', 'TLS=files needs TLS_CERT and TLS_KEY (the certificate chain and its private key, PEM)');
  }
  return { kind, httpsPort, certFile, keyFile, checkEverySeconds };
}
