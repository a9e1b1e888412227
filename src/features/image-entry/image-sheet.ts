// Image entry's working state (spec §2 Image entry, §4 "image-by-URL upload goes one row at a time"): the sheet's
// rows, each row's result, and the Save Images run. Each row is its own outbox entry; the replayer sends them one
// at a time, in order. Results follow the entries: waiting, on its way, gone (saved: the reply says which image),
// refused (the server's words), or not sent (Cancel dropped it before it went). Pure: tested in node.
import type { BatchEntries } from '../../sync/outbox/batch';
import type { ImageEntryRow } from './image-rows';

export type RowResult =
  | { readonly kind: 'idle' }
  | { readonly kind: 'queued'; readonly seq: number; readonly clientMsgId: string }
  | { readonly kind: 'saved'; readonly message: string; readonly imageId: number | undefined }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'not-sent' }
  | { readonly kind: 'deleted' };

export interface ImageRun {
  /** The rows of this run, in sheet order (their entries are queued in that order). */
  readonly keys: readonly string[];
  /** Cancel was pressed: nothing more is queued, the waiting entries are being dropped. */
  readonly cancelling: boolean;
  readonly cancelled: boolean;
}

export interface ImageSheet {
  readonly fileName: string;
  readonly rows: readonly ImageEntryRow[];
  readonly results: ReadonlyMap<string, RowResult>;
  readonly run: ImageRun | undefined;
}

export const EMPTY_IMAGE_SHEET: ImageSheet = { fileName: '', rows: [], results: new Map(), run: undefined };

const IDLE: RowResult = { kind: 'idle' };

export const resultOf = (sheet: ImageSheet, key: string): RowResult => sheet.results.get(key) ?? IDLE;

/** A new sheet's rows replace the last one's (never while a run is going). */
export const sheetRead = (fileName: string, rows: readonly ImageEntryRow[]): ImageSheet => ({ ...EMPTY_IMAGE_SHEET, fileName, rows });

/** Rows Save Images sends: every row not saved and not on its way (a refused or unsent one goes again). */
export const rowsToSave = (sheet: ImageSheet): ImageEntryRow[] =>
  sheet.rows.filter((row) => {
    const { kind } = resultOf(sheet, row.key);
    return kind !== 'saved' && kind !== 'queued';
  });

const withResults = (sheet: ImageSheet, changes: ReadonlyArray<readonly [string, RowResult]>): ImageSheet =>
  changes.length === 0 ? sheet : { ...sheet, results: new Map([...sheet.results, ...changes]) };

/** A run starts for these rows, none queued yet. */
export const runStarted = (sheet: ImageSheet, keys: readonly string[]): ImageSheet =>
  ({ ...withResults(sheet, keys.map((key) => [key, IDLE])), run: { keys, cancelling: false, cancelled: false } });

/** A row queued as an entry, or refused by the contract before queueing. */
export type Queued = { readonly key: string; readonly seq: number; readonly clientMsgId: string } | { readonly key: string; readonly reason: string };

/** Rows queued (a few at a time: a sheet may hold thousands of rows, and each change copies the results). */
export function rowsQueued(sheet: ImageSheet, queued: readonly Queued[]): ImageSheet {
  if (sheet.run === undefined) return sheet;
  return withResults(sheet, queued.map((each): readonly [string, RowResult] =>
    'reason' in each ? [each.key, { kind: 'refused', reason: each.reason }] : [each.key, { kind: 'queued', seq: each.seq, clientMsgId: each.clientMsgId }]));
}

/** The run's entries still unsettled, in queue order. */
export function queuedSeqs(sheet: ImageSheet): number[] {
  return (sheet.run?.keys ?? []).flatMap((key) => {
    const result = resultOf(sheet, key);
    return result.kind === 'queued' ? [result.seq] : [];
  });
}

/**
 * The entries a screen watches: the first unsettled ones. The outbox sends in order, so only the head of the run
 * changes; watching all of a long run would re-read thousands of entries at every step.
 */
export const WATCHED_ENTRIES = 20;
export const watchedSeqs = (sheet: ImageSheet): number[] => queuedSeqs(sheet).slice(0, WATCHED_ENTRIES);

/** What a settled entry tells about its row; undefined while it waits (or while a Cancel may still drop it). */
export interface SavedReplyLike {
  readonly message: string;
  readonly image: { readonly id: number };
}

/**
 * The rows whose entries settled (of those read), with their results, and the refused entries (their refusal now shown on the row,
 * they leave the outbox as data entry's do). An entry gone without a reply in this tab is counted saved, except
 * while a Cancel runs: it may be one the Cancel dropped, which cancelDone marks.
 */
export function runSettled(sheet: ImageSheet, entries: BatchEntries, replyOf: (clientMsgId: string) => SavedReplyLike | undefined): { sheet: ImageSheet; refusedSeqs: number[] } {
  const { run } = sheet;
  if (run === undefined) return { sheet, refusedSeqs: [] };
  const changes: Array<readonly [string, RowResult]> = [];
  const refusedSeqs: number[] = [];
  for (const key of run.keys) {
    const result = resultOf(sheet, key);
    if (result.kind !== 'queued') continue;
    const entry = entries.bySeq.get(result.seq);
    if (entry?.state === 'dead') {
      changes.push([key, { kind: 'refused', reason: entry.lastError }]);
      refusedSeqs.push(result.seq);
    } else if (entry?.state === 'gone') {
      const reply = replyOf(result.clientMsgId);
      if (reply !== undefined) changes.push([key, { kind: 'saved', message: reply.message, imageId: reply.image.id }]);
      else if (!run.cancelling) changes.push([key, { kind: 'saved', message: '', imageId: undefined }]);
    }
  }
  return { sheet: withResults(sheet, changes), refusedSeqs };
}

export const cancelStarted = (sheet: ImageSheet): ImageSheet => (sheet.run === undefined ? sheet : { ...sheet, run: { ...sheet.run, cancelling: true } });

/** The Cancel dropped these entries: their rows, and the run's rows never queued, were not sent. */
export function cancelDone(sheet: ImageSheet, dropped: readonly number[]): ImageSheet {
  const { run } = sheet;
  if (run === undefined) return sheet;
  const gone = new Set(dropped);
  const changes = run.keys.flatMap((key): Array<readonly [string, RowResult]> => {
    const result = resultOf(sheet, key);
    const unsent = result.kind === 'idle' || (result.kind === 'queued' && gone.has(result.seq));
    return unsent ? [[key, { kind: 'not-sent' }]] : [];
  });
  return { ...withResults(sheet, changes), run: { ...run, cancelling: false, cancelled: true } };
}

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
  const { run } = sheet;
  if (run === undefined) return undefined;
  const kinds = run.keys.map((key) => resultOf(sheet, key).kind);
  const count = (kind: RowResult['kind']): number => kinds.filter((each) => each === kind).length;
  const waiting = count('queued') + count('idle');
  return {
    total: run.keys.length, saved: count('saved'), refused: count('refused'), notSent: count('not-sent'), waiting,
    finished: waiting === 0 && !run.cancelling,
  };
}

/** The finished run's dialog is closed: the rows keep their results. */
export const runClosed = (sheet: ImageSheet): ImageSheet => ({ ...sheet, run: undefined });

/** Delete Images was queued: saved rows' images are going. */
export const imagesDeleted = (sheet: ImageSheet): ImageSheet =>
  withResults(sheet, sheet.rows.flatMap((row): Array<readonly [string, RowResult]> => (resultOf(sheet, row.key).kind === 'saved' ? [[row.key, { kind: 'deleted' }]] : [])));
