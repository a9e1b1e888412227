// 'Select Excel File' (spec §2 Data entry, §3 spreadsheet columns): real .xlsx and .xls files built with SheetJS
// and hostile ones (random bytes, an HTML page renamed, a CSV where only Excel is accepted, a sheet over the
// row cap) read as the spreadsheet worker reads them; then the rows become new data-entry rows, or are skipped
// with their row number and the reason. (Here, not in tests/unit/workers: tsconfig.json type-checks only
// tests/unit/client and tests/unit/ui of the client's tests.)
import { describe, expect, it } from 'vitest';
import { utils, write } from 'xlsx';
import { DATA_ENTRY_COLUMNS, excelEntries, importMessage, type DataEntryColumn } from '../../../src/features/data-entry/excel-rows';
import {
  readSpreadsheet, sniffKind, SPREADSHEET_MAX_BYTES, SPREADSHEET_MAX_ROWS, SpreadsheetError, type SheetRows,
} from '../../../src/workers/spreadsheet';

type Cells = ReadonlyArray<ReadonlyArray<unknown>>;

/** A real workbook file of one sheet holding `cells`, as Excel (or SheetJS) writes it. */
function workbook(cells: Cells, bookType: 'xlsx' | 'xls'): ArrayBuffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(cells.map((row) => [...row])), 'Sheet1');
  const data: unknown = write(book, { type: 'array', bookType });
  if (!(data instanceof ArrayBuffer)) throw new Error('SheetJS did not write an ArrayBuffer');
  return data;
}

const textFile = (text: string): ArrayBuffer => new TextEncoder().encode(text).buffer;

const EXCEL = ['xlsx', 'xls'] as const;
const UPC_QNTY = { upc: ['upc'], qnty: ['qnty'] } as const;

/** The error readSpreadsheet throws for `data`, or undefined when it reads. */
function refusal(data: ArrayBuffer, accepted: ReadonlyArray<'xlsx' | 'xls' | 'csv'> = EXCEL): SpreadsheetError | undefined {
  try {
    readSpreadsheet(data, UPC_QNTY, accepted);
    return undefined;
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
}

/** Deterministic bytes that look like nothing (a NUL among them, as in any binary file). */
function noise(length: number): ArrayBuffer {
  const bytes = new Uint8Array(length);
  let seed = 42;
  for (let index = 0; index < length; index += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    bytes[index] = seed % 256;
  }
  bytes[100] = 0;
  return bytes.buffer;
}

/** A header, then `count` rows whose UPC is their index. */
const numberedRows = (count: number): unknown[][] => Array.from({ length: count }, (_, index) => [String(index), 1]);

describe('readSpreadsheet: real Excel files', () => {
  it.each(EXCEL)('reads a .%s by its header, any case, under the first non-empty row, blank rows skipped', (kind) => {
    const data = workbook([
      [],
      ['UPC', ' Brand ', 'MSRP', 'Style', 'COLOR', 'Size', 'Description'],
      ['0123', 'Acme', 19.99, 'ST-9', 'Navy', 'XL', '  Runner shoe  '],
      [],
      ['', '', '', '', '', '', ''],
      ['0456', 'Zed', '$1,234.50', '', '', '', ''],
    ], kind);
    expect(readSpreadsheet(data, DATA_ENTRY_COLUMNS, EXCEL)).toEqual({
      rows: [
        { upc: '0123', brand: 'Acme', msrp: '19.99', style: 'ST-9', color: 'Navy', size: 'XL', desc: 'Runner shoe' },
        { upc: '0456', brand: 'Zed', msrp: '$1,234.50', style: '', color: '', size: '', desc: '' },
      ],
      missing: [],
      truncated: false,
    });
  });

  it.each(EXCEL)('keeps a UPC typed as a number as its digits in a .%s (never 1.23457E+11)', (kind) => {
    const data = workbook([['upc', 'msrp'], [123456789012, 5], [40123456789012, 0.5]], kind);
    expect(readSpreadsheet(data, DATA_ENTRY_COLUMNS, EXCEL).rows.map(({ upc, msrp }) => [upc, msrp])).toEqual([
      ['123456789012', '5'],
      ['40123456789012', '0.5'],
    ]);
  });

  it('lists the columns no header names, and gives them as empty', () => {
    const result = readSpreadsheet(workbook([['Upc', 'Desc', 'Notes'], ['1', 'a', 'x']], 'xlsx'), DATA_ENTRY_COLUMNS, EXCEL);
    expect(result.missing).toEqual(['brand', 'msrp', 'style', 'color', 'size']);
    expect(result.rows).toEqual([{ upc: '1', brand: '', msrp: '', style: '', color: '', size: '', desc: 'a' }]);
  });

  it("gives a formula's stored value, never the formula, and cuts an overlong cell", () => {
    const sheet = utils.aoa_to_sheet([['upc', 'qnty'], ['1', 2]]);
    sheet.B2 = { t: 'n', v: 7, f: 'A9*2' };
    sheet.A3 = { t: 's', v: 'x'.repeat(5000) };
    sheet['!ref'] = 'A1:B3';
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, 'Sheet1');
    const data: unknown = write(book, { type: 'array', bookType: 'xlsx' });
    if (!(data instanceof ArrayBuffer)) throw new Error('SheetJS did not write an ArrayBuffer');
    const [first, second] = readSpreadsheet(data, UPC_QNTY, EXCEL).rows;
    expect(first).toEqual({ upc: '1', qnty: '7' });
    expect(second?.upc).toHaveLength(2000);
  });

  it('reads a CSV where CSV is accepted, keeping a UPC\'s leading zeros', () => {
    const data = textFile('UPC,Qnty\r\n012345678905,3\r\n\r\n 0042 ,1\r\n');
    expect(readSpreadsheet(data, UPC_QNTY, ['csv'])).toEqual({
      rows: [{ upc: '012345678905', qnty: '3' }, { upc: '0042', qnty: '1' }],
      missing: [],
      truncated: false,
    });
  });

  it('knows a file by its first bytes, not its name', () => {
    expect(sniffKind(new Uint8Array(workbook([['upc']], 'xlsx')))).toBe('xlsx');
    expect(sniffKind(new Uint8Array(workbook([['upc']], 'xls')))).toBe('xls');
    expect(sniffKind(new Uint8Array(textFile('upc\n1')))).toBe('csv');
    expect(sniffKind(new Uint8Array(noise(2048)))).toBeUndefined();
  });
});

