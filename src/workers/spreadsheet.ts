// The one spreadsheet parser (spec §3 "Spreadsheet columns", §5 spreadsheet parsing) serving box bulk add, data
// entry and image entry: the first sheet's header matched to a column set (names trimmed, lowercased, whitespace
// collapsed), blank rows and rows with no recognised value dropped, the value rules applied (msrp, qnty, and a UPC
// number cell's lost leading zero restored), each row kept with its sheet row number. Rows are prototype-less
// records keyed by the set's own keys only.
// Pure: runs in the spreadsheet worker and in node for the tests; opening the file is open-workbook.ts.
import type { CellObject, WorkSheet } from 'xlsx';
import { FORBIDDEN_NAMES, headerName, type SheetColumns } from './columns';
import { openFirstSheet, sheetRowsRead } from './open-workbook';
import { rowsOf, type RejectedRow, type SheetRows } from './sheet-rows';
import { SPREADSHEET_LIMITS, type SpreadsheetKind, type SpreadsheetLimits } from './spreadsheet-limits';
import { restoreNumericUpc } from '../protocol/upc';

// One module for node callers and the tests: the parser and all it answers with.
export { namesEncryptedStream, sniffKind } from './open-workbook';
export * from './sheet-rows';
export * from './spreadsheet-limits';

/** A cell's text is cut here: no catalogue field is longer. */
const CELL_MAX_CHARS = 2000;

/** SheetRows as the worker sends it: each row's values in `keys` order, so a message carries no key names. */
export interface ParsedSheet<K extends string> {
  readonly keys: readonly K[];
  readonly values: ReadonlyArray<readonly string[]>;
  readonly rowNumbers: readonly number[];
  readonly rejected: readonly RejectedRow[];
  readonly missing: readonly K[];
  readonly truncated: boolean;
}

type Checked = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly problem: string };
type ValueRule = (text: string) => Checked;

