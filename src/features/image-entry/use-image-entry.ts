// What Image entry's controls do (spec §2 Image entry): read a sheet in the spreadsheet worker, Save Images (each
// row its own saveImageByUrl entry; the outbox sends them one at a time, online or, after a wait, offline), Cancel
// (the entries not yet sent are dropped, the one on its way finishes), Delete Images (every image of the sheet's
// UPCs). The sheet lives for the visit, per signed-in user, so leaving the screen and coming back keeps the run.
import { deleteImagesOfUpcs, saveImageByUrl, savedReplyOf } from '../../domains/images';
import { ImageEntryMessages } from '../../protocol/messages';
import { notifier } from '../../sync/feedback/notifier';
import { status } from '../../sync/feedback/status';
import { queueIntent } from '../../sync/intent';
import type { BatchEntries } from '../../sync/outbox/batch';
import { sync } from '../../sync/runtime';
import { messageOf } from '../../sync/validated';
import { queueEach } from '../../ui/outbox-run';
import { createRunHolder, useRunEntries } from '../../ui/use-outbox-run';
import { readSheet } from '../../workers/read-spreadsheet';
import { imageSheetRows, missingColumnsMessage, readMessage, sheetUpcs } from './image-rows';
import {
  cancelDone, cancelStarted, EMPTY_IMAGE_SHEET, imagesDeleted, queuedSeqs, rowsQueued, rowsToSave, runClosed, runStarted, savedSteps, sheetRead,
  type ImageSheet,
} from './image-sheet';

const held = createRunHolder<ImageSheet>(EMPTY_IMAGE_SHEET);
const { update, current } = held;

/** The queueing of a run's rows, while it goes: a Cancel waits for it, so no row is queued behind its back. */
let queueing: Promise<void> | undefined;

/** The spreadsheet's rows replace the sheet's, off the main thread (xlsx, xls or csv). */
export async function readImageSheet(file: File): Promise<void> {
  if (current().run !== undefined) return notifier.warning(ImageEntryMessages.runningNow);
  status.busy(ImageEntryMessages.reading(file.name));
  try {
    const sheet = await readSheet(file, 'images', ['xlsx', 'xls', 'csv']);
    const missing = missingColumnsMessage(sheet.missing);
    if (missing !== undefined) throw new Error(missing);
    const read = imageSheetRows(sheet);
    update(() => sheetRead(file.name, read.rows));
    const message = readMessage(file.name, read, sheet.truncated);
    status.ready(message);
    if (read.skipped.length > 0 || sheet.truncated) notifier.warning(message);
    else notifier.success(message);
  } catch (error) {
    status.ready();
    notifier.error(`${file.name}: ${messageOf(error)}`);
  }
}

function queueRows(keys: readonly string[]): Promise<void> {
  const byKey = new Map(current().rows.map((row) => [row.key, row]));
  return queueEach(
    keys.filter((key) => byKey.has(key)),
    (key) => {
      const row = byKey.get(key);
      return row === undefined ? Promise.reject(new Error(ImageEntryMessages.noRows)) : queueIntent(saveImageByUrl, { upc: row.upc, url: row.url });
    },
    (queued) => update((sheet) => rowsQueued(sheet, queued)),
    () => current().run?.cancelling !== false,
  );
}

/** Save Images: every row not saved yet, each its own entry, in sheet order. */
export function saveImages(): void {
  const sheet = current();
  if (sheet.run !== undefined) return notifier.warning(ImageEntryMessages.runningNow);
  if (sheet.rows.length === 0) return notifier.warning(ImageEntryMessages.noRows);
  const keys = rowsToSave(sheet).map((row) => row.key);
  if (keys.length === 0) return notifier.info(ImageEntryMessages.allSaved);
  update((latest) => runStarted(latest, keys));
  const started = queueRows(keys).finally(() => {
    if (queueing === started) queueing = undefined;
  });
  queueing = started;
}

/** Cancel: nothing more is queued, and what waits is dropped in one go; the entry on its way finishes. */
export async function cancelSave(): Promise<void> {
  const { run } = current();
  if (run === undefined || run.cancelling || run.cancelled) return;
  update(cancelStarted);
  try {
    await queueing;
    const dropped = await sync().discardUnsent(queuedSeqs(current()));
    update((sheet) => cancelDone(sheet, dropped));
  } catch (error) {
    notifier.error(messageOf(error));
    update((sheet) => cancelDone(sheet, []));
  }
}

export const closeRun = (): void => update(runClosed);

/** Delete Images (after the confirmation): every image of the sheet's UPCs. */
export async function deleteSheetImages(): Promise<void> {
  try {
    await queueIntent(deleteImagesOfUpcs, sheetUpcs(current().rows));
    update(imagesDeleted);
  } catch (error) {
    notifier.error(messageOf(error));
  }
}

export interface ImageSheetView {
  readonly sheet: ImageSheet;
  /** The head of the run's entries as they are now (on its way, waiting to retry); undefined without a run. */
  readonly entries: BatchEntries | undefined;
}

const SAVED_STEPS = savedSteps(savedReplyOf);

/** The signed-in user's sheet, its rows' results following their outbox entries while the screen shows them. */
export function useImageSheet(): ImageSheetView {
  const sheet = held.useState();
  const entries = useRunEntries(held, sheet, SAVED_STEPS);
  return { sheet, entries };
}
