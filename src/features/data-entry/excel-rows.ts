// An Excel file's rows as new data-entry rows (spec §2 'Select Excel File', §3 spreadsheet columns: upc, brand,
// msrp, style, color, size, desc or description — the worker's catalogue column set; source excel). The
// worker has applied the value rules (msrp stripped to a number); each row is then checked against the
// catalogue schema: a row without a usable UPC, or one the worker rejected, is left out and counted with its
// sheet row number, never guessed at, so the user can fix the file. A row whose UPC cannot be right (a wrong
// check digit, digits missing) is kept and counted as one to check; the table marks it (upcProblem).
import { UpcEntrySchema, type UpcEntry } from '../../protocol/catalogue';
import { issuesText } from '../../protocol/contract';
import { plainError } from '../../protocol/plain-issues';
import type { CatalogueColumn } from '../../workers/columns';
import type { SheetRows } from '../../workers/sheet-rows';
import { SPREADSHEET_MAX_ROWS } from '../../workers/spreadsheet-limits';
import { ClientMessages } from '../../protocol/messages';
import { upcProblem } from '../../protocol/upc';
import { blankEntry } from './sheet';

export interface ExcelImport {
  readonly entries: readonly UpcEntry[];
  /** Rows left out, by their number as Excel shows it, with why; in sheet order. */
  readonly skipped: ReadonlyArray<{ readonly row: number; readonly reason: string }>;
  /** Rows kept whose UPC looks wrong, by their number as Excel shows it, with why; in sheet order. */
  readonly flagged: ReadonlyArray<{ readonly row: number; readonly upc: string; readonly reason: string }>;
}

function entryOf(row: Readonly<Record<CatalogueColumn, string>>): UpcEntry | string {
  const msrp = row.msrp === '' ? null : Number(row.msrp);
  if (msrp !== null && !Number.isFinite(msrp)) return `Msrp is not a number: ${row.msrp}`;
  const result = UpcEntrySchema.safeParse({
    ...blankEntry('excel'),
    upc: row.upc, vendorName: row.brand, retailPrice: msrp, vendorStyleNumber: row.style, color: row.color, size: row.size,
    itemDescription: row.desc,
  }, { error: plainError });
  // The server's words for the same refusal ('Msrp cannot be negative.'), the column named as the screen names it.
  return result.success ? result.data : issuesText(result.error.issues);
}

export function excelEntries({ rows, rejected }: Pick<SheetRows<CatalogueColumn>, 'rows' | 'rejected'>): ExcelImport {
  const entries: UpcEntry[] = [];
  const skipped: Array<{ row: number; reason: string }> = rejected.map(({ rowNumber, reason }) => ({ row: rowNumber, reason }));
  const flagged: Array<{ row: number; upc: string; reason: string }> = [];
  for (const { rowNumber, values } of rows) {
    const entry = entryOf(values);
    if (typeof entry === 'string') {
      skipped.push({ row: rowNumber, reason: entry });
      continue;
    }
    entries.push(entry);
    const problem = upcProblem(entry.upc);
    if (problem !== undefined) flagged.push({ row: rowNumber, upc: entry.upc, reason: problem });
  }
  return { entries, skipped: skipped.sort((a, b) => a.row - b.row), flagged };
}

/** What the user reads after an import. */
export function importMessage(fileName: string, { entries, skipped, flagged }: ExcelImport, truncated: boolean): string {
  const parts = [`Added ${entries.length} rows from ${fileName}.`];
  if (flagged.length > 0) parts.push(ClientMessages.upcsToCheck(flagged.length, `row ${flagged[0]?.row ?? 0}, UPC ${flagged[0]?.upc ?? ''}`));
  if (skipped.length > 0) parts.push(`Skipped ${skipped.length} rows (first: row ${skipped[0]?.row ?? 0}, ${(skipped[0]?.reason ?? '').replace(/\.$/, '')}).`);
  if (truncated) parts.push(`Only the first ${SPREADSHEET_MAX_ROWS.toLocaleString('en')} rows were read: the sheet is too long.`);
  return parts.join(' ');
}
