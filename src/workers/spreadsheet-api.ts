// What the spreadsheet worker exposes through comlink (spreadsheet.worker.ts; node's worker threads in the
// tests): parse one file, then hand its rows over page by page, each page small enough that receiving it never
// stalls the main thread. Told a column set's name, never column keys, so a caller cannot make it build others.
// One worker reads one file (read-spreadsheet.ts starts a fresh one each time), so the parsed sheet is kept here.
import { COLUMN_SETS, isColumnSetName, type ColumnSetName, type SheetColumns } from './columns';
import {parseSpreadsheet, SPREADSHEET_KINDS, SpreadsheetError, type ParsedSheet, type RejectedRow, type SpreadsheetKind } from './spreadsheet';
import { SpreadsheetMessages } from '../protocol/messages';

/** Rows per message: 500 rows of a catalogue sheet clone in well under a millisecond. */
export const ROWS_PER_PAGE = 500;

export interface SheetSummary {
  readonly missing: readonly string[];
  readonly truncated: boolean;
  readonly pages: number;
}

export interface RowsPage {
  /** Each row's values in the column set's key order. */
  readonly values: ReadonlyArray<readonly string[]>;
  readonly rowNumbers: readonly number[];
  readonly rejected: readonly RejectedRow[];
}

let parsed: ParsedSheet<string> | undefined;

const isKindList = (kinds: unknown): kinds is SpreadsheetKind[] =>
  Array.isArray(kinds) && kinds.every((kind) => SPREADSHEET_KINDS.some((known) => known === kind));

async function readSheet(data: ArrayBuffer, set: ColumnSetName, accepted: readonly SpreadsheetKind[]): Promise<SheetSummary> {
  // The arguments crossed a thread boundary: checked, not trusted.
  if (!(data instanceof ArrayBuffer) || !isColumnSetName(set) || !isKindList(accepted)) throw new TypeError('readSheet(data, set, accepted): bad arguments');
  const columns: SheetColumns<string> = COLUMN_SETS[set];
  try {
    parsed = await parseSpreadsheet(data, columns, accepted);
  } catch (error) {
    // Anything but our own refusal is SheetJS or the platform failing on the file: the user learns only that.
    throw error instanceof SpreadsheetError ? error : new SpreadsheetError(SpreadsheetMessages.unreadable);
  }
  const pages = Math.ceil(Math.max(parsed.values.length, parsed.rejected.length) / ROWS_PER_PAGE);
  return { missing: parsed.missing, truncated: parsed.truncated, pages };
}

function rowsPage(page: number): RowsPage {
  if (parsed === undefined) throw new TypeError('rowsPage before readSheet');
  const from = page * ROWS_PER_PAGE;
  const to = from + ROWS_PER_PAGE;
  return { values: parsed.values.slice(from, to), rowNumbers: parsed.rowNumbers.slice(from, to), rejected: parsed.rejected.slice(from, to) };
}

export const spreadsheetApi = { readSheet, rowsPage };
export type SpreadsheetWorkerApi = typeof spreadsheetApi;
