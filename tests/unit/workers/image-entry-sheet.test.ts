// Image entry's spreadsheet (spec §3: image entry uses upc and url, matched by header; §5 parsing rules) on real
// .xlsx, .xls and .csv files written by SheetJS, read as the worker reads them, then turned into the rows Save Images
// sends: a row without a UPC or an http(s) address is skipped with its Excel row number and why; a numeric UPC cell
// gets its lost leading zero back; a UPC that cannot be right is kept and marked.
import { describe, expect, it } from 'vitest';
import { imageSheetRows, missingColumnsMessage, readMessage, sheetUpcs } from '../../../src/features/image-entry/image-rows';
import { shortUrl } from '../../../src/features/image-entry/row-result';
import { IMAGE_COLUMNS } from '../../../src/workers/columns';
import { readSpreadsheet } from '../../../src/workers/spreadsheet';
import { workbook } from './workbook-files';

const KINDS = ['xlsx', 'xls', 'csv'] as const;

const read = async (cells: ReadonlyArray<ReadonlyArray<unknown>>, kind: (typeof KINDS)[number] = 'xlsx') =>
  readSpreadsheet(workbook(cells, kind), IMAGE_COLUMNS, KINDS);

describe('Image entry: the upc and url columns', () => {
  it.each(KINDS)('reads a .%s by its headers in any case and order, other columns ignored, Excel row numbers kept', async (kind) => {
    const sheet = await read([['Notes', ' URL ', 'Upc'], ['x', 'https://cdn.example.com/a.jpg', '012345678905'], [], ['', 'http://example.com/b.png', 'ABC-1']], kind);
    expect(sheet.missing).toEqual([]);
    const { rows, skipped } = imageSheetRows(sheet);
    expect(rows).toEqual([
      { key: 'row:2', rowNumber: 2, upc: '012345678905', url: 'https://cdn.example.com/a.jpg' },
      { key: 'row:4', rowNumber: 4, upc: 'ABC-1', url: 'http://example.com/b.png' },
    ]);
    expect(skipped).toEqual([]);
  });

  it("gives a numeric UPC cell its lost leading zero back, as data entry does", async () => {
    const { rows } = imageSheetRows(await read([['upc', 'url'], [12345678905, 'https://example.com/a.jpg']]));
    expect(rows.map((row) => row.upc)).toEqual(['012345678905']);
  });

  it('skips rows without a UPC or an http(s) address, with the row number and why; keeps and marks a UPC that cannot be right', async () => {
    const sheet = await read([
      ['upc', 'url'],
      ['', 'https://example.com/a.jpg'],
      ['111', 'ftp://example.com/a.jpg'],
      ['222', ''],
      ['012345678901', 'https://example.com/c.jpg'],
    ]);
    const { rows, skipped } = imageSheetRows(sheet);
    expect(skipped).toEqual([
      { row: 2, reason: 'UPC is required.' },
      { row: 3, reason: 'Must be an http(s) URL.' },
      { row: 4, reason: 'Must be an http(s) URL.' },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.upcProblem).toMatch(/check digit/i);
    expect(readMessage('sheet.xlsx', { rows, skipped }, false)).toBe('Read 1 rows from sheet.xlsx. Skipped 3 rows (first: row 2, UPC is required).');
  });

  it("names a missing 'upc' or 'url' column, so nothing is read from a sheet that cannot be used", async () => {
    const sheet = await read([['upc', 'link'], ['1', 'https://example.com/a.jpg']]);
    expect(sheet.missing).toEqual(['url']);
    expect(missingColumnsMessage(sheet.missing)).toBe("The file has no 'url' column: image entry needs upc and url.");
    expect(missingColumnsMessage(['upc', 'url'])).toBe("The file has no 'upc' or 'url' column: image entry needs upc and url.");
    expect(missingColumnsMessage([])).toBeUndefined();
  });

  it('Delete Images names each UPC of the sheet once', () => {
    const row = (upc: string, n: number) => ({ key: `row:${n}`, rowNumber: n, upc, url: 'https://example.com/a.jpg' });
    expect(sheetUpcs([row('1', 2), row('2', 3), row('1', 4)])).toEqual(['1', '2']);
  });
});

describe('Image entry: a shortened address (the full one in the title)', () => {
  it('keeps a short address whole, and shortens a long one to its host and file name', () => {
    expect(shortUrl('https://example.com/a.jpg')).toBe('example.com/a.jpg');
    expect(shortUrl('https://cdn.example.com/some/very/long/path/of/folders/product-photo.jpg')).toBe('cdn.example.com/…/product-photo.jpg');
    expect(shortUrl(`https://example.com/${'x'.repeat(80)}.jpg`)).toHaveLength(48);
    expect(shortUrl('not a url')).toBe('not a url');
  });
});