describe('readSpreadsheet: hostile files are refused with a reason the user can read', () => {
  it('refuses an empty file and one over the size cap, before reading it', () => {
    expect(refusal(new ArrayBuffer(0))?.message).toBe('The file is empty.');
    expect(refusal(new ArrayBuffer(SPREADSHEET_MAX_BYTES + 1))?.message).toBe('The file is larger than 10 MB.');
  });

  it('refuses random bytes, an HTML page renamed .xlsx and a CSV, when only .xlsx and .xls are accepted', () => {
    const html = textFile('<html><body><table><tr><td>upc</td></tr><tr><td>1</td></tr></table><script>alert(1)</script></body></html>');
    for (const data of [noise(4096), html, textFile('upc,qnty\n1,2\n')]) {
      expect(refusal(data)?.message).toBe('The file is not .xlsx or .xls.');
    }
    expect(refusal(workbook([['upc']], 'xls'), ['xlsx'])?.message).toBe('The file is not .xlsx.');
  });

  it('refuses a file that starts like a workbook but is not one', () => {
    const zip = new Uint8Array(noise(4096));
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    const ole = new Uint8Array(noise(4096));
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(refusal(zip.buffer)?.message).toBe('The file could not be read as a spreadsheet.');
    expect(refusal(ole.buffer)?.message).toBe('The file could not be read as a spreadsheet.');
  });

  it(`reads at most ${SPREADSHEET_MAX_ROWS} rows of a longer sheet, in order, and says it was cut`, () => {
    const over = readSpreadsheet(workbook([['upc', 'qnty'], ...numberedRows(SPREADSHEET_MAX_ROWS + 1)], 'xlsx'), UPC_QNTY, EXCEL);
    expect(over.truncated).toBe(true);
    expect(over.rows).toHaveLength(SPREADSHEET_MAX_ROWS);
    expect([over.rows[0]?.upc, over.rows.at(-1)?.upc]).toEqual(['0', String(SPREADSHEET_MAX_ROWS - 1)]);
    const full = readSpreadsheet(workbook([['upc', 'qnty'], ...numberedRows(SPREADSHEET_MAX_ROWS)], 'xlsx'), UPC_QNTY, EXCEL);
    expect([full.rows.length, full.truncated]).toEqual([SPREADSHEET_MAX_ROWS, false]);
  });

  it.each(EXCEL)('never leaves rows of a long .%s out silently: blank rows above the header or among the rows count too', (kind) => {
    const gaps = [[], [], ['upc', 'qnty'], ...numberedRows(SPREADSHEET_MAX_ROWS - 10).flatMap((row, index) => (index % 1000 === 0 ? [[], row] : [row])), ...numberedRows(10)];
    const result = readSpreadsheet(workbook(gaps, kind), UPC_QNTY, EXCEL);
    expect(result.truncated || result.rows.length === SPREADSHEET_MAX_ROWS, 'rows were left out without saying so').toBe(true);
  });
});

