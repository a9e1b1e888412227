// Image files on disk (server/images/disk-storage.ts) and the key scheme (server/images/storage.ts): files appear
// whole or not at all, and no key, however hostile, reads or writes outside the root.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { diskStorage } from '../../../../server/images/disk-storage';
import { InvalidImageKey, servableVariant, variantKeys, type StoredFile } from '../../../../server/images/storage';
import { tempFolders } from '../../../support/temp-folders';

const newFolder = tempFolders('lotdesk-images-');

/** A storage in a fresh folder inside a parent, so a test can see anything written beside the root. */
function storageInFolder() {
  const parent = newFolder();
  const root = join(parent, 'images');
  return { parent, root, storage: diskStorage(root) };
}

const contentOf = async (file: StoredFile | undefined): Promise<string | undefined> => (file ? text(file.stream) : undefined);

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1)) : []);

const EXTENSIONS = { original: 'tif', full: 'jpg', thumbnail: 'jpg', smallImage: 'jpg', medium: 'jpg', large: 'jpg' } as const;

describe('variantKeys', () => {
  it('names each file of an upload {first 2 of uuid}/{uuid}/{name}.{ext}', () => {
    const uuid = '3f2b8c1e-0d4a-4e5f-9a6b-7c8d9e0f1a2b';
    expect(variantKeys(uuid, EXTENSIONS)).toEqual({
      original: `3f/${uuid}/original.tif`,
      full: `3f/${uuid}/full.jpg`,
      thumbnail: `3f/${uuid}/thumbnail.jpg`,
      smallImage: `3f/${uuid}/smallImage.jpg`,
      medium: `3f/${uuid}/medium.jpg`,
      large: `3f/${uuid}/large.jpg`,
    });
  });

  it('refuses anything but a lowercase uuid, and an extension that would leave the scheme', () => {
    for (const uuid of ['../../etc', '3F2B8C1E-0D4A-4E5F-9A6B-7C8D9E0F1A2B', '', 'ab/cd']) expect(() => variantKeys(uuid, EXTENSIONS)).toThrow(InvalidImageKey);
    expect(() => variantKeys(randomUUID(), { ...EXTENSIONS, full: 'jpg/../../x' })).toThrow(InvalidImageKey);
  });
});

describe('servableVariant', () => {
  it('serves the five variants and never the original or a key outside the scheme', () => {
    const keys = variantKeys(randomUUID(), EXTENSIONS);
    expect([keys.full, keys.thumbnail, keys.smallImage, keys.medium, keys.large].map(servableVariant)).toEqual(['full', 'thumbnail', 'smallImage', 'medium', 'large']);
    const uuid = '3f2b8c1e-0d4a-4e5f-9a6b-7c8d9e0f1a2b';
    for (const key of [keys.original, `3f/${uuid}/original.jpg`, `ab/${uuid}/full.jpg`, `3f/${uuid}/full.svg`, `3f/${uuid}/other.jpg`, `3f/${uuid}/../full.jpg`, `/3f/${uuid}/full.jpg`, `3f/${uuid}/full.jpg/`]) {
      expect(servableVariant(key)).toBeUndefined();
    }
  });
});

describe('diskStorage', () => {
  it('reads back what was put, with its size and the Content-Type of its extension, under its public path', async () => {
    const { storage } = storageInFolder();
    const keys = variantKeys(randomUUID(), EXTENSIONS);
    await storage.put(keys.medium, Buffer.from('medium bytes'), 'image/jpeg');
    const file = await storage.read(keys.medium);
    expect(file).toMatchObject({ size: 12, contentType: 'image/jpeg' });
    expect(await contentOf(file)).toBe('medium bytes');
    expect(storage.publicPath(keys.medium)).toBe(`/images/${keys.medium}`);
    expect(await storage.read(keys.large)).toBeUndefined();
  });

  it('replaces a file whole: a reader during the replacement sees the old bytes or the new ones, never a mix', async () => {
    const { storage } = storageInFolder();
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

  it('leaves no temporary file behind, after a write or after one that failed', async () => {
    const { root, storage } = storageInFolder();
    const keys = variantKeys(randomUUID(), EXTENSIONS);
    await storage.put(keys.full, Buffer.from('full'), 'image/jpeg');
    await storage.put(keys.thumbnail, Buffer.from('thumb'), 'image/jpeg');
    mkdirSync(join(root, keys.large)); // a folder where the file should go: the rename fails
    await expect(storage.put(keys.large, Buffer.from('large'), 'image/jpeg')).rejects.toThrow();
    expect(filesUnder(root).sort()).toEqual([keys.full, keys.thumbnail].sort());
    expect(await storage.read(keys.large)).toBeUndefined(); // a folder is no file
  });

  it('deletes files, is fine with ones already gone, and removes the upload\'s emptied folders', async () => {
    const { root, storage } = storageInFolder();
    const mine = variantKeys(randomUUID(), EXTENSIONS);
    const other = variantKeys(`${mine.full.slice(0, 2)}${randomUUID().slice(2)}`, EXTENSIONS); // same two-character folder
    await storage.put(mine.original, Buffer.from('o'), 'image/tiff');
    await storage.put(mine.full, Buffer.from('f'), 'image/jpeg');
    await storage.put(other.full, Buffer.from('x'), 'image/jpeg');
    await storage.delete([mine.original, mine.full, mine.thumbnail]);
    await storage.delete([mine.original]); // again: nothing there, still fine
    expect(await storage.read(mine.full)).toBeUndefined();
    expect(filesUnder(root)).toEqual([other.full]);
    expect(existsSync(join(root, mine.full, '..'))).toBe(false);
    await storage.delete([other.full]);
    expect(readdirSync(root)).toEqual([]);
  });

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

  it('refuses every hostile key, and writes nothing anywhere', async () => {
    const { parent, storage } = storageInFolder();
    writeFileSync(join(parent, 'outside.jpg'), 'secret');
    for (const key of HOSTILE_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(InvalidImageKey);
      await expect(storage.delete([key]), key).rejects.toThrow(InvalidImageKey);
      expect(await storage.read(key), key).toBeUndefined();
    }
    expect(filesUnder(parent)).toEqual(['outside.jpg']);
  });

  it('does not follow a symbolic link planted in the folder', async () => {
    const { parent, root, storage } = storageInFolder();
    writeFileSync(join(parent, 'secret.txt'), 'secret');
    mkdirSync(join(root, 'ab'), { recursive: true });
    symlinkSync(join(parent, 'secret.txt'), join(root, 'ab', 'link.jpg'));
    expect(await storage.read('ab/link.jpg')).toBeUndefined();
  });
});
