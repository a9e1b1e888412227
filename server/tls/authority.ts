// The server's own certificate authority (issue 30), kept in DATA_DIR/tls: made once on the first start and never
// again by itself, because every tablet set up trusts exactly this one. A missing half or a damaged file stops the
// start with the file's name; only `npm run tls -- --new-ca` replaces it.
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { permittedSubtreesOf, distinguishedName, extensions, KeyUsageFlags, newKeyPair, signCertificate } from './x509';
import type { PermittedNames } from './names';

export const CA_CERTIFICATE_FILE = 'ca.crt';
export const CA_KEY_FILE = 'ca.key';

/** Long enough to outlive the tablets it sets up; renewing it means setting every device up again. */
const CA_VALIDITY_YEARS = 20;

/** A file of the TLS folder (or TLS_CERT/TLS_KEY) that is missing, unreadable or not what it should be. */
export class TlsFileError extends Error {
  constructor(readonly file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'TlsFileError';
  }
}

export interface Authority {
  certificatePem: string;
  certificate: X509Certificate;
  key: KeyObject;
  /** The SHA-256 of the certificate, 'AB:CD:…': what a person compares on a device. */
  fingerprint: string;
  /** What its name constraints permit: the server certificate may name nothing else. */
  permitted: PermittedNames;
}

/**
 * The CA kept in `folder`, or a new one made there when the folder holds neither of its files (the first start).
 * One file without the other, or either unreadable, is an error naming it: a silent new CA would break every device.
 */
export function openAuthority(folder: string, permitted: PermittedNames, now: Date, machineName: string): { authority: Authority; created: boolean } {
  const certificateFile = join(folder, CA_CERTIFICATE_FILE);
  const keyFile = join(folder, CA_KEY_FILE);
  const haveCertificate = existsSync(certificateFile);
  const haveKey = existsSync(keyFile);
  if (!haveCertificate && !haveKey) return { authority: createAuthority(folder, permitted, now, machineName), created: true };
  if (!haveKey) throw new TlsFileError(keyFile, `missing beside ${CA_CERTIFICATE_FILE}: restore it from a backup, or make a new CA with 'npm run tls -- --new-ca' (every device must then be set up again)`);
  if (!haveCertificate) throw new TlsFileError(certificateFile, `missing beside ${CA_KEY_FILE}: restore it from a backup, or make a new CA with 'npm run tls -- --new-ca' (every device must then be set up again)`);
  return { authority: readAuthority(certificateFile, keyFile, now), created: false };
}

function readAuthority(certificateFile: string, keyFile: string, now: Date): Authority {
  const certificatePem = readTlsFile(certificateFile);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(certificatePem);
  } catch {
    throw new TlsFileError(certificateFile, 'is not a PEM certificate (damaged?)');
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(readTlsFile(keyFile));
  } catch {
    throw new TlsFileError(keyFile, 'is not a PEM private key (damaged?)');
  }
  if (!certificate.ca) throw new TlsFileError(certificateFile, 'is not a certificate authority');
  if (!certificate.checkPrivateKey(key)) throw new TlsFileError(keyFile, `does not belong to ${CA_CERTIFICATE_FILE}`);
  if (new Date(certificate.validTo) <= now) {
    throw new TlsFileError(certificateFile, `expired on ${certificate.validTo}: make a new CA with 'npm run tls -- --new-ca' and set every device up again`);
  }
  return { certificatePem, certificate, key, fingerprint: certificate.fingerprint256, permitted: permittedSubtreesOf(certificate.raw) };
}

/** A TLS file's text, or a TlsFileError naming it (ENOENT, EACCES: what the admin has to fix). */
export function readTlsFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new TlsFileError(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** A new CA in `folder` (its key readable by this user only), replacing any there. */
export function createAuthority(folder: string, permitted: PermittedNames, now: Date, machineName: string): Authority {
  const { privateKey, publicKey } = newKeyPair();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_VALIDITY_YEARS);
  // The name says which machine and when, so a person can tell two shops' (or an old and a new) CAs apart in Settings.
  const name = distinguishedName(`LotDesk CA (${machineName || 'server'}) ${now.toISOString().slice(0, 10)}`);
  const certificatePem = signCertificate({
    subject: name,
    issuer: name,
    notBefore: new Date(now.getTime() - 60 * 60 * 1000), // an hour of clock difference on a device
    notAfter,
    publicKey,
    signingKey: privateKey,
    extensions: [
      extensions.authority(0),
      extensions.keyUsage(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign),
      extensions.subjectKeyId(publicKey),
      extensions.nameConstraints(permitted.dnsNames, permitted.ranges),
    ],
  });
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // Key first, certificate last, each through a temporary name: a crash leaves no certificate without its key.
  writeAtomically(join(folder, CA_KEY_FILE), privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), 0o600);
  writeAtomically(join(folder, CA_CERTIFICATE_FILE), certificatePem, 0o644);
  const certificate = new X509Certificate(certificatePem);
  return { certificatePem, certificate, key: privateKey, fingerprint: certificate.fingerprint256, permitted: permittedSubtreesOf(certificate.raw) };
}

function writeAtomically(file: string, text: string, mode: number): void {
  const temporary = `${file}.new`;
  rmSync(temporary, { force: true });
  writeFileSync(temporary, text, { mode, flag: 'wx' });
  chmodSync(temporary, mode); // the umask may have taken bits away; never added any
  renameSync(temporary, file);
}
