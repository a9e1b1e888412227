// The main thread's side of the spreadsheet worker: a fresh worker per file, the file's bytes transferred to it
// (not copied), the rows fetched back a page at a time and rebuilt as prototype-less records, and the worker
// terminated once it has answered, failed or run past the time limit, so nothing a hostile file did to it
// outlives the read. Every failure arrives as a SpreadsheetError in words for the user.
import { transfer, wrap, type Endpoint, type Remote } from 'comlink';
import { COLUMN_SETS, type ColumnOf, type ColumnSetName } from './columns';
import type { SpreadsheetWorkerApi } from './spreadsheet-api';
import { rowsOf, type RejectedRow, type SheetRow, type SheetRows } from './sheet-rows';
import { SPREADSHEET_MAX_BYTES, SpreadsheetError, type SpreadsheetKind } from './spreadsheet-limits';
import { SpreadsheetMessages } from '../protocol/messages';

/** A 50,000-row sheet parses in about two seconds on a laptop; a slow tablet gets fifteen times that. */
export const READ_TIMEOUT_MS = 30_000;

/** A worker as this module uses it; a browser Worker in the app, a node worker thread in the tests. */
export interface SpreadsheetWorker {
  readonly endpoint: Endpoint;
  /** Calls back if the worker fails outside a call: its script did not load, or it crashed. */
  onFailure(listener: () => void): void;
  terminate(): void;
}

export interface ReadOptions {
  readonly startWorker?: () => SpreadsheetWorker;
  readonly timeoutMs?: number;
}

function browserWorker(): SpreadsheetWorker {
  const worker = new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), { type: 'module' });
  return {
    endpoint: worker,
    onFailure: (listener) => {
      worker.addEventListener('error', listener);
      worker.addEventListener('messageerror', listener);
    },
    terminate: () => worker.terminate(),
  };
}

/** Reads the first sheet of the file by a column set's headers, off the main thread. */
export async function readSheet<S extends ColumnSetName>(
  file: Blob, set: S, accepted: readonly SpreadsheetKind[], options: ReadOptions = {},
): Promise<SheetRows<ColumnOf<S>>> {
  // Refused before reading it into memory or starting a worker.
  if (file.size === 0) throw new SpreadsheetError(SpreadsheetMessages.empty);
  if (file.size > SPREADSHEET_MAX_BYTES) throw new SpreadsheetError(SpreadsheetMessages.tooLarge(SPREADSHEET_MAX_BYTES));
  return readSheetBytes(await file.arrayBuffer(), set, accepted, options);
}

/** As readSheet, from bytes; `data` is transferred to the worker and unusable here afterwards. */
export async function readSheetBytes<S extends ColumnSetName>(
  data: ArrayBuffer, set: S, accepted: readonly SpreadsheetKind[], { startWorker = browserWorker, timeoutMs = READ_TIMEOUT_MS }: ReadOptions = {},
): Promise<SheetRows<ColumnOf<S>>> {
  let worker: SpreadsheetWorker | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const started = startWorker();
    worker = started;
    const stopped = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new SpreadsheetError(SpreadsheetMessages.timedOut)), timeoutMs);
      started.onFailure(() => fail(new SpreadsheetError(SpreadsheetMessages.unreadable)));
    });
    return await Promise.race([collect(wrap<SpreadsheetWorkerApi>(started.endpoint), data, set, accepted), stopped]);
  } catch (error) {
    throw userError(error);
  } finally {
    clearTimeout(timer);
    worker?.terminate();
  }
}

async function collect<S extends ColumnSetName>(
  api: Remote<SpreadsheetWorkerApi>, data: ArrayBuffer, set: S, accepted: readonly SpreadsheetKind[],
): Promise<SheetRows<ColumnOf<S>>> {
  const summary = await api.readSheet(transfer(data, [data]), set, accepted);
  // The worker sends values in this set's key order; the keys themselves are taken from our own constant.
  const keys = Object.keys(COLUMN_SETS[set]) as Array<ColumnOf<S>>;
  // Every page asked for at once: the worker answers them back to back, one message each, and each is rebuilt
  // as it lands, so no round trip is waited on and no task handles more than one page.
  const pages = await Promise.all(Array.from({ length: summary.pages }, async (_, page) => {
    const chunk = await api.rowsPage(page);
    return { rows: rowsOf(keys, chunk.values, chunk.rowNumbers), rejected: chunk.rejected };
  }));
  const rows: Array<SheetRow<ColumnOf<S>>> = pages.flatMap((page) => page.rows);
  const rejected: RejectedRow[] = pages.flatMap((page) => page.rejected);
  return { rows, rejected, missing: keys.filter((key) => summary.missing.includes(key)), truncated: summary.truncated === true };
}

/** comlink rebuilds a thrown Error as a plain Error with its name and message; anything else is not for the user. */
function userError(error: unknown): SpreadsheetError {
  if (error instanceof SpreadsheetError) return error;
  if (error instanceof Error && error.name === 'SpreadsheetError') return new SpreadsheetError(error.message);
  return new SpreadsheetError(SpreadsheetMessages.unreadable);
}
