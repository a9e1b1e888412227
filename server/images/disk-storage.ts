// Image files on the local disk, under one root folder (DATA_DIR/images by default). Owns the atomic write and the
// containment of keys: a file appears whole or not at all, and no key, however hostile, reaches outside the root.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, rename, rmdir, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { contentTypeOf, InvalidImageKey, isStorageKey, publicPathOf, type ImageStorage, type StoredFile } from './storage';

const errorCode = (error: unknown): unknown => (typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined);

/** Temporary files start with '.', which no key can (storage.ts), so a half-written file is never read or served. */
const temporaryName = (path: string) => join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);

export function diskStorage(root: string): ImageStorage {
  const base = resolve(root);

  /** The file's path, or undefined for a key outside the scheme (checked again against the resolved root). */
  const pathOf = (key: string): string | undefined => {
    if (!isStorageKey(key)) return undefined;
    const path = resolve(base, key);
    const inside = relative(base, path);
    return inside.startsWith('..') || inside.startsWith(sep) ? undefined : path;
  };

  /** Removes the upload's now-empty folders (uuid, then the two-character one), stopping at the first that is not. */
  const pruneFolders = async (path: string) => {
    for (let folder = dirname(path); folder !== base && folder.startsWith(base + sep); folder = dirname(folder)) {
      try {
        await rmdir(folder);
      } catch {
        return; // not empty (or gone): the rest above it is not empty either
      }
    }
  };

  return {
    // The disk keeps no Content-Type: read() gives the one the key's extension stands for (the pipeline picks both).
    async put(key, data) {
      const path = pathOf(key);
      if (!path) throw new InvalidImageKey(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = temporaryName(path);
      try {
        // flush: the data is on disk before the rename makes it visible, so a crash leaves the old file or the new one.
        await writeFile(temporary, data, { flag: 'wx', flush: true });
        await rename(temporary, path);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    },

    async delete(keys) {
      for (const key of keys) {
        const path = pathOf(key);
        if (!path) throw new InvalidImageKey(key);
        try {
          await unlink(path);
        } catch (error) {
          if (errorCode(error) !== 'ENOENT') throw error;
        }
        await pruneFolders(path);
      }
    },

    async read(key): Promise<StoredFile | undefined> {
      const path = pathOf(key);
      if (!path) return undefined;
      let handle: FileHandle;
      try {
        // O_NOFOLLOW: a symbolic link planted in the folder is not followed out of it.
        handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        const code = errorCode(error);
        if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR') return undefined;
        throw error;
      }
      // One open file for the size and the bytes: a delete between the two cannot mismatch them.
      try {
        const stats = await handle.stat();
        if (stats.isFile()) return { stream: handle.createReadStream(), size: stats.size, contentType: contentTypeOf(key) };
      } catch (error) {
        await handle.close();
        throw error;
      }
      await handle.close();
      return undefined;
    },

    publicPath: publicPathOf,
  };
}
