// Image files in a bucket of AWS S3 or of any S3-compatible service (IMAGE_STORAGE=s3, issue 18), so every server
// process shares them. Owns the S3 client, the key prefix and what an S3 failure means to the caller; never lists the
// bucket nor touches a key outside the scheme (storage.ts) under its prefix.
import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ImageMessages } from '../../src/protocol/messages';
import type { Logger } from '../services';
import { ImageRefused } from './image-refused';
import { contentTypeOf, InvalidImageKey, isStorageKey, publicPathOf, type ImageStorage, type StoredFile } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** A non-AWS service's address (MinIO, Ceph, R2, …); AWS's own endpoint when undefined. */
  endpoint: string | undefined;
  /** bucket in the path (http://host/bucket/key), as most self-hosted services want, instead of in the host name. */
  forcePathStyle: boolean;
  /** undefined: the SDK's default chain (environment, shared files, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** '' or folders ending in '/', in front of every key: one bucket can hold several installs. */
  prefix: string;
  /** The longest an attempt may go without a byte moving either way (S3_TIMEOUT). */
  timeoutSeconds: number;
}

/** DeleteObjects takes at most 1000 keys a request (S3 API). */
const DELETE_BATCH = 1000;
/** A reachable S3 connects in milliseconds: an endpoint that does not within this is down. */
const CONNECT_TIMEOUT_MS = 3000;
/** The SDK's own default, written down: a blip is retried (with backoff), a dead service fails within ~3 timeouts. */
const MAX_ATTEMPTS = 3;

/** The SDK's error with S3's code and HTTP status, or undefined for a failure that got no answer (network, timeout). */
const serviceError = (error: unknown): S3ServiceException | undefined => (error instanceof S3ServiceException ? error : undefined);

/** No answer, a timeout, throttling or a 5xx: the service is down or busy now, and the same request may work later. */
function isTransient(error: unknown): boolean {
  const answered = serviceError(error);
  const status = answered?.$metadata.httpStatusCode;
  return answered === undefined || status === undefined || status >= 500 || status === 429;
}

/** A missing file: S3's NoSuchKey, or a bare 404 from a service that sends no error body (never a missing bucket). */
function isMissing(error: unknown): boolean {
  const answered = serviceError(error);
  return answered !== undefined && answered.name !== 'NoSuchBucket' && (answered.name === 'NoSuchKey' || answered.$metadata.httpStatusCode === 404);
}

export function s3Storage(settings: S3Settings, logger: Logger): ImageStorage {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    maxAttempts: MAX_ATTEMPTS,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
    ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
    // Checksums only where S3 requires them (DeleteObjects): many S3-compatible services refuse the SDK's newer
    // default checksum headers, and variants are written once from bytes in memory.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A silence, not a duration: a 25 MB original on a slow uplink may take a minute and still be moving, while an S3
    // that stops answering (before its answer or mid-body) is given up after timeoutSeconds without a byte either way.
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: settings.timeoutSeconds * 1000 },
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => `${settings.prefix}${key}`;

  /**
   * What the caller gets for an S3 failure: a service that is down, slow or busy is the user's "try again in a moment"
   * (ImageRefused, SERVICE_UNAVAILABLE: the outbox retries it); anything else (access denied, no such bucket) is a
   * fault of the set-up, thrown as it is, like a disk that cannot be written. Both are logged with S3's own words.
   */
  const failure = (operation: string, error: unknown): Error => {
    const answered = serviceError(error);
    const detail = { err: error, operation, bucket: Bucket, code: answered?.name, status: answered?.$metadata.httpStatusCode };
    if (isTransient(error)) {
      logger.warn(detail, 'S3 image storage is not answering');
      return new ImageRefused('storageUnavailable', ImageMessages.storageUnavailable, { cause: error });
    }
    logger.error(detail, 'S3 image storage refused a request');
    return error instanceof Error ? error : new Error(String(error));
  };

  return {
    async put(key, data, contentType) {
      if (!isStorageKey(key)) throw new InvalidImageKey(key);
      // One PUT: S3 shows the old object or the new one, never part of either.
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: data, ContentLength: data.length, ContentType: contentType })).catch((error: unknown) => {
        throw failure('put', error);
      });
    },

    async delete(keys) {
      // Every key checked before any is deleted; deleting a missing key is a success in S3 too.
      for (const key of keys) if (!isStorageKey(key)) throw new InvalidImageKey(key);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const Objects = keys.slice(start, start + DELETE_BATCH).map((key) => ({ Key: objectKey(key) }));
        // Quiet: S3 names only the keys it could not delete.
        const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })).catch((error: unknown) => {
          throw failure('delete', error);
        });
        const errors = answer.Errors ?? [];
        const [first] = errors;
        if (first) throw new Error(`S3 could not delete ${errors.length} image files, first ${first.Key ?? '?'}: ${first.Code ?? ''} ${first.Message ?? ''}`);
      }
    },

    async read(key): Promise<StoredFile | undefined> {
      if (!isStorageKey(key)) return undefined;
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) })).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw failure('read', error);
      });
      if (answer === undefined) return undefined;
      const { Body: body, ContentLength: size, ContentType: contentType } = answer;
      // In Node the body is the response stream; the serving route needs its length before the first byte.
      if (!(body instanceof Readable) || size === undefined) {
        if (body instanceof Readable) body.destroy();
        throw new Error(`S3 answered ${key} without a readable body and its length`);
      }
      // The type it was stored with; an object copied in without one (S3 then says binary/octet-stream) gets its key's.
      return { stream: body, size, contentType: contentType?.startsWith('image/') ? contentType : contentTypeOf(key) };
    },

    publicPath: publicPathOf,

    close: () => client.destroy(),
  };
}
