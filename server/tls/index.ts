// HTTPS out of the box (issue 30): the public face of server/tls. openTls makes or opens the server's own CA
// (TLS=auto) or reads the admin's certificate (TLS=files); app.ts gives the result to the HTTPS listener.
import type { Logger } from '../services';
import { openAuthority, type Authority } from './authority';
import { autoCertificates, fileCertificates, type CertificateSource } from './certificate-source';
import { permittedFor, reachableHosts, thisMachine, type Machine } from './names';
import type { TlsSettings } from './settings';

export { TlsFileError } from './authority';
export { closeListener, createHttpsListener, listenOn, portInUse } from './https-listener';
export { deviceSetupSource, type ListeningPorts } from './device-setup';
export type { DeviceSetupSource } from './types';

export interface Tls {
  mode: 'auto' | 'files';
  /** The configured HTTPS_PORT (0: any free one). */
  httpsPort: number;
  /** The server's own CA (TLS=auto). */
  authority: Authority | undefined;
  /** True when this start made the CA: devices have to be set up. */
  createdAuthority: boolean;
  certificates: CertificateSource;
  /** Names allowed as Host besides addresses and the machine's own (TLS_NAMES, or the given certificate's names). */
  names: readonly string[];
  /** Where devices on the shop's network reach the server, best first. */
  hosts(): string[];
  close(): void;
}

export interface TlsEnvironment {
  logger: Logger;
  machine?: () => Machine;
  now?: () => Date;
}

export function openTls(settings: TlsSettings, { logger, machine = thisMachine, now = () => new Date() }: TlsEnvironment): Tls | undefined {
  if (settings.kind === 'off') return undefined;
  const checkEveryMs = settings.checkEverySeconds * 1000;
  if (settings.kind === 'files') {
    const certificates = fileCertificates({ certFile: settings.certFile, keyFile: settings.keyFile, logger, checkEveryMs });
    return {
      mode: 'files',
      httpsPort: settings.httpsPort,
      authority: undefined,
      createdAuthority: false,
      certificates,
      names: certificates.dnsNames(),
      hosts: () => [...certificates.dnsNames()],
      close: () => certificates.close(),
    };
  }
  const here = machine();
  const { authority, created } = openAuthority(settings.folder, permittedFor(here, settings.names), now(), here.hostname);
  if (created) logger.info({ folder: settings.folder, fingerprint: authority.fingerprint }, 'tls: made the certificate authority devices will trust');
  const certificates = autoCertificates({ authority, tlsNames: settings.names, machine, now, logger, checkEveryMs });
  return {
    mode: 'auto',
    httpsPort: settings.httpsPort,
    authority,
    createdAuthority: created,
    certificates,
    names: settings.names,
    hosts: () => reachableHosts(machine(), settings.names, authority.permitted),
    close: () => certificates.close(),
  };
}
