// The HTTPS certificate the server issues itself from its CA (issue 30), as browsers accept it from a root a person
// installed: every name in subjectAltName, EKU serverAuth, ECDSA P-256 with SHA-256, valid at most 398 days.
import type { Authority } from './authority';
import type { CertificateNames } from './names';
import { distinguishedName, extensions, KeyUsageFlags, newKeyPair, signCertificate, subjectOf } from './x509';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Under the 398 days Apple and Chrome accept (an hour of the total goes before `now`, for devices' clocks). */
export const SERVER_CERTIFICATE_DAYS = 397;
/** How long before it ends the certificate is replaced (issue 30: 30 days). */
export const RENEW_BEFORE_DAYS = 30;

export interface ServerCertificate {
  /** The certificate alone: a device that trusts the CA needs no more. */
  certificatePem: string;
  keyPem: string;
  names: CertificateNames;
  notAfter: Date;
}

export function issueServerCertificate(authority: Authority, names: CertificateNames, now: Date): ServerCertificate {
  const { privateKey, publicKey } = newKeyPair();
  const notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  const notAfter = new Date(notBefore.getTime() + SERVER_CERTIFICATE_DAYS * DAY_MS);
  const certificatePem = signCertificate({
    // Not a host name: a verifier that still reads the common name as one would find it outside the constraints.
    subject: distinguishedName('LotDesk server'),
    issuer: subjectOf(authority.certificate.raw),
    notBefore,
    notAfter,
    publicKey,
    signingKey: authority.key,
    extensions: [
      extensions.endEntity(),
      extensions.keyUsage(KeyUsageFlags.digitalSignature),
      extensions.serverAuth(),
      extensions.subjectKeyId(publicKey),
      extensions.authorityKeyId(authority.certificate.publicKey),
      extensions.subjectAltName(names.dnsNames, names.ipAddresses),
    ],
  });
  return { certificatePem, keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), names, notAfter };
}

/** True when `certificate` ends within RENEW_BEFORE_DAYS of `now`. */
export function nearsItsEnd(certificate: ServerCertificate, now: Date): boolean {
  return certificate.notAfter.getTime() - now.getTime() <= RENEW_BEFORE_DAYS * DAY_MS;
}
