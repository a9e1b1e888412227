// An image's files, from bytes to stored variants (DESIGN §5 Images), before any database row names them: the slow
// part of an upload, a save by URL and a background removal, run outside their transactions (server/domains/handler.ts
// Staged). Every upload's files are first written down in image_file_deletions with a grace period, so one that dies
// between storing its files and committing its row leaves nothing behind for long: the sweeper takes its files once
// the grace has passed and no row names them.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { imageFileDeletions, type Db } from '../db';
import type { Logger } from '../services';
import { ImageRefused } from './image-refused';
import { groupKeys, ORIGINAL_EXTENSIONS, PUBLIC_PREFIX, variantKeys, type ImageStorage } from './storage';
import { processImage, VARIANT_NAMES, type ImageLimits, type ProcessedImage, type VariantName } from './variants';

/** How long stored files wait for their row before the sweeper may take them: far longer than any transaction. */
export const STAGED_FILES_GRACE_SECONDS = 3600;

/** The public paths of an image's variants, as the images table keeps them. */
export type VariantPaths = Readonly<Record<VariantName, string>>;

/** Files stored for one image, waiting for the row that will name them. */
export interface StagedFiles {
  /** The upload's id: what its rows' file_key say, and what its files are stored under. */
  readonly fileKey: string;
  readonly fileName: string;
  readonly paths: VariantPaths;
  /** Deletes the files now (the row will not come); never throws. */
  discard(): Promise<void>;
}

export interface ImageFiles {
  /**
   * Checks and processes the bytes (throws ImageRefused with the user's words for a hostile file) and stores the
   * original and every variant under a new file key.
   */
  stage(data: Buffer, fileName: string, signal?: AbortSignal): Promise<StagedFiles>;
  /** A stored variant by its public path, as bytes (background removal reads the full one); undefined when gone. */
  readVariant(publicPath: string): Promise<Buffer | undefined>;
  /** Deletes every file of an upload (the sweeper, once no row names it). */
  deleteGroup(fileKey: string): Promise<void>;
  readonly storage: ImageStorage;
}

function keysOf(uuid: string, processed: ProcessedImage) {
  const { variants } = processed;
  return variantKeys(uuid, {
    original: ORIGINAL_EXTENSIONS[processed.format],
    full: variants.full.extension,
    thumbnail: variants.thumbnail.extension,
    smallImage: variants.smallImage.extension,
    medium: variants.medium.extension,
    large: variants.large.extension,
  });
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export function createImageFiles(db: Db, storage: ImageStorage, limits: ImageLimits, logger: Logger): ImageFiles {
  const deleteGroup = (fileKey: string): Promise<void> => storage.delete(groupKeys(fileKey));
  const discard = async (fileKey: string): Promise<void> => {
    try {
      await deleteGroup(fileKey);
    } catch (error) {
      // The sweeper tries again once the grace has passed: the entry is still there.
      logger.warn({ err: error, fileKey }, 'could not delete the files of an unused image; the sweeper will');
    }
  };

  return {
    storage,
    deleteGroup,
    async stage(data, fileName, signal) {
      const processed = await processImage(data, fileName, limits, signal);
      const fileKey = randomUUID();
      await db
        .insert(imageFileDeletions)
        .values({ fileKey, notBefore: sql`now() + make_interval(secs => ${STAGED_FILES_GRACE_SECONDS})` })
        .onConflictDoNothing();
      try {
        const keys = keysOf(fileKey, processed);
        await storage.put(keys.original, data, `image/${processed.format}`);
        await Promise.all(VARIANT_NAMES.map((name) => storage.put(keys[name], processed.variants[name].data, processed.variants[name].contentType)));
        const path = (name: VariantName) => storage.publicPath(keys[name]);
        const paths = { full: path('full'), thumbnail: path('thumbnail'), smallImage: path('smallImage'), medium: path('medium'), large: path('large') };
        return { fileKey, fileName, paths, discard: () => discard(fileKey) };
      } catch (error) {
        // A storage that is not answering would not take the delete either (and the upload would wait for it again):
        // the sweeper takes whatever landed once the grace has passed.
        if (!(error instanceof ImageRefused && error.reason === 'storageUnavailable')) await discard(fileKey);
        throw error;
      }
    },
    async readVariant(publicPath) {
      if (!publicPath.startsWith(PUBLIC_PREFIX)) return undefined;
      const stored = await storage.read(publicPath.slice(PUBLIC_PREFIX.length));
      return stored === undefined ? undefined : bytesOf(stored.stream);
    },
  };
}