const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;
const NUMBER_CELL = /^(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i; // as String() prints a non-negative number

const ok = (value: string): Checked => ({ ok: true, value });

/** Value rules by column key, whichever set the column is in (spec §5: msrp strips non-numeric characters). */
const VALUE_RULES: ReadonlyMap<string, ValueRule> = new Map<string, ValueRule>([
  ['msrp', (text) => {
    if (NUMBER_CELL.test(text)) return ok(text);
    const digits = text.replace(/[^0-9.]/g, ''); // '$1,234.50' → '1234.50'; 'N/A' → '' (no price)
    return digits === '' || DECIMAL.test(digits) ? ok(digits) : { ok: false, problem: `Msrp is not a number: ${text}` };
  }],
  // A box holds a whole number of each item, none at least.
  ['qnty', (text) => {
    if (text === '') return ok('');
    return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? ok(String(Number(text))) : { ok: false, problem: `Qnty is not a whole number of 0 or more: ${text}` };
  }],
]);

/**
 * Rules for a number cell's text, by column key, before the value rules: Excel keeps a UPC typed as a number
 * without its leading zero (027466802337 is stored as 27466802337), so a UPC column's numbers are restored.
 */
const NUMBER_CELL_RULES: ReadonlyMap<string, (text: string) => string> = new Map([['upc', restoreNumericUpc]]);

function cellText(cell: CellObject | undefined): string {
  if (cell === undefined || cell.t === 'e' || cell.t === 'z') return '';
  const value: unknown = cell.v;
  if (value === null || value === undefined) return '';
  // Integers as digits (a UPC typed as a number must not become 1.23E+11); other numbers as JavaScript prints them.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return String(value).trim().slice(0, CELL_MAX_CHARS);
}

/** A column set's keys and names; a forbidden one is a programming error, never the file's doing. */
function keysOf<K extends string>(columns: SheetColumns<K>): K[] {
  const keys = Object.keys(columns) as K[];
  if (keys.some((key) => FORBIDDEN_NAMES.has(key) || columns[key].some((name) => FORBIDDEN_NAMES.has(name)))) {
    throw new TypeError('A column set may not use __proto__, constructor or prototype');
  }
  return keys;
}

/** Each key's column in the header row: the first whose name the key lists; -1 for none. */
function columnIndexes<K extends string>(header: ReadonlyArray<CellObject | undefined>, columns: SheetColumns<K>, keys: readonly K[]): number[] {
  const names = Array.from(header, (cell) => headerName(cellText(cell)));
  return keys.map((key) => names.findIndex((name) => !FORBIDDEN_NAMES.has(name) && columns[key].includes(name)));
}

/** A row's values in key order, cleaned by the value rules; the first rule it breaks; or undefined when it is empty. */
function checkRow(
  row: ReadonlyArray<CellObject | undefined>, indexes: readonly number[], rules: ReadonlyArray<ValueRule | undefined>,
  numberRules: ReadonlyArray<((text: string) => string) | undefined>,
): string[] | string | undefined {
  const values: string[] = [];
  let filled = false;
  for (let column = 0; column < indexes.length; column += 1) {
    const index = indexes[column] ?? -1;
    const cell = index < 0 ? undefined : row[index];
    const numberRule = numberRules[column];
    const text = cell?.t === 'n' && numberRule !== undefined ? numberRule(cellText(cell)) : cellText(cell);
    const rule = rules[column];
    const checked = rule === undefined ? ok(text) : rule(text);
    if (!checked.ok) return checked.problem;
    filled ||= checked.value !== '';
    values.push(checked.value);
  }
  return filled ? values : undefined;
}

/** The first sheet's rows under its first non-empty row (the header), in the set's keys' order. */
export async function parseSpreadsheet<K extends string>(
  data: ArrayBuffer, columns: SheetColumns<K>, accepted: readonly SpreadsheetKind[], limits: SpreadsheetLimits = SPREADSHEET_LIMITS,
): Promise<ParsedSheet<K>> {
  const keys = keysOf(columns);
  const sheet: WorkSheet = await openFirstSheet(data, accepted, limits);
  const grid: ReadonlyArray<ReadonlyArray<CellObject | undefined> | undefined> = sheet['!data'] ?? [];
  const headerAt = grid.findIndex((row) => row !== undefined && row.some((cell) => cellText(cell) !== ''));
  const indexes = headerAt < 0 ? keys.map(() => -1) : columnIndexes(grid[headerAt] ?? [], columns, keys);
  const rules = keys.map((key) => VALUE_RULES.get(key));
  const numberRules = keys.map((key) => NUMBER_CELL_RULES.get(key));
  const values: string[][] = [];
  const rowNumbers: number[] = [];
  const rejected: RejectedRow[] = [];
  let more = false;
  for (let r = headerAt + 1; headerAt >= 0 && r < grid.length; r += 1) {
    const row = grid[r];
    if (row === undefined) continue;
    const checked = checkRow(row, indexes, rules, numberRules);
    // A blank row, one with nothing under a known header, or nothing left once cleaned ('N/A' as the only msrp).
    if (checked === undefined) continue;
    if (values.length + rejected.length === limits.maxRows) {
      more = true;
      break;
    }
    if (typeof checked === 'string') rejected.push({ rowNumber: r + 1, reason: checked });
    else {
      values.push(checked);
      rowNumbers.push(r + 1);
    }
  }
  const cut = grid.length >= sheetRowsRead(limits); // SheetJS stopped there: rows may be left unread
  return { keys, values, rowNumbers, rejected, missing: keys.filter((_, index) => indexes[index] === -1), truncated: more || cut };
}

/** The first sheet's rows, by the given columns (in node, and for callers already off the main thread). */
export async function readSpreadsheet<K extends string>(
  data: ArrayBuffer, columns: SheetColumns<K>, accepted: readonly SpreadsheetKind[], limits: SpreadsheetLimits = SPREADSHEET_LIMITS,
): Promise<SheetRows<K>> {
  const sheet = await parseSpreadsheet(data, columns, accepted, limits);
  return { rows: rowsOf(sheet.keys, sheet.values, sheet.rowNumbers), rejected: sheet.rejected, missing: sheet.missing, truncated: sheet.truncated };
}
