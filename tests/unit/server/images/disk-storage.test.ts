// Image files on disk (server/images/disk-storage.ts) and the key scheme (server/images/storage.ts): what only the disk
// does (temporary files, emptied folders, symbolic links); the contract both storages keep (round trip, whole
// replacement, deletes, hostile keys) is tests/unit/server/images/image-storage.test.ts.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskStorage } from '../../../../server/images/disk-storage';
import { InvalidImageKey, servableVariant, variantKeys } from '../../../../server/images/storage';
import { filesUnder, twoUploadsInOneFolder } from '../../../support/image-storages';
import { tempFolders } from '../../../support/temp-folders';

const newFolder = tempFolders('lotdesk-images-');

/** A storage in a fresh folder inside a parent, so a test can see anything written beside the root. */
function storageInFolder() {
  const parent = newFolder();
  const root = join(parent, 'images');
  return { parent, root, storage: diskStorage(root) };
}

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
  it("removes an upload's emptied folders with its last file, and keeps a folder another upload still uses", async () => {
    const { root, storage } = storageInFolder();
    const { mine, other } = await twoUploadsInOneFolder(storage, EXTENSIONS);
    await storage.delete([mine.original, mine.full, mine.thumbnail]);
    expect(filesUnder(root)).toEqual([other.full]);
    expect(existsSync(join(root, mine.full, '..'))).toBe(false);
    await storage.delete([other.full]);
    expect(readdirSync(root)).toEqual([]);
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

  it('reads nothing through a hostile key that names a real file outside the root, and overwrites nothing there', async () => {
    const { parent, storage } = storageInFolder();
    writeFileSync(join(parent, 'outside.jpg'), 'secret');
    for (const key of ['../outside.jpg', 'ab/../../outside.jpg', `${parent}/outside.jpg`]) {
      expect(await storage.read(key), key).toBeUndefined();
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(InvalidImageKey);
    }
    expect(readFileSync(join(parent, 'outside.jpg'), 'utf8')).toBe('secret');
  });

  it('does not follow a symbolic link planted in the folder', async () => {
    const { parent, root, storage } = storageInFolder();
    writeFileSync(join(parent, 'secret.txt'), 'secret');
    mkdirSync(join(root, 'ab'), { recursive: true });
    symlinkSync(join(parent, 'secret.txt'), join(root, 'ab', 'link.jpg'));
    expect(await storage.read('ab/link.jpg')).toBeUndefined();
  });
});
