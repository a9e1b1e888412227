// A spreadsheet's rows for Image entry (spec §3: image entry uses upc and url, matched by header; §5 parsing rules,
// applied by the worker, which also gives a numeric UPC cell its lost leading zero back). Each row is checked
// against the saveImageByUrl contract before anything is queued: a row without a usable UPC or an http(s) address,
// or one the worker rejected, is left out and counted with its sheet row number, never guessed at. A UPC that cannot
// be right (a wrong check digit, digits missing) is kept and marked with why. Pure: tested in node.
import { issuesText } from '../../protocol/contract';
import { ImageByUrlRequestSchema } from '../../protocol/images';
import { ImageEntryMessages } from '../../protocol/messages';
import { plainError } from '../../protocol/plain-issues';
import { upcProblem } from '../../protocol/upc';
import type { ImageColumn } from '../../workers/columns';
import type { SheetRows } from '../../workers/sheet-rows';

/** One row of the sheet as the screen shows and sends it. */
export interface ImageEntryRow {
  /** Stable for the sheet: its row number as Excel shows it. */
  readonly key: string;
  readonly rowNumber: number;
  readonly upc: string;
  readonly url: string;
  /** Why the UPC cannot be right; undefined when it can be. */
  readonly upcProblem?: string;
}

export interface SkippedRow {
  readonly row: number;
  readonly reason: string;
}

export interface ImageSheetRows {
  readonly rows: readonly ImageEntryRow[];
  /** Rows left out, in sheet order, with why. */
  readonly skipped: readonly SkippedRow[];
}

function rowOf(rowNumber: number, values: Readonly<Record<ImageColumn, string>>): ImageEntryRow | string {
  const checked = ImageByUrlRequestSchema.safeParse({ UPC: values.upc, URL: values.url }, { error: plainError });
  if (!checked.success) return issuesText(checked.error.issues);
  const { UPC: upc, URL: url } = checked.data;
  const problem = upcProblem(upc);
  return { key: `row:${rowNumber}`, rowNumber, upc, url, ...(problem === undefined ? {} : { upcProblem: problem }) };
}

export function imageSheetRows({ rows, rejected }: Pick<SheetRows<ImageColumn>, 'rows' | 'rejected'>): ImageSheetRows {
  const kept: ImageEntryRow[] = [];
  const skipped: SkippedRow[] = rejected.map(({ rowNumber, reason }) => ({ row: rowNumber, reason }));
  for (const { rowNumber, values } of rows) {
    const row = rowOf(rowNumber, values);
    if (typeof row === 'string') skipped.push({ row: rowNumber, reason: row });
    else kept.push(row);
  }
  return { rows: kept, skipped: skipped.sort((a, b) => a.row - b.row) };
}

/** Why a sheet cannot be used at all: a column missing (spec §3: upc and url); undefined when both are there. */
export const missingColumnsMessage = (missing: readonly string[]): string | undefined =>
  missing.length === 0 ? undefined : ImageEntryMessages.noColumns(missing);

/** What the user reads after a read. */
export function readMessage(fileName: string, { rows, skipped }: ImageSheetRows, truncated: boolean): string {
  const parts = [ImageEntryMessages.read(rows.length, fileName)];
  const [first] = skipped;
  if (first !== undefined) parts.push(ImageEntryMessages.skipped(skipped.length, first.row, first.reason));
  if (truncated) parts.push(ImageEntryMessages.truncated);
  return parts.join(' ');
}

/** The distinct UPCs of the sheet, in order (Delete Images). */
export const sheetUpcs = (rows: readonly ImageEntryRow[]): string[] => [...new Set(rows.map((row) => row.upc))];
