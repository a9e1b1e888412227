// Where the HTTPS listener's key and certificate come from, and when they change: issued by the server's own CA and
// reissued by itself (TLS=auto), or read from the admin's files and read again when they change (TLS=files).
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { unwatchFile, watchFile } from 'node:fs';
import type { Logger } from '../services';
import { readTlsFile, TlsFileError, type Authority } from './authority';
import { certificateNames, type CertificateNames, type Machine } from './names';
import { issueServerCertificate, nearsItsEnd, type ServerCertificate } from './server-certificate';

export interface KeyAndCertificate {
  key: string;
  cert: string;
}

export interface CertificateSource {
  current(): KeyAndCertificate;
  /** The DNS names the certificate carries (what a device may type). */
  dnsNames(): readonly string[];
  /** Called after the certificate changed: the listener takes the new one without a restart. */
  onChange(listener: () => void): void;
  close(): void;
}

/** How often the server looks for a changed address and a certificate near its end (and TLS=files for new files). */
export const CHECK_EVERY_MS = 30_000;

export interface AutoOptions {
  authority: Authority;
  tlsNames: readonly string[];
  machine: () => Machine;
  now: () => Date;
  logger: Logger;
  checkEveryMs?: number;
}

/** TLS=auto: a certificate for every name and address this machine has now, reissued when they change. */
export function autoCertificates({ authority, tlsNames, machine, now, logger, checkEveryMs = CHECK_EVERY_MS }: AutoOptions): CertificateSource & { check(): boolean } {
  const listeners: Array<() => void> = [];
  const namesNow = () => certificateNames(machine(), tlsNames, authority.permitted);
  const issue = (names: CertificateNames): ServerCertificate => {
    const issued = issueServerCertificate(authority, names, now());
    logger.info({ dnsNames: names.dnsNames, ipAddresses: names.ipAddresses, notAfter: issued.notAfter.toISOString() }, 'tls: issued the server certificate');
    // A name the CA may not vouch for would make browsers refuse the whole certificate: it is left out, and said.
    if (names.leftOut.length > 0) logger.warn({ leftOut: names.leftOut }, 'tls: names the certificate authority does not permit are left out (docs/operations.md, TLS_NAMES)');
    return issued;
  };
  let certificate = issue(namesNow());

  const check = (): boolean => {
    const names = namesNow();
    const changed = sameNames(names, certificate.names) ? undefined : 'an address or name changed';
    const reason = changed ?? (nearsItsEnd(certificate, now()) ? 'the certificate nears its end' : undefined);
    if (reason === undefined) return false;
    logger.info({ reason }, 'tls: reissuing the server certificate');
    certificate = issue(names);
    for (const listener of listeners) listener();
    return true;
  };
  const timer = setInterval(check, checkEveryMs);
  timer.unref();

  return {
    current: () => ({ key: certificate.keyPem, cert: certificate.certificatePem }),
    dnsNames: () => certificate.names.dnsNames,
    onChange: (listener) => listeners.push(listener),
    check,
    close: () => clearInterval(timer),
  };
}

const sameNames = (a: CertificateNames, b: CertificateNames) =>
  a.dnsNames.join() === b.dnsNames.join() && a.ipAddresses.join() === b.ipAddresses.join();

export interface FileOptions {
  certFile: string;
  keyFile: string;
  logger: Logger;
  checkEveryMs?: number;
}

/** TLS=files: the admin's certificate (e.g. certbot's fullchain.pem and privkey.pem), read again when either changes. */
export function fileCertificates({ certFile, keyFile, logger, checkEveryMs = CHECK_EVERY_MS }: FileOptions): CertificateSource {
  const listeners: Array<() => void> = [];
  let loaded = readPair(certFile, keyFile);

  const reload = () => {
    try {
      loaded = readPair(certFile, keyFile);
      logger.info({ certFile, notAfter: loaded.notAfter }, 'tls: read the new certificate files');
      for (const listener of listeners) listener();
    } catch (error) {
      // Mid-renewal the certificate may be new and the key not yet: keep serving the old pair until both agree.
      logger.warn({ err: error }, 'tls: the changed certificate files cannot be used yet; still serving the previous ones');
    }
  };
  const options = { interval: checkEveryMs, persistent: false };
  watchFile(certFile, options, reload);
  watchFile(keyFile, options, reload);

  return {
    current: () => loaded.pair,
    dnsNames: () => loaded.dnsNames,
    onChange: (listener) => listeners.push(listener),
    close: () => {
      unwatchFile(certFile, reload);
      unwatchFile(keyFile, reload);
    },
  };
}

function readPair(certFile: string, keyFile: string): { pair: KeyAndCertificate; dnsNames: string[]; notAfter: string } {
  const cert = readTlsFile(certFile);
  const key = readTlsFile(keyFile);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new TlsFileError(certFile, 'is not a PEM certificate');
  }
  try {
    if (!certificate.checkPrivateKey(createPrivateKey(key))) throw new TlsFileError(keyFile, `is not the key of ${certFile}`);
  } catch (error) {
    throw error instanceof TlsFileError ? error : new TlsFileError(keyFile, 'is not a PEM private key');
  }
  const dnsNames = (certificate.subjectAltName ?? '').split(', ').filter((n) => n.startsWith('DNS:')).map((n) => n.slice(4)).filter((n) => !n.startsWith('*'));
  return { pair: { key, cert }, dnsNames, notAfter: certificate.validTo };
}
