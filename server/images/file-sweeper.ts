// Deletes stored files no image row names any more (image_file_deletions, filled by a trigger when a row goes and by
// an upload before its files are stored). Runs every minute, and soon after a handler deleted images; a key still
// named (a copy Load Images made, an upload that committed) only loses its entry. Safe to run in several processes at
// once: deleting a missing file is not an error.
import { and, eq, lte, sql } from 'drizzle-orm';
import { imageFileDeletions, images, type Db } from '../db';
import type { Logger } from '../services';

export interface FileSweeper {
  /** One pass over the due entries (at most a batch); how many file groups it deleted. */
  sweep(): Promise<number>;
  /** A sweep shortly (debounced): a delete's transaction has committed by then. */
  soon(): void;
  start(): void;
  stop(): void;
}

const INTERVAL_MS = 60_000;
const SOON_MS = 1_000;
const BATCH = 100;

export function createFileSweeper(db: Db, deleteGroup: (fileKey: string) => Promise<void>, logger: Logger): FileSweeper {
  let interval: NodeJS.Timeout | undefined;
  let pending: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function pass(): Promise<number> {
    const due = await db
      .select({ fileKey: imageFileDeletions.fileKey })
      .from(imageFileDeletions)
      .where(lte(imageFileDeletions.notBefore, sql`now()`))
      .limit(BATCH);
    let deleted = 0;
    for (const { fileKey } of due) {
      const [named] = await db.select({ id: images.id }).from(images).where(eq(images.fileKey, fileKey)).limit(1);
      if (!named) {
        await deleteGroup(fileKey);
        deleted += 1;
      }
      await db.delete(imageFileDeletions).where(and(eq(imageFileDeletions.fileKey, fileKey), lte(imageFileDeletions.notBefore, sql`now()`)));
    }
    return deleted;
  }

  const sweep = (): Promise<number> => {
    running ??= pass().finally(() => {
      running = undefined;
    });
    return running;
  };
  const quietly = () => {
    sweep().catch((error: unknown) => logger.warn({ err: error }, 'sweeping unused image files failed; trying again later'));
  };

  return {
    sweep,
    soon() {
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        quietly();
      }, SOON_MS);
      pending.unref();
    },
    start() {
      interval ??= setInterval(quietly, INTERVAL_MS);
      interval.unref();
    },
    stop() {
      clearInterval(interval);
      clearTimeout(pending);
      interval = undefined;
      pending = undefined;
    },
  };
}
