// The ImageStorage contract (server/images/storage.ts), run against both implementations: the disk
// (server/images/disk-storage.ts) and S3 (server/images/s3-storage.ts, on the emulator of tests/support/s3-emulator.ts),
// so the rest of the server cannot tell them apart. What only one of them does is in its own file.
import { randomUUID } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidImageKey, variantKeys, type StoredFile } from '../../../../server/images/storage';
import { startStorageUnderTest, twoUploadsInOneFolder, type StorageKind, type StorageUnderTest } from '../../../support/image-storages';

const contentOf = async (file: StoredFile | undefined): Promise<string | undefined> => (file ? text(file.stream) : undefined);

const EXTENSIONS = { original: 'tif', full: 'jpg', thumbnail: 'jpg', smallImage: 'jpg', medium: 'png', large: 'jpg' } as const;

const HOSTILE_KEYS = [
  '../outside.jpg',
  '../../etc/passwd',
  'ab/../../outside.jpg',
  '/etc/passwd',
  '/tmp/outside.jpg',
  'ab\\..\\..\\outside.jpg',
  'ab/%2e%2e/outside.jpg',
  'ab/outside.jpg\0.png',
  'ab//outside.jpg',
  'ab/./outside.jpg',
  'ab/.hidden.jpg',
  'outside.jpg',
  'ab/outside',
  'ab/ünicode.jpg',
  'ab/outside.jpg ',
  '',
  `${'a/'.repeat(200)}x.jpg`,
];

describe.each<StorageKind>(['disk', 's3'])('%s image storage', (kind) => {
  let subject: StorageUnderTest;
  beforeEach(async () => {
    subject = await startStorageUnderTest(kind);
  });
  afterEach(() => subject.stop());

  it('reads back what was put, with its size and Content-Type, under its public path; a key never put reads as undefined', async () => {
    const { storage } = subject;
    const keys = variantKeys(randomUUID(), EXTENSIONS);
    await storage.put(keys.full, Buffer.from('full bytes'), 'image/jpeg');
    await storage.put(keys.medium, Buffer.from('medium png'), 'image/png');
    const full = await storage.read(keys.full);
    expect(full).toMatchObject({ size: 10, contentType: 'image/jpeg' });
    expect(await contentOf(full)).toBe('full bytes');
    const medium = await storage.read(keys.medium);
    expect(medium).toMatchObject({ size: 10, contentType: 'image/png' });
    expect(await contentOf(medium)).toBe('medium png');
    expect(storage.publicPath(keys.full)).toBe(`/images/${keys.full}`);
    expect(await storage.read(keys.large)).toBeUndefined();
  });

  it('keeps a binary file byte for byte', async () => {
    const { thumbnail } = variantKeys(randomUUID(), EXTENSIONS);
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 7919) % 256));
    await subject.storage.put(thumbnail, bytes, 'image/jpeg');
    const file = await subject.storage.read(thumbnail);
    const chunks: Buffer[] = [];
    for await (const chunk of file?.stream ?? []) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('replaces a file whole: a reader during the replacement sees the old bytes or the new ones, never a mix', async () => {
    const { storage } = subject;
    const { full } = variantKeys(randomUUID(), EXTENSIONS);
    const size = 4 * 1024 * 1024;
    await storage.put(full, Buffer.alloc(size, 'a'), 'image/jpeg');
    const reads = Array.from({ length: 6 }, () => storage.read(full).then(contentOf));
    await storage.put(full, Buffer.alloc(size, 'b'), 'image/jpeg');
    for (const content of [...(await Promise.all(reads)), await contentOf(await storage.read(full))]) {
      expect(content === 'a'.repeat(size) || content === 'b'.repeat(size)).toBe(true);
    }
    expect(await contentOf(await storage.read(full))).toBe('b'.repeat(size));
  });

  it('deletes files and leaves the others; deleting keys with no file (again, or never put) is fine', async () => {
    const { storage } = subject;
    const { mine, other } = await twoUploadsInOneFolder(storage, EXTENSIONS);
    await storage.delete([mine.original, mine.full, mine.thumbnail]);
    await storage.delete([mine.original]);
    await storage.delete([]);
    expect(await storage.read(mine.full)).toBeUndefined();
    expect(await storage.read(mine.original)).toBeUndefined();
    expect(await contentOf(await storage.read(other.full))).toBe('x');
    expect(subject.written()).toHaveLength(1);
  });

  it('refuses every hostile key (put and delete throw InvalidImageKey, read finds nothing) and writes nothing anywhere', async () => {
    const { storage } = subject;
    const kept = variantKeys(randomUUID(), EXTENSIONS).full;
    await storage.put(kept, Buffer.from('kept'), 'image/jpeg');
    const before = subject.written();
    for (const key of HOSTILE_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(InvalidImageKey);
      await expect(storage.delete([key]), key).rejects.toThrow(InvalidImageKey);
      expect(await storage.read(key), key).toBeUndefined();
    }
    expect(subject.written()).toEqual(before);
    expect(await contentOf(await storage.read(kept))).toBe('kept');
  });

  it('keeps apart from a neighbour (another folder, another prefix): neither reads nor deletes the other\'s files', async () => {
    const neighbour = subject.neighbour();
    const key = variantKeys(randomUUID(), EXTENSIONS).large;
    await subject.storage.put(key, Buffer.from('mine'), 'image/jpeg');
    expect(await neighbour.read(key)).toBeUndefined();
    await neighbour.delete([key]);
    await neighbour.put(key, Buffer.from('theirs'), 'image/jpeg');
    expect(await contentOf(await subject.storage.read(key))).toBe('mine');
    expect(await contentOf(await neighbour.read(key))).toBe('theirs');
    expect(subject.written()).toHaveLength(2);
  });
});
