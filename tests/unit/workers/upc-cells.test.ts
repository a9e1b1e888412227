// Issue 13: a UPC typed into Excel as a number loses its leading zero (027466802337 is stored as 27466802337).
// Real .xlsx and .xls files written by SheetJS in the test, their UPCs in number cells, read as the spreadsheet
// worker reads them, then by both imports: Data entry's 'Select Excel File' and Lot edit's 'XLS Data Entry'.
// The lost zero comes back; a UPC that cannot be right is kept and marked with why, never dropped.
import { describe, expect, it } from 'vitest';
import { read, type CellObject } from 'xlsx';
import { excelEntries, importMessage } from '../../../src/features/data-entry/excel-rows';
import { upcQuantities, xlsRows } from '../../../src/features/lot-edit/xls-rows';
import { BOX_COLUMNS, CATALOGUE_COLUMNS, IMAGE_COLUMNS } from '../../../src/workers/columns';
import { readSheetBytes } from '../../../src/workers/read-spreadsheet';
import { readSpreadsheet } from '../../../src/workers/spreadsheet';
import { startThread } from './spreadsheet-thread';
import { workbook } from './workbook-files';

const EXCEL = ['xlsx', 'xls'] as const;

/** The type SheetJS gives the first column's cells under the header: 'n' is a number cell. */
function upcCellTypes(data: ArrayBuffer): string[] {
  const book = read(data, { type: 'array', dense: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  const grid: ReadonlyArray<ReadonlyArray<CellObject | undefined> | undefined> = sheet?.['!data'] ?? [];
  return grid.slice(1).map((row) => row?.[0]?.t ?? '');
}

describe.each(EXCEL)("Data entry's Excel import of a .%s with UPCs in number cells", (kind) => {
  const file = (): ArrayBuffer => workbook([
    ['upc', 'brand', 'style', 'description'],
    [27466802337, 'Acme', 27466802337, 'lost its 0'],
    [123456789012, 'Acme', 'ST-1', 'a full UPC-A'],
    [4006381333931, 'Faber', 'ST-2', 'an EAN-13'],
    ['027466802337', 'Acme', 'ST-3', 'typed as text'],
    [27466802338, 'Acme', 'ST-4', 'lost its 0, wrong check digit'],
    [123456789013, 'Acme', 'ST-5', 'wrong check digit'],
  ], kind);

  it('holds its UPCs in number cells (as Excel does when a UPC is typed as a number)', () => {
    expect(upcCellTypes(file())).toEqual(['n', 'n', 'n', 's', 'n', 'n']);
  });

  it('gives 27466802337 back as 027466802337; full codes and text stay as they are; other columns keep their numbers', async () => {
    const { entries, skipped } = excelEntries(await readSpreadsheet(file(), CATALOGUE_COLUMNS, EXCEL));
    expect(skipped).toEqual([]);
    expect(entries.map((entry) => [entry.upc, entry.vendorStyleNumber])).toEqual([
      ['027466802337', '27466802337'],
      ['123456789012', 'ST-1'],
      ['4006381333931', 'ST-2'],
      ['027466802337', 'ST-3'],
      ['27466802338', 'ST-4'],
      ['123456789013', 'ST-5'],
    ]);
  });

  it('keeps the rows whose UPC cannot be right, marks each with why, and says so after the import', async () => {
    const imported = excelEntries(await readSpreadsheet(file(), CATALOGUE_COLUMNS, EXCEL));
    expect(imported.entries).toHaveLength(6);
    expect(imported.flagged).toEqual([
      { row: 6, upc: '27466802338', reason: 'UPC 27466802338 has 11 digits; a UPC has 12 (an EAN 13). Check the number.' },
      { row: 7, upc: '123456789013', reason: 'UPC 123456789013 has a wrong check digit: for these digits the last one should be 2. Check the number.' },
    ]);
    expect(importMessage(`upcs.${kind}`, imported, false)).toBe(
      `Added 6 rows from upcs.${kind}. 2 UPCs look wrong; their rows are kept and marked (first: row 6, UPC 27466802338).`,
    );
  });
});

describe.each(EXCEL)("Lot edit's XLS Data Entry of a .%s with UPCs and quantities in number cells", (kind) => {
  const file = (): ArrayBuffer => workbook([
    ['UPC', 'Qnty'],
    [27466802337, 2],
    ['027466802337', 1],
    [123456789013, 4],
    [3600029145, 1],
  ], kind);

  it('restores the lost 0, so the text and the number of the same UPC are one row; a wrong UPC is kept and marked', async () => {
    const parsed = xlsRows((await readSpreadsheet(file(), BOX_COLUMNS, EXCEL)).rows.map((row) => row.values));
    expect(parsed).toEqual({
      rows: [
        { upc: '027466802337', qnty: 3 },
        { upc: '123456789013', qnty: 4, problem: 'UPC 123456789013 has a wrong check digit: for these digits the last one should be 2. Check the number.' },
        { upc: '3600029145', qnty: 1, problem: 'UPC 3600029145 has 10 digits; a UPC has 12 (an EAN 13). Check the number.' },
      ],
      skipped: 0,
    });
  });

  it('sends every row, marked or not, as UPC and quantity only', async () => {
    const parsed = xlsRows((await readSpreadsheet(file(), BOX_COLUMNS, EXCEL)).rows.map((row) => row.values));
    expect(upcQuantities(parsed.rows)).toEqual([
      { upc: '027466802337', qnty: 3 },
      { upc: '123456789013', qnty: 4 },
      { upc: '3600029145', qnty: 1 },
    ]);
  });
});

describe('UPC number cells elsewhere', () => {
  it('are restored in the image entry sheet too (upc and url)', async () => {
    const sheet = await readSpreadsheet(workbook([['upc', 'url'], [27466802337, 'https://example.com/a.jpg']], 'xlsx'), IMAGE_COLUMNS, EXCEL);
    expect(sheet.rows.map(({ values }) => values.upc)).toEqual(['027466802337']);
  });

  it('are not guessed at in a CSV: its cells are text, kept as written, and an 11-digit UPC is marked', async () => {
    const sheet = await readSpreadsheet(workbook([['upc', 'qnty'], ['27466802337', 1]], 'csv'), BOX_COLUMNS, ['csv']);
    expect(xlsRows(sheet.rows.map((row) => row.values)).rows).toEqual([
      { upc: '27466802337', qnty: 1, problem: 'UPC 27466802337 has 11 digits; a UPC has 12 (an EAN 13). Check the number.' },
    ]);
  });

  it('come back restored through the spreadsheet worker, across a real thread', async () => {
    const data = workbook([['upc', 'qnty'], [27466802337, 1], [123456789012, 2]], 'xlsx');
    const sheet = await readSheetBytes(data, 'box', EXCEL, { startWorker: startThread });
    expect(sheet.rows.map(({ values }) => values.upc)).toEqual(['027466802337', '123456789012']);
  });
});
