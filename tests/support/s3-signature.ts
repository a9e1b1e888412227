// AWS Signature Version 4 as S3 checks it (docs.aws.amazon.com, "Authenticating requests: AWS Signature Version 4"),
// for the S3 emulator: the Authorization header is taken apart and the signature computed again from the request,
// so a client that signs wrongly (wrong secret, region, headers or body hash) is refused as S3 would refuse it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses a request signed more than 15 minutes from its own clock (RequestTimeTooSkewed). */
const MAX_SKEW_MS = 15 * 60 * 1000;

export interface SignedRequest {
  readonly method: string;
  /** The path and query exactly as sent (request.url). */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** Why a request is refused, in S3's own code and words (all 403 but the missing body hash). */
export interface SignatureRefusal {
  readonly status: number;
  readonly code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'RequestTimeTooSkewed' | 'AuthorizationHeaderMalformed' | 'InvalidRequest';
  readonly message: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it for query names and values. */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(query: string): string {
  const pairs = query === '' ? [] : query.split('&').map((pair) => {
    const [name = '', value = ''] = pair.split('=').map((part) => decodeURIComponent(part.replace(/\+/g, ' ')));
    return [encode(name), encode(value)] as const;
  });
  return pairs.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1)).map(([name, value]) => `${name}=${value}`).join('&');
}

const headerValue = (headers: IncomingHttpHeaders, name: string) => [headers[name] ?? ''].flat().join(',').trim().replace(/\s+/g, ' ');

/**
 * Checks the request's signature with the secret of the access key it names; undefined when it is right. The body's
 * hash is the x-amz-content-sha256 header, checked against the body itself by the caller.
 */
export function checkSignature(request: SignedRequest, secrets: ReadonlyMap<string, string>, now = Date.now()): SignatureRefusal | undefined {
  const authorization = request.headers.authorization;
  if (authorization === undefined) return { status: 403, code: 'AccessDenied', message: 'Access Denied' };
  const parts = new RegExp(`^${ALGORITHM} Credential=([^/]+)/(\\d{8})/([^/]+)/s3/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$`).exec(authorization);
  const [, keyId, day, region, signedHeaders, signature] = parts ?? [];
  if (keyId === undefined || day === undefined || region === undefined || signedHeaders === undefined || signature === undefined) {
    return { status: 400, code: 'AuthorizationHeaderMalformed', message: 'The authorization header is malformed.' };
  }
  const secret = secrets.get(keyId);
  if (secret === undefined) return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
  const amzDate = headerValue(request.headers, 'x-amz-date');
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!amzDate.startsWith(day) || payloadHash === '') return { status: 400, code: 'InvalidRequest', message: 'x-amz-date and x-amz-content-sha256 must be signed.' };
  const time = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!(Math.abs(now - time) <= MAX_SKEW_MS)) return { status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256')) {
    return { status: 403, code: 'AccessDenied', message: 'host, x-amz-date and x-amz-content-sha256 must be signed.' };
  }
  const [path = '/', query = ''] = request.url.split(/\?(.*)/s);
  const canonical = [request.method, path, canonicalQuery(query), ...names.map((name) => `${name}:${headerValue(request.headers, name)}`), '', signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request');
  const expected = hmac(key, [ALGORITHM, amzDate, scope, sha256(canonical)].join('\n'));
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  return undefined;
}

/** The body's SHA-256 as x-amz-content-sha256 states it: true when it matches or the client left it unsigned. */
export const payloadMatches = (headers: IncomingHttpHeaders, body: Buffer): boolean => {
  const stated = headerValue(headers, 'x-amz-content-sha256');
  return stated === 'UNSIGNED-PAYLOAD' || stated === sha256(body);
};
