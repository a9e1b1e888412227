// CSV for downloads (spec §9: the inventory history; the auctions export may share it): papaparse writes the quoting,
// and every text cell that a spreadsheet would read as a formula (it starts with =, +, -, @, a tab or a carriage
// return) is neutralised with a leading single quote first (OWASP "CSV injection"). Numbers stay numbers: they
// cannot run. Pure, except `downloadCsv`, which hands the text to the browser as a file (works offline: a Blob).
import Papa from 'papaparse';

export type CsvCell = string | number | null | undefined;

/** The characters a spreadsheet takes as the start of a formula (or strips before one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell that cannot run as a formula: a leading single quote where it would. */
export function neutralise(cell: CsvCell): string | number {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : '';
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The CSV text: the header line, then one line per row (CRLF, RFC 4180 quoting). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return Papa.unparse(
    { fields: header.map(neutralise).map(String), data: rows.map((row) => row.map(neutralise)) },
    { newline: '\r\n', quotes: false },
  );
}

/** Saves the text as a file through an object URL (no network: it works offline). */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