describe('Select Excel File: rows become new data-entry rows (excel-rows)', () => {
  const sheetRows = (rows: ReadonlyArray<Partial<Record<DataEntryColumn, string>>>): SheetRows<DataEntryColumn> => ({
    rows: rows.map((row) => ({ upc: '', brand: '', msrp: '', style: '', color: '', size: '', desc: '', ...row })),
    missing: [],
    truncated: false,
  });

  it("makes new rows (id 0, source excel) with the sheet's values; '$1,234.50' reads as 1234.5, a blank MSRP as none", () => {
    const { entries, skipped } = excelEntries(sheetRows([
      { upc: '0123', brand: 'Acme', msrp: '$1,234.50', style: 'ST-9', color: 'Navy', size: 'XL', desc: 'Runner' },
      { upc: '0456', msrp: '' },
      { upc: '0789', msrp: '19.99' },
    ]));
    expect(skipped).toEqual([]);
    expect(entries).toEqual([
      { id: 0, upc: '0123', vendorName: 'Acme', vendorStyleNumber: 'ST-9', size: 'XL', color: 'Navy', itemDescription: 'Runner', retailPrice: 1234.5, source: 'excel' },
      { id: 0, upc: '0456', vendorName: '', vendorStyleNumber: '', size: '', color: '', itemDescription: '', retailPrice: null, source: 'excel' },
      { id: 0, upc: '0789', vendorName: '', vendorStyleNumber: '', size: '', color: '', itemDescription: '', retailPrice: 19.99, source: 'excel' },
    ]);
  });

  it('skips rows without a usable UPC or with an MSRP that is not a number, each with its row number and why', () => {
    const imported = excelEntries(sheetRows([
      { upc: '1' },
      { upc: '', brand: 'No UPC' },
      { upc: '2', msrp: 'ten' },
      { upc: '3 4' },
      { upc: '5', msrp: '-3' },
      { upc: '6' },
    ]));
    expect(imported.entries.map((entry) => entry.upc)).toEqual(['1', '6']);
    expect(imported.skipped).toEqual([
      { row: 2, reason: 'upc: UPC is required' },
      { row: 3, reason: 'Msrp is not a number: ten' },
      { row: 4, reason: 'upc: UPC must not contain spaces or control characters' },
      { row: 5, reason: expect.stringMatching(/^retailPrice: /) },
    ]);
    expect(importMessage('prices.xlsx', imported, true)).toBe(
      'Added 2 rows from prices.xlsx. Skipped 4 rows (first: row 2, upc: UPC is required). Only the first rows were read: the sheet is too long.',
    );
    expect(importMessage('ok.xls', excelEntries(sheetRows([{ upc: '1' }])), false)).toBe('Added 1 rows from ok.xls.');
  });

  it('imports a real .xlsx end to end, its description column named "description"', () => {
    const data = workbook([['upc', 'brand', 'msrp', 'description'], [123456789012, 'Acme', '$12.00', 'Kettle'], ['', 'Acme', 3, 'no upc']], 'xlsx');
    const imported = excelEntries(readSpreadsheet(data, DATA_ENTRY_COLUMNS, EXCEL));
    expect(imported.entries).toMatchObject([{ id: 0, upc: '123456789012', vendorName: 'Acme', retailPrice: 12, itemDescription: 'Kettle', source: 'excel' }]);
    expect(imported.skipped).toEqual([{ row: 2, reason: 'upc: UPC is required' }]);
  });
});
