// An Excel file's rows as new data-entry rows (spec §2 'Select Excel File', §3 spreadsheet columns: upc, brand,
// msrp, style, color, size, desc or description; source excel). Each row is checked against the catalogue
// schema: a row without a usable UPC or with an MSRP that is not a number is left out and counted, never
// guessed at, so the user can fix the file.
import { UpcEntrySchema, type UpcEntry } from '../../protocol/catalogue';
import type { SheetColumns, SheetRows } from '../../workers/spreadsheet';
import { blankEntry } from './sheet';

export const DATA_ENTRY_COLUMNS = {
  upc: ['upc'],
  brand: ['brand'],
  msrp: ['msrp'],
  style: ['style'],
  color: ['color'],
  size: ['size'],
  desc: ['desc', 'description'],
} as const satisfies SheetColumns<string>;
export type DataEntryColumn = keyof typeof DATA_ENTRY_COLUMNS;

export interface ExcelImport {
  readonly entries: readonly UpcEntry[];
  /** Sheet row numbers (1 = the first row under the header) left out, with why. */
  readonly skipped: ReadonlyArray<{ readonly row: number; readonly reason: string }>;
}

function entryOf(row: Readonly<Record<DataEntryColumn, string>>): UpcEntry | string {
  const msrp = row.msrp.trim() === '' ? null : Number(row.msrp.replace(/^\$/, '').replaceAll(',', ''));
  if (msrp !== null && !Number.isFinite(msrp)) return `Msrp is not a number: ${row.msrp}`;
  const result = UpcEntrySchema.safeParse({
    ...blankEntry('excel'),
    upc: row.upc, vendorName: row.brand, retailPrice: msrp, vendorStyleNumber: row.style, color: row.color, size: row.size,
    itemDescription: row.desc,
  });
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  return `${issue?.path.join('.') ?? 'row'}: ${issue?.message ?? 'not accepted'}`;
}

export function excelEntries({ rows }: SheetRows<DataEntryColumn>): ExcelImport {
  const entries: UpcEntry[] = [];
  const skipped: Array<{ row: number; reason: string }> = [];
  rows.forEach((row, index) => {
    const entry = entryOf(row);
    if (typeof entry === 'string') skipped.push({ row: index + 1, reason: entry });
    else entries.push(entry);
  });
  return { entries, skipped };
}

/** What the user reads after an import. */
export function importMessage(fileName: string, { entries, skipped }: ExcelImport, truncated: boolean): string {
  const parts = [`Added ${entries.length} rows from ${fileName}.`];
  if (skipped.length > 0) parts.push(`Skipped ${skipped.length} rows (first: row ${skipped[0]?.row ?? 0}, ${skipped[0]?.reason ?? ''}).`);
  if (truncated) parts.push('Only the first rows were read: the sheet is too long.');
  return parts.join(' ');
}
