// The images services (DESIGN §5 Images), built once from the settings: files (process + store), the URL fetch
// guard, the background remover (loaded on first use, checked at start) and the sweeper of unused files.
import { UPLOAD_MAX_BYTES } from '../http/multipart';
import type { ImageSettings } from '../config';
import type { Db } from '../db';
import type { Logger } from '../services';
import { loadRemover, type BackgroundRemover } from './background/remover';
import { diskStorage } from './disk-storage';
import { createFileSweeper, type FileSweeper } from './file-sweeper';
import { createImageFiles, type ImageFiles } from './image-files';
import { sniffRefusal } from './sniff';
import { fetchPublicImage, type FetchedImage } from './url-fetch';

export interface ImageServices {
  readonly files: ImageFiles;
  /** A public http(s) image address → its bytes, or UrlFetchRefused / ImageRefused with the user's words. */
  fetchImage(url: string): Promise<FetchedImage>;
  /** The configured remover (BACKGROUND_REMOVER), loaded once. */
  remover(): Promise<BackgroundRemover>;
  readonly sweeper: FileSweeper;
}

export function createImageServices(settings: ImageSettings, db: Db, logger: Logger): ImageServices {
  const storage = diskStorage(settings.folder);
  const limits = { maxBytes: UPLOAD_MAX_BYTES, maxPixels: settings.maxMegapixels * 1_000_000, timeoutSeconds: settings.processSeconds };
  const files = createImageFiles(db, storage, limits, logger);
  let remover: Promise<BackgroundRemover> | undefined;
  return {
    files,
    fetchImage: (url) =>
      fetchPublicImage(url, {
        timeoutMs: settings.fetchTimeoutSeconds * 1000,
        maxBytes: UPLOAD_MAX_BYTES,
        accept: (head, fileName) => sniffRefusal(head, fileName),
        ...(settings.fetchTestOrigin === undefined ? {} : { allowedTestOrigin: settings.fetchTestOrigin }),
      }),
    remover() {
      remover ??= loadRemover(settings.backgroundRemover);
      return remover;
    },
    sweeper: createFileSweeper(db, files.deleteGroup, logger),
  };
}

export { ImageRefused } from './image-refused';
export { UrlFetchRefused } from './url-fetch';
export type { StagedFiles } from './image-files';
