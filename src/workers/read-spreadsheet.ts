// The main thread's side of the spreadsheet worker: one worker, started on first use, called through comlink.
// A refusal (SpreadsheetError in the worker) arrives as an Error with the same message, for the user.
import { transfer, wrap, type Remote } from 'comlink';
import type { SheetColumns, SheetRows, SpreadsheetKind } from './spreadsheet';
import type { SpreadsheetWorkerApi } from './spreadsheet.worker';

let worker: Remote<SpreadsheetWorkerApi> | undefined;

function spreadsheetWorker(): Remote<SpreadsheetWorkerApi> {
  worker ??= wrap<SpreadsheetWorkerApi>(new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), { type: 'module' }));
  return worker;
}

/** Reads the first sheet of the file by its columns' headers, off the main thread. */
export async function readSpreadsheetFile<K extends string>(file: Blob, columns: SheetColumns<K>, accepted: readonly SpreadsheetKind[]): Promise<SheetRows<K>> {
  const data = await file.arrayBuffer();
  const rows = await spreadsheetWorker().readSpreadsheet(transfer(data, [data]), columns, accepted);
  // comlink returns the worker's plain object as it was built: rows keyed by the same K.
  return rows as SheetRows<K>;
}
