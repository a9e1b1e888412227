// X.509 certificates made here, for the server's own certificate authority (issue 30): the ASN.1 structures from
// @peculiar/asn1-x509, keys and signatures from node:crypto (ECDSA P-256 with SHA-256, what every browser accepts).
// It builds and signs; which names go in and for how long is authority.ts's and server-certificate.ts's.
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier, AttributeTypeAndValue, AttributeValue, AuthorityKeyIdentifier, BasicConstraints, Certificate, ExtendedKeyUsage,
  Extension, Extensions, GeneralName, GeneralSubtree, GeneralSubtrees, KeyUsage, KeyUsageFlags, Name, NameConstraints,
  RelativeDistinguishedName, SubjectAlternativeName, SubjectKeyIdentifier, SubjectPublicKeyInfo, TBSCertificate, Validity,
  id_ce_authorityKeyIdentifier, id_ce_basicConstraints, id_ce_extKeyUsage, id_ce_keyUsage, id_ce_nameConstraints,
  id_ce_subjectAltName, id_ce_subjectKeyIdentifier, id_kp_serverAuth,
} from '@peculiar/asn1-x509';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const COMMON_NAME = '2.5.4.3';
const ORGANIZATION = '2.5.4.10';

export interface KeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export const newKeyPair = (): KeyPair => generateKeyPairSync('ec', { namedCurve: 'P-256' });

/** 'CN=<commonName>, O=LotDesk'. */
export function distinguishedName(commonName: string): Name {
  const attribute = (type: string, value: string) =>
    new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: value }) })]);
  return new Name([attribute(ORGANIZATION, 'LotDesk'), attribute(COMMON_NAME, commonName)]);
}

const spkiOf = (publicKey: KeyObject): SubjectPublicKeyInfo =>
  AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo);

/** RFC 5280's method 1: the SHA-1 of the public key's bits (an identifier, not a security function). */
export function keyIdentifier(publicKey: KeyObject): Buffer {
  return createHash('sha1').update(Buffer.from(spkiOf(publicKey).subjectPublicKey)).digest();
}

const extension = (extnID: string, critical: boolean, value: object) =>
  new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });

/** The extensions the authority and the server certificate are made of. */
export const extensions = {
  authority: (pathLength: number) => extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: true, pathLenConstraint: pathLength })),
  endEntity: () => extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: false })),
  keyUsage: (flags: number) => extension(id_ce_keyUsage, true, new KeyUsage(flags)),
  serverAuth: () => extension(id_ce_extKeyUsage, false, new ExtendedKeyUsage([id_kp_serverAuth])),
  subjectKeyId: (publicKey: KeyObject) => extension(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(keyIdentifier(publicKey))),
  authorityKeyId: (issuerKey: KeyObject) =>
    extension(id_ce_authorityKeyIdentifier, false, new AuthorityKeyIdentifier({ keyIdentifier: new OctetString(keyIdentifier(issuerKey)) })),
  /** DNS names and IP addresses ('192.168.1.20', 'fd00::5'). */
  subjectAltName: (dnsNames: readonly string[], ipAddresses: readonly string[]) =>
    extension(id_ce_subjectAltName, false, new SubjectAlternativeName([
      ...dnsNames.map((dNSName) => new GeneralName({ dNSName })),
      ...ipAddresses.map((iPAddress) => new GeneralName({ iPAddress })),
    ])),
  /** Critical, permitted subtrees only: DNS names (each with every name under it) and address ranges ('10.0.0.0/8'). */
  nameConstraints: (dnsNames: readonly string[], ranges: readonly string[]) =>
    extension(id_ce_nameConstraints, true, new NameConstraints({
      permittedSubtrees: new GeneralSubtrees([
        ...dnsNames.map((dNSName) => new GeneralSubtree({ base: new GeneralName({ dNSName }) })),
        ...ranges.map((iPAddress) => new GeneralSubtree({ base: new GeneralName({ iPAddress }) })),
      ]),
    })),
};

export { KeyUsageFlags };

export interface CertificateOrder {
  subject: Name;
  issuer: Name;
  notBefore: Date;
  notAfter: Date;
  publicKey: KeyObject;
  extensions: Extension[];
  /** The issuer's private key (the subject's own for a self-signed certificate). */
  signingKey: KeyObject;
}

/** A signed certificate as PEM. Serial numbers are 16 random bytes (positive), as browsers expect of a CA. */
export function signCertificate(order: CertificateOrder): string {
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f; // a positive INTEGER, never with a leading zero byte to strip
  serial[0] |= 0x01;
  const signature = new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 });
  const tbs = new TBSCertificate({
    version: 2, // v3
    serialNumber: serial.buffer.slice(serial.byteOffset, serial.byteOffset + serial.byteLength),
    signature,
    issuer: order.issuer,
    validity: new Validity({ notBefore: order.notBefore, notAfter: order.notAfter }),
    subject: order.subject,
    subjectPublicKeyInfo: spkiOf(order.publicKey),
    extensions: new Extensions(order.extensions),
  });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const signatureValue = sign('sha256', tbsDer, { key: order.signingKey, dsaEncoding: 'der' });
  const certificate = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: signature,
    signatureValue: signatureValue.buffer.slice(signatureValue.byteOffset, signatureValue.byteOffset + signatureValue.byteLength),
  });
  return toPem(Buffer.from(AsnConvert.serialize(certificate)), 'CERTIFICATE');
}

export function toPem(der: Buffer, label: string): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** A certificate's subject as it is encoded: what a certificate it issues names as its issuer, byte for byte. */
export const subjectOf = (certificateDer: Buffer): Name => AsnConvert.parse(certificateDer, Certificate).tbsCertificate.subject;

/** The permitted DNS names and address ranges of a CA certificate's name constraints (empty when it has none). */
export function permittedSubtreesOf(certificateDer: Buffer): { dnsNames: string[]; ranges: string[] } {
  const certificate = AsnConvert.parse(certificateDer, Certificate);
  const found = certificate.tbsCertificate.extensions?.find((e) => e.extnID === id_ce_nameConstraints);
  const dnsNames: string[] = [];
  const ranges: string[] = [];
  if (found === undefined) return { dnsNames, ranges };
  const constraints = AsnConvert.parse(found.extnValue.buffer, NameConstraints);
  for (const subtree of constraints.permittedSubtrees ?? []) {
    if (subtree.base.dNSName !== undefined) dnsNames.push(subtree.base.dNSName);
    if (subtree.base.iPAddress !== undefined) ranges.push(subtree.base.iPAddress);
  }
  return { dnsNames, ranges };
}
