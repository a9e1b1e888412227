// Where image files live, behind one interface (disk by default, or an S3-compatible bucket: DESIGN §5), and the key scheme
// every implementation shares. Owns the key's shape; never decides which images exist (the database does).
import type { VariantName } from './variants';

export interface StoredFile {
  stream: NodeJS.ReadableStream;
  size: number;
  contentType: string;
}

export interface ImageStorage {
  /** Stores `data` under `key`, replacing any file there; a reader sees the old file or the new one, never half. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Deletes the files under `keys`; a key with no file is fine (a retried delete succeeds). */
  delete(keys: readonly string[]): Promise<void>;
  /** The file under `key`, or undefined when there is none (or the key is not a valid one). */
  read(key: string): Promise<StoredFile | undefined>;
  /** The public path of a stored variant, e.g. '/images/ab/abcd…/medium.jpg'. */
  publicPath(key: string): string;
  /** Releases what the storage holds open (S3's kept-alive connections); the disk holds nothing. */
  close?(): void;
}

/** Thrown by put (and refused by delete) for a key outside the scheme below: a bug or a hostile caller, never a file. */
export class InvalidImageKey extends Error {
  constructor(key: string) {
    super(`Invalid image storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidImageKey';
  }
}

/**
 * Any storage key: 1 to 4 folders and a file name with one extension, all plain ASCII letters, digits, '-' and '_'.
 * No '.' or '..' segment, no leading '/', no backslash, no NUL can match, so a key never leaves the storage root.
 */
const STORAGE_KEY = /^(?:[A-Za-z0-9_-]{1,64}\/){1,4}[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,5}$/;

export const isStorageKey = (key: string): boolean => key.length <= 255 && STORAGE_KEY.test(key);

export const PUBLIC_PREFIX = '/images/';

export const publicPathOf = (key: string): string => `${PUBLIC_PREFIX}${key}`;

/** The files of one upload: the five variants and the original as it came (kept, never served). */
export type StoredFileName = VariantName | 'original';

/** A lowercase UUID as crypto.randomUUID() writes it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The keys of one upload's files: `{first 2 of uuid}/{uuid}/{name}.{ext}`. The two-character folder keeps any one
 * folder to a few thousand entries; the uuid makes every key unique, so a file at a key never changes (the serving
 * route can say `immutable`).
 */
export function variantKeys(uuid: string, extensions: Readonly<Record<StoredFileName, string>>): Record<StoredFileName, string> {
  if (!UUID.test(uuid)) throw new InvalidImageKey(uuid);
  const key = (name: StoredFileName) => {
    const value = `${uuid.slice(0, 2)}/${uuid}/${name}.${extensions[name]}`;
    if (!isStorageKey(value)) throw new InvalidImageKey(value);
    return value;
  };
  return {
    original: key('original'),
    full: key('full'),
    thumbnail: key('thumbnail'),
    smallImage: key('smallImage'),
    medium: key('medium'),
    large: key('large'),
  };
}

/** The variant a public key names, or undefined for anything else: the original, another name, a malformed key. */
const VARIANT_KEY = /^([0-9a-f]{2})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(full|thumbnail|smallImage|medium|large)\.(jpg|png|webp)$/;

export function servableVariant(key: string): VariantName | undefined {
  const match = VARIANT_KEY.exec(key);
  if (!match || match[2]?.slice(0, 2) !== match[1]) return undefined;
  const name = match[3];
  return name === 'full' || name === 'thumbnail' || name === 'smallImage' || name === 'medium' || name === 'large' ? name : undefined;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
};

/** The Content-Type a key's extension stands for (storage that keeps no types of its own, like the disk, uses it). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** The extension an original keeps on disk, from its sniffed format. */
export const ORIGINAL_EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif', tiff: 'tif' } as const;

/** Every key one upload's files may have (each variant in each format the pipeline writes, the original in any): what
 *  deleting the upload deletes, with no listing needed (missing files are fine). */
export function groupKeys(uuid: string): string[] {
  const variantExtensions = ['jpg', 'png', 'webp'];
  const originals = [...new Set(Object.values(ORIGINAL_EXTENSIONS))];
  const names: readonly StoredFileName[] = ['full', 'thumbnail', 'smallImage', 'medium', 'large'];
  const keys = names.flatMap((name) => variantExtensions.map((extension) => variantKeys(uuid, { ...FILLER, [name]: extension })[name]));
  return [...keys, ...originals.map((extension) => variantKeys(uuid, { ...FILLER, original: extension }).original)];
}

const FILLER: Readonly<Record<StoredFileName, string>> = { original: 'jpg', full: 'jpg', thumbnail: 'jpg', smallImage: 'jpg', medium: 'jpg', large: 'jpg' };
