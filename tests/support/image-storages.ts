// The two image storages under test, set up one way for every suite (as tests/support/stores.ts does for the online
// stores): the disk in a fresh folder, and S3 on a fresh emulator (tests/support/s3-emulator.ts), each with what the
// shared contract needs to see what was written, and a neighbour (another folder, another key prefix).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../../server/services';
import { diskStorage } from '../../server/images/disk-storage';
import { s3Storage, type S3Settings } from '../../server/images/s3-storage';
import { variantKeys, type ImageStorage, type StoredFileName } from '../../server/images/storage';
import { startS3Emulator, type S3Emulator } from './s3-emulator';

export type StorageKind = 'disk' | 's3';

export interface StorageUnderTest {
  readonly storage: ImageStorage;
  /** Everything written where the test can look (disk: the folder around the root; S3: the whole bucket), sorted. */
  written(): string[];
  /** A second storage beside the first: another folder, or another S3_PREFIX in the same bucket. */
  neighbour(): ImageStorage;
  /** Writes a file outside the storage (beside its folder; at the bucket's top, outside its prefix) that no key reaches. */
  plantOutside(name: string, content: string): void;
  stop(): Promise<void>;
}

export interface LoggedLine {
  readonly level: keyof Logger;
  readonly obj: object;
  readonly msg: string | undefined;
}

/** A logger that keeps what it is told, for tests that check what an operator would read. */
export function recordingLogger(): Logger & { readonly lines: LoggedLine[] } {
  const lines: LoggedLine[] = [];
  const at = (level: keyof Logger) => (obj: object, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Every file under `dir`, as paths relative to it. */
export const filesUnder = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1)).sort();
  } catch {
    return [];
  }
};

/** Emulator settings for the storage itself, quick to give up so a failing test fails fast. */
export const emulatorSettings = (s3: S3Emulator, overrides: Partial<S3Settings> = {}): S3Settings => ({
  bucket: s3.bucket,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  prefix: '',
  timeoutSeconds: 2,
  ...overrides,
});

export async function startStorageUnderTest(kind: StorageKind, logger: Logger = recordingLogger()): Promise<StorageUnderTest & { readonly s3?: S3Emulator }> {
  if (kind === 'disk') {
    const parent = mkdtempSync(join(tmpdir(), 'lotdesk-storage-'));
    return {
      storage: diskStorage(join(parent, 'images')),
      written: () => filesUnder(parent),
      neighbour: () => diskStorage(join(parent, 'other')),
      plantOutside: (name, content) => writeFileSync(join(parent, name), content),
      stop: async () => rmSync(parent, { recursive: true, force: true }),
    };
  }
  const s3 = await startS3Emulator();
  const opened: ImageStorage[] = [];
  const open = (prefix: string) => {
    const storage = s3Storage(emulatorSettings(s3, { prefix }), logger);
    opened.push(storage);
    return storage;
  };
  return {
    s3,
    storage: open('install-1/'),
    written: () => s3.keys(),
    neighbour: () => open('install-2/'),
    plantOutside: (name, content) => s3.putObject(name, { body: Buffer.from(content), contentType: 'text/plain' }),
    stop: async () => {
      for (const storage of opened) storage.close?.();
      await s3.stop();
    },
  };
}

/**
 * Two uploads whose keys share their two-character folder: `mine` with an original and a full, `other` with a full.
 * What a delete must leave alone is the other's file.
 */
export async function twoUploadsInOneFolder(storage: ImageStorage, extensions: Readonly<Record<StoredFileName, string>>) {
  const mine = variantKeys(randomUUID(), extensions);
  const other = variantKeys(`${mine.full.slice(0, 2)}${randomUUID().slice(2)}`, extensions);
  await storage.put(mine.original, Buffer.from('o'), 'image/tiff');
  await storage.put(mine.full, Buffer.from('f'), 'image/jpeg');
  await storage.put(other.full, Buffer.from('x'), 'image/jpeg');
  return { mine, other };
}
