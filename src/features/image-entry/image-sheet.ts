// Image entry's working state (spec §2 Image entry, §4 "image-by-URL upload goes one row at a time"): the sheet's
// rows, each row's result, and the Save Images run (a run of outbox entries, src/ui/outbox-run.ts: each row its own
// entry, sent one at a time, in order). Results follow the entries: waiting, on its way, saved (the reply says which
// image), refused (the server's words), or not sent (Cancel dropped it before it went). Pure: tested in node.
import {
  cancelDone as cancelRunDone, cancelStarted as cancelRunStarted, queuedSeqs as runQueuedSeqs, runClosed as closeRun, runSettled as settleRun,
  runStarted as startRun, runSummary as summaryOf, stepOf, stepsQueued, watchedSeqs as runWatchedSeqs, withSteps, type Queued, type RunState, type RunStep,
} from '../../ui/outbox-run';
import type { BatchEntries } from '../../sync/outbox/batch';
import type { ImageEntryRow } from './image-rows';

export { WATCHED_ENTRIES } from '../../ui/outbox-run';
export type { Queued } from '../../ui/outbox-run';

type ImageDone = { readonly kind: 'saved'; readonly message: string; readonly imageId: number | undefined } | { readonly kind: 'deleted' };

export type RowResult = RunStep<ImageDone>;

export interface ImageSheet extends RunState<ImageDone> {
  readonly fileName: string;
  readonly rows: readonly ImageEntryRow[];
}

export const EMPTY_IMAGE_SHEET: ImageSheet = { fileName: '', rows: [], results: new Map(), run: undefined };

export const resultOf = (sheet: ImageSheet, key: string): RowResult => stepOf(sheet, key);

/** A new sheet's rows replace the last one's (never while a run is going). */
export const sheetRead = (fileName: string, rows: readonly ImageEntryRow[]): ImageSheet => ({ ...EMPTY_IMAGE_SHEET, fileName, rows });

/** Rows Save Images sends: every row not saved and not on its way (a refused or unsent one goes again). */
export const rowsToSave = (sheet: ImageSheet): ImageEntryRow[] =>
  sheet.rows.filter((row) => {
    const { kind } = resultOf(sheet, row.key);
    return kind !== 'saved' && kind !== 'queued';
  });

export const runStarted = (sheet: ImageSheet, keys: readonly string[]): ImageSheet => startRun<ImageDone, ImageSheet>(sheet, keys);
/** Rows queued (a few at a time: a sheet may hold thousands of rows, and each change copies the results). */
export const rowsQueued = (sheet: ImageSheet, queued: readonly Queued[]): ImageSheet => stepsQueued<ImageDone, ImageSheet>(sheet, queued);
export const queuedSeqs = (sheet: ImageSheet): number[] => runQueuedSeqs(sheet);
export const watchedSeqs = (sheet: ImageSheet): number[] => runWatchedSeqs(sheet);

/** What a settled entry tells about its row; undefined while it waits (or while a Cancel may still drop it). */
export interface SavedReplyLike {
  readonly message: string;
  readonly image: { readonly id: number };
}

/** How a confirmed entry reads as a row's result: the reply's words and image, or plain 'saved' when it went to another tab. */
export const savedSteps = (replyOf: (clientMsgId: string) => SavedReplyLike | undefined) => ({
  replied: (clientMsgId: string): ImageDone | undefined => {
    const reply = replyOf(clientMsgId);
    return reply === undefined ? undefined : { kind: 'saved', message: reply.message, imageId: reply.image.id };
  },
  unseen: { kind: 'saved', message: '', imageId: undefined } as ImageDone,
});

export const runSettled = (sheet: ImageSheet, entries: BatchEntries, replyOf: (clientMsgId: string) => SavedReplyLike | undefined): { sheet: ImageSheet; refusedSeqs: number[] } => {
  const settled = settleRun<ImageDone, ImageSheet>(sheet, entries, savedSteps(replyOf));
  return { sheet: settled.state, refusedSeqs: settled.refusedSeqs };
};

export const cancelStarted = (sheet: ImageSheet): ImageSheet => cancelRunStarted<ImageDone, ImageSheet>(sheet);
export const cancelDone = (sheet: ImageSheet, dropped: readonly number[]): ImageSheet => cancelRunDone<ImageDone, ImageSheet>(sheet, dropped);

export interface RunSummary {
  readonly total: number;
  readonly saved: number;
  readonly refused: number;
  readonly notSent: number;
  /** Queued, not settled yet. */
  readonly waiting: number;
  /** Nothing of the run waits any more. */
  readonly finished: boolean;
}

export function runSummary(sheet: ImageSheet): RunSummary | undefined {
  const summary = summaryOf(sheet);
  return summary === undefined ? undefined : { ...summary, saved: summary.done };
}

/** The finished run's dialog is closed: the rows keep their results. */
export const runClosed = (sheet: ImageSheet): ImageSheet => closeRun(sheet);

/** Delete Images was queued: saved rows' images are going. */
export const imagesDeleted = (sheet: ImageSheet): ImageSheet =>
  withSteps<ImageDone, ImageSheet>(sheet, sheet.rows.flatMap((row): Array<readonly [string, RowResult]> => (resultOf(sheet, row.key).kind === 'saved' ? [[row.key, { kind: 'deleted' }]] : [])));
