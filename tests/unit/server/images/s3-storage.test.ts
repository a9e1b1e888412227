// What only the S3 storage does (server/images/s3-storage.ts), on the emulator (tests/support/s3-emulator.ts): keys
// under the prefix with their Content-Type, deletes in batches of 1000, signed requests only, and an S3 that is down,
// slow or misconfigured answered in words (or as a fault) within the time limit, never a hang.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageMessages } from '../../../../src/protocol/messages';
import { ImageRefused } from '../../../../server/images/image-refused';
import { s3Storage } from '../../../../server/images/s3-storage';
import { groupKeys, variantKeys, type ImageStorage } from '../../../../server/images/storage';
import { emulatorSettings, recordingLogger } from '../../../support/image-storages';
import { startS3Emulator, type S3Emulator } from '../../../support/s3-emulator';

const EXTENSIONS = { original: 'jpg', full: 'jpg', thumbnail: 'jpg', smallImage: 'jpg', medium: 'jpg', large: 'png' } as const;

let s3: S3Emulator;
let logger: ReturnType<typeof recordingLogger>;
const opened: ImageStorage[] = [];

beforeEach(async () => {
  s3 = await startS3Emulator({ buckets: ['another-bucket'] });
  logger = recordingLogger();
});
afterEach(async () => {
  for (const storage of opened.splice(0)) storage.close?.();
  await s3.stop();
});

const storageWith = (overrides: Parameters<typeof emulatorSettings>[1] = {}) => {
  const storage = s3Storage(emulatorSettings(s3, overrides), logger);
  opened.push(storage);
  return storage;
};

const storageUnavailable = { name: 'ImageRefused', code: 'SERVICE_UNAVAILABLE', statusCode: 503, message: ImageMessages.storageUnavailable };

describe('s3Storage', () => {
  it('stores each file under the prefix with the Content-Type it was given', async () => {
    const keys = variantKeys(randomUUID(), EXTENSIONS);
    await storageWith({ prefix: 'shop-1/live/' }).put(keys.large, Buffer.from('png bytes'), 'image/png');
    expect(s3.keys()).toEqual([`shop-1/live/${keys.large}`]);
    expect(s3.object(`shop-1/live/${keys.large}`)).toEqual({ body: Buffer.from('png bytes'), contentType: 'image/png' });
  });

  it('serves an object copied in without an image type (binary/octet-stream) with the type of its key', async () => {
    const keys = variantKeys(randomUUID(), EXTENSIONS);
    s3.putObject(keys.large, { body: Buffer.from('png'), contentType: 'binary/octet-stream' });
    const file = await storageWith().read(keys.large);
    file?.stream.resume();
    expect(file).toMatchObject({ size: 3, contentType: 'image/png' });
  });

  it('deletes a long list in requests of at most 1000 keys, quietly', async () => {
    const storage = storageWith();
    const keys = Array.from({ length: 110 }, () => groupKeys(randomUUID())).flat(); // 110 uploads: 2310 keys
    await Promise.all(keys.slice(0, 50).map((key) => storage.put(key, Buffer.from('x'), 'image/jpeg')));
    s3.requests.splice(0);
    await storage.delete(keys);
    expect(s3.keys()).toEqual([]);
    expect(s3.requests.map(({ method, query }) => `${method} ?${query}`)).toEqual(['POST ?delete=', 'POST ?delete=', 'POST ?delete=']);
  });

  it('signs every request: the emulator refuses an unsigned one, and a wrong secret is a fault of the set-up, not "try again"', async () => {
    const unsigned = await fetch(`${s3.endpoint}/${s3.bucket}/ab/x.jpg`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    const key = variantKeys(randomUUID(), EXTENSIONS).full;
    const wrongSecret = storageWith({ credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' } });
    await expect(wrongSecret.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const unknownKey = storageWith({ credentials: { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: s3.secretAccessKey } });
    await expect(unknownKey.read(key)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(s3.keys()).toEqual([]);
    expect(logger.lines.map(({ level, obj }) => [level, Reflect.get(obj, 'code')])).toEqual([['error', 'SignatureDoesNotMatch'], ['error', 'InvalidAccessKeyId']]);
  });

  it('reads a missing key as undefined, but a missing bucket is a fault (logged), not an empty one', async () => {
    const key = variantKeys(randomUUID(), EXTENSIONS).full;
    expect(await storageWith().read(key)).toBeUndefined();
    await expect(storageWith({ bucket: 'no-such-bucket' }).read(key)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    expect(await storageWith({ bucket: 'another-bucket' }).read(key)).toBeUndefined();
  });

  it('retries a passing SlowDown and succeeds', async () => {
    const key = variantKeys(randomUUID(), EXTENSIONS).full;
    s3.fail({ kind: '503' }, 1);
    await storageWith().put(key, Buffer.from('x'), 'image/jpeg');
    expect(s3.keys()).toEqual([key]);
  });

  it('answers an S3 that keeps failing with "try again in a moment" (503, the outbox retries), logged for the operator', async () => {
    const key = variantKeys(randomUUID(), EXTENSIONS).full;
    s3.fail({ kind: '503' }, 10);
    await expect(storageWith().put(key, Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject(storageUnavailable);
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'S3 image storage is not answering', obj: expect.objectContaining({ operation: 'put', code: 'SlowDown', status: 503 }) }));
  });

  it('gives up on an S3 that does not answer within the time limit, each attempt, instead of hanging', async () => {
    const key = variantKeys(randomUUID(), EXTENSIONS).full;
    s3.fail({ kind: 'hang' }, 10);
    const started = Date.now();
    await expect(storageWith({ timeoutSeconds: 1 }).read(key)).rejects.toMatchObject(storageUnavailable);
    expect(Date.now() - started).toBeLessThan(8000); // 3 attempts of 1 s, with backoff
    expect(s3.requests).toHaveLength(3);
  }, 15_000);

  it('answers an S3 that is down (connection refused) with "try again in a moment", for put, read and delete', async () => {
    const storage = storageWith();
    const key = variantKeys(randomUUID(), EXTENSIONS).full;
    await s3.stop();
    await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject(storageUnavailable);
    await expect(storage.read(key)).rejects.toMatchObject(storageUnavailable);
    await expect(storage.delete([key])).rejects.toBeInstanceOf(ImageRefused);
  });
});
