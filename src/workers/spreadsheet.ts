// Reading a spreadsheet the user picked (spec §3 "Spreadsheet columns": matched by header, case-insensitive),
// for data entry (upc, brand, msrp, style, color, size, desc|description) and later box bulk add (upc, qnty)
// and image entry (upc, url). Runs in the spreadsheet worker (off the main thread) and in node tests. Every
// file is hostile: its kind is checked by its first bytes, not its name; its size and row count are capped;
// formulas, HTML and styles are never evaluated; every cell comes back as trimmed text.
import { read, utils, type WorkBook } from 'xlsx';

export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
/** Rows read after the header; the rest of a longer sheet is left out (and said so). */
export const SPREADSHEET_MAX_ROWS = 5000;
/** A cell's text is cut here: no catalogue field is longer. */
const CELL_MAX_CHARS = 2000;
/** Sheet rows SheetJS reads: the header, the rows kept, and one more to know there were more. */
const SHEET_ROWS_READ = SPREADSHEET_MAX_ROWS + 2;

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/** Column keys and the header names (any case) that fill each, e.g. `{ desc: ['desc', 'description'] }`. */
export type SheetColumns<K extends string> = Readonly<Record<K, readonly string[]>>;

export interface SheetRows<K extends string> {
  /** One record per non-empty row below the header; '' where the cell is empty or the column is absent. */
  readonly rows: ReadonlyArray<Readonly<Record<K, string>>>;
  /** Keys no header matched. */
  readonly missing: readonly K[];
  /** The sheet had more than SPREADSHEET_MAX_ROWS rows; only the first were read. */
  readonly truncated: boolean;
}

/** A reason the file cannot be read, in words for the user. */
export class SpreadsheetError extends Error {
  override readonly name = 'SpreadsheetError';
}

const ZIP = [0x50, 0x4b, 0x03, 0x04]; // .xlsx is a zip package
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .xls is an OLE2 compound file

const startsWithBytes = (bytes: Uint8Array, magic: readonly number[]): boolean => magic.every((byte, index) => bytes[index] === byte);

/** The file's kind by its first bytes; CSV is text without a NUL in its first kilobyte. */
export function sniffKind(bytes: Uint8Array): SpreadsheetKind | undefined {
  if (startsWithBytes(bytes, ZIP)) return 'xlsx';
  if (startsWithBytes(bytes, OLE2)) return 'xls';
  return bytes.subarray(0, 1024).includes(0) ? undefined : 'csv';
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Integers as digits (a UPC typed as a number must not become 1.23E+11); other numbers as JavaScript prints them.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  return String(value).trim().slice(0, CELL_MAX_CHARS);
}

function openWorkbook(data: ArrayBuffer, accepted: readonly SpreadsheetKind[]): WorkBook {
  if (data.byteLength === 0) throw new SpreadsheetError('The file is empty.');
  if (data.byteLength > SPREADSHEET_MAX_BYTES) throw new SpreadsheetError(`The file is larger than ${SPREADSHEET_MAX_BYTES / 1024 / 1024} MB.`);
  const kind = sniffKind(new Uint8Array(data, 0, Math.min(data.byteLength, 1024)));
  if (kind === undefined || !accepted.includes(kind)) {
    throw new SpreadsheetError(`The file is not ${accepted.map((name) => `.${name}`).join(' or ')}.`);
  }
  try {
    return read(data, {
      type: 'array', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellText: false,
      raw: true, // CSV cells stay text: a UPC keeps its leading zeros
      sheetRows: SHEET_ROWS_READ,
    });
  } catch {
    throw new SpreadsheetError('The file could not be read as a spreadsheet.');
  }
}

/** The first sheet's rows under its first non-empty row (the header), by the given columns. */
export function readSpreadsheet<K extends string>(data: ArrayBuffer, columns: SheetColumns<K>, accepted: readonly SpreadsheetKind[]): SheetRows<K> {
  const workbook = openWorkbook(data, accepted);
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  if (sheet === undefined) throw new SpreadsheetError('The file has no sheet.');
  const grid = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  const texts = grid.map((row) => row.map(cellText));
  const headerAt = texts.findIndex((row) => row.some((cell) => cell !== ''));
  const header = (texts[headerAt] ?? []).map((name) => name.toLowerCase());
  const keys = Object.keys(columns) as K[];
  const indexOf = new Map(keys.map((key) => [key, header.findIndex((name) => columns[key].includes(name))]));
  const body = headerAt < 0 ? [] : texts.slice(headerAt + 1).filter((row) => row.some((cell) => cell !== ''));
  const rows = body.slice(0, SPREADSHEET_MAX_ROWS).map((row) =>
    Object.fromEntries(keys.map((key) => [key, row[indexOf.get(key) ?? -1] ?? ''])) as Record<K, string>,
  );
  // Blank rows and the rows above the header count against SHEET_ROWS_READ too: a read that stopped there left rows unread.
  const cut = utils.decode_range(sheet['!ref'] ?? 'A1').e.r + 1 >= SHEET_ROWS_READ;
  return { rows, missing: keys.filter((key) => (indexOf.get(key) ?? -1) < 0), truncated: cut || body.length > SPREADSHEET_MAX_ROWS };
}
