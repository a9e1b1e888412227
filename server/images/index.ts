// The images services (DESIGN §5 Images), built once from the settings: files (process + store, on the disk or in S3),
// the URL fetch guard, the background remover (loaded on first use, checked at start) and the sweeper of unused files.
import { ImageMessages } from '../../src/protocol/messages';
import { UPLOAD_MAX_BYTES } from '../http/multipart';
import type { ImageSettings } from '../config';
import type { Db } from '../db';
import type { Logger } from '../services';
import { loadRemover, type BackgroundRemover } from './background/remover';
import { diskStorage } from './disk-storage';
import { createFileSweeper, type FileSweeper } from './file-sweeper';
import { createImageFiles, type ImageFiles } from './image-files';
import { ImageRefused } from './image-refused';
import type { S3Settings } from './s3-storage';
import { sniffRefusal } from './sniff';
import { publicPathOf, type ImageStorage } from './storage';
import { fetchPublicImage, type FetchedImage } from './url-fetch';
import { createWorkGate } from './work-gate';

/** One removal at a time (it uses the event loop in steps and a full-size decoded image), a few waiting. */
const BACKGROUND_WORK = { concurrency: 1, queue: 4 } as const;

export interface ImageServices {
  readonly files: ImageFiles;
  /** A public http(s) image address → its bytes, or UrlFetchRefused / ImageRefused with the user's words. */
  fetchImage(url: string): Promise<FetchedImage>;
  /** The configured remover (BACKGROUND_REMOVER), loaded once. */
  remover(): Promise<BackgroundRemover>;
  /**
   * A PNG with alpha of the image, by the configured remover, a bounded number at a time (each holds a full-size image
   * decoded): ImageRefused 'busy' past the wait queue.
   */
  removeBackground(image: Buffer, signal?: AbortSignal): Promise<Buffer>;
  readonly sweeper: FileSweeper;
  /** Stops the sweeper and lets go of the storage's connections (at server stop). */
  close(): void;
}

/**
 * The S3 storage, its code loaded on first use: the AWS SDK (≈120 ms and megabytes to load) is never loaded by an
 * install that keeps its images on the disk.
 */
function s3StorageOnFirstUse(settings: S3Settings, logger: Logger): ImageStorage {
  let loading: Promise<ImageStorage> | undefined;
  const loaded = () => (loading ??= import('./s3-storage').then(({ s3Storage }) => s3Storage(settings, logger)));
  return {
    put: async (key, data, contentType) => (await loaded()).put(key, data, contentType),
    delete: async (keys) => (await loaded()).delete(keys),
    read: async (key) => (await loaded()).read(key),
    publicPath: publicPathOf,
    close: () => void loading?.then((storage) => storage.close?.(), () => undefined),
  };
}

export function createImageServices(settings: ImageSettings, db: Db, logger: Logger): ImageServices {
  const storage = settings.storage.kind === 's3' ? s3StorageOnFirstUse(settings.storage, logger) : diskStorage(settings.folder);
  const limits = { maxBytes: UPLOAD_MAX_BYTES, maxPixels: settings.maxMegapixels * 1_000_000, timeoutSeconds: settings.processSeconds };
  const files = createImageFiles(db, storage, limits, logger);
  let remover: Promise<BackgroundRemover> | undefined;
  const loaded = (): Promise<BackgroundRemover> => (remover ??= loadRemover(settings.backgroundRemover));
  const removals = createWorkGate(BACKGROUND_WORK);
  const sweeper = createFileSweeper(db, files.deleteGroup, logger);
  return {
    files,
    fetchImage: (url) =>
      fetchPublicImage(url, {
        timeoutMs: settings.fetchTimeoutSeconds * 1000,
        maxBytes: UPLOAD_MAX_BYTES,
        accept: (head, fileName) => sniffRefusal(head, fileName),
        ...(settings.fetchTestOrigin === undefined ? {} : { allowedTestOrigin: settings.fetchTestOrigin }),
      }),
    remover: loaded,
    async removeBackground(image, signal) {
      const remove = await loaded();
      const result = await removals.run(() => remove.remove(image, signal), signal);
      if (result.busy) throw new ImageRefused('busy', ImageMessages.busy);
      return result.value;
    },
    sweeper,
    close() {
      sweeper.stop();
      storage.close?.();
    },
  };
}

export { ImageRefused };
export { UrlFetchRefused } from './url-fetch';
export type { StagedFiles } from './image-files';
