// Spreadsheet parsing (spec §3 spreadsheet columns, §5 spreadsheet parsing) on real .xlsx, .xls and .csv files
// written by SheetJS in the test, read as the spreadsheet worker reads them; then data entry's 'Select Excel
// File' turning the rows into new rows, or skipping them with Excel's row number and the reason.
// Hostile files and the worker's containment are in hostile-files.test.ts.
import { describe, expect, it } from 'vitest';
import { read, utils, write } from 'xlsx';
import { excelEntries, importMessage } from '../../../src/features/data-entry/excel-rows';
import { BOX_COLUMNS, CATALOGUE_COLUMNS, IMAGE_COLUMNS, type CatalogueColumn } from '../../../src/workers/columns';
import {
  readSpreadsheet, sniffKind, SPREADSHEET_LIMITS, SPREADSHEET_MAX_ROWS, type SheetRows, type SpreadsheetKind,
} from '../../../src/workers/spreadsheet';
import { storedZip } from '../../../src/workers/zip-guard';
import { noise, textFile, workbook } from './workbook-files';

const KINDS = ['xlsx', 'xls', 'csv'] as const;
const EXCEL: readonly SpreadsheetKind[] = ['xlsx', 'xls'];

/** Each row's sheet row number and values, as plain objects for comparing. */
const plain = <K extends string>({ rows }: SheetRows<K>): Array<{ row: number } & Record<string, string>> =>
  rows.map(({ rowNumber, values }) => ({ row: rowNumber, ...values }));

/** A header, then `count` rows whose UPC is their index. */
const numberedRows = (count: number): unknown[][] => Array.from({ length: count }, (_, index) => [String(index), 1]);

describe('Spreadsheet parsing (spec §5)', () => {
  it('hands SheetJS an .xlsx as the zip guard copied it, every part stored, which SheetJS reads exactly as the original', async () => {
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([['UPC', 'Brand', 'MSRP'], ...Array.from({ length: 300 }, (_, i) => [`0${i}`, `Brand ${i % 7}`, i + 0.5])]), 'Catalogue');
    const original = new Uint8Array(write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
    const checked = await storedZip(original, SPREADSHEET_LIMITS);
    if (!('stored' in checked)) throw new Error(`refused: ${checked.problem}`);
    const cells = (bytes: Uint8Array) => {
      const book = read(bytes, { type: 'array', dense: true });
      return book.SheetNames.map((name) => utils.sheet_to_json(book.Sheets[name] ?? {}, { header: 1, raw: false }));
    };
    expect(cells(checked.stored)).toEqual(cells(original));
    expect(checked.stored.byteLength).toBeGreaterThan(original.byteLength); // nothing left to inflate
  });

  it.each(KINDS)('reads a .%s by its headers: trimmed, any case, under the first non-empty row; blank rows skipped; Excel row numbers kept', async (kind) => {
    const data = workbook([
      [],
      ['UPC', ' Brand ', 'MSRP', 'Style', 'COLOR', 'Size', 'Description'],
      ['0123', 'Acme', '19.99', 'ST-9', 'Navy', 'XL', '  Runner shoe  '],
      [],
      ['', '', '', '', '', '', ''],
      ['0456', 'Zed', '$1,234.50', '', '', '', ''],
    ], kind);
    const sheet = await readSpreadsheet(data, CATALOGUE_COLUMNS, KINDS);
    expect(plain(sheet)).toEqual([
      { row: 3, upc: '0123', brand: 'Acme', msrp: '19.99', style: 'ST-9', color: 'Navy', size: 'XL', desc: 'Runner shoe' },
      { row: 6, upc: '0456', brand: 'Zed', msrp: '1234.50', style: '', color: '', size: '', desc: '' },
    ]);
    expect([sheet.missing, sheet.rejected, sheet.truncated]).toEqual([[], [], false]);
  });

  it('collapses runs of whitespace in a header to one space', async () => {
    const data = workbook([[' Unit \t  Price ', 'UPC'], ['3', '1']], 'xlsx');
    expect(plain(await readSpreadsheet(data, { upc: ['upc'], price: ['unit price'] }, EXCEL))).toEqual([{ row: 2, upc: '1', price: '3' }]);
  });

  it('reads the first sheet only', async () => {
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([['upc', 'qnty'], ['first', 1]]), 'First');
    utils.book_append_sheet(book, utils.aoa_to_sheet([['upc', 'qnty'], ['second', 2]]), 'Second');
    const data: unknown = write(book, { type: 'array', bookType: 'xlsx' });
    if (!(data instanceof ArrayBuffer)) throw new Error('SheetJS did not write an ArrayBuffer');
    expect(plain(await readSpreadsheet(data, BOX_COLUMNS, EXCEL))).toEqual([{ row: 2, upc: 'first', qnty: '1' }]);
  });

  it('drops rows with no recognised values: only unknown columns filled, or nothing left once cleaned', async () => {
    const data = workbook([['upc', 'msrp', 'notes'], ['', '', 'a note only'], ['', 'N/A', ''], ['1', '', 'x']], 'xlsx');
    expect(plain(await readSpreadsheet(data, CATALOGUE_COLUMNS, EXCEL))).toEqual([
      { row: 4, upc: '1', brand: '', msrp: '', style: '', color: '', size: '', desc: '' },
    ]);
  });

  it('strips non-numeric characters from msrp, keeps a number cell as it is, and rejects what is still no number', async () => {
    const data = workbook([['upc', 'msrp'], ['1', '$1,234.50'], ['2', 'USD 12'], ['3', 19.99], ['4', 'N/A'], ['5', '1.2.3'], ['6', 0.000001]], 'xlsx');
    const sheet = await readSpreadsheet(data, CATALOGUE_COLUMNS, EXCEL);
    expect(sheet.rows.map(({ values }) => [values.upc, values.msrp])).toEqual([['1', '1234.50'], ['2', '12'], ['3', '19.99'], ['4', ''], ['6', '0.000001']]);
    expect(sheet.rejected).toEqual([{ rowNumber: 6, reason: 'Msrp is not a number: 1.2.3' }]);
  });

  it('takes qnty as a whole number of 0 or more, and rejects the rest with its row number', async () => {
    const data = workbook([['upc', 'qnty'], ['a', 3], ['b', ' 007 '], ['c', 0], ['d', '2.5'], ['e', -1], ['f', 'two'], ['g', '']], 'csv');
    const sheet = await readSpreadsheet(data, BOX_COLUMNS, ['csv']);
    expect(plain(sheet)).toEqual([{ row: 2, upc: 'a', qnty: '3' }, { row: 3, upc: 'b', qnty: '7' }, { row: 4, upc: 'c', qnty: '0' }, { row: 8, upc: 'g', qnty: '' }]);
    expect(sheet.rejected.map(({ rowNumber, reason }) => `${rowNumber}: ${reason}`)).toEqual([
      '5: Qnty is not a whole number of 0 or more: 2.5', '6: Qnty is not a whole number of 0 or more: -1', '7: Qnty is not a whole number of 0 or more: two',
    ]);
  });

  it('serves the three column sets of spec §3 from one parser', async () => {
    expect([BOX_COLUMNS, CATALOGUE_COLUMNS, IMAGE_COLUMNS]).toEqual([
      { upc: ['upc'], qnty: ['qnty'] },
      { upc: ['upc'], brand: ['brand'], msrp: ['msrp'], style: ['style'], color: ['color'], size: ['size'], desc: ['desc', 'description'] },
      { upc: ['upc'], url: ['url'] },
    ]);
    const data = workbook([['URL', 'Qnty', 'Desc', 'UPC'], ['https://img/1.png', 2, 'Kettle', '111']], 'xlsx');
    expect(plain(await readSpreadsheet(data, BOX_COLUMNS, EXCEL))).toEqual([{ row: 2, upc: '111', qnty: '2' }]);
    expect(plain(await readSpreadsheet(data, IMAGE_COLUMNS, EXCEL))).toEqual([{ row: 2, upc: '111', url: 'https://img/1.png' }]);
    expect((await readSpreadsheet(data, CATALOGUE_COLUMNS, EXCEL)).rows[0]?.values.desc).toBe('Kettle');
  });

  it('builds rows with no prototype; __proto__, constructor and prototype are never keys, nor headers of a column', async () => {
    const data = workbook([['__proto__', 'constructor', 'prototype', 'upc'], ['{"polluted":1}', 'x', 'y', '1']], 'xlsx');
    const sheet = await readSpreadsheet(data, BOX_COLUMNS, EXCEL);
    const [row] = sheet.rows;
    expect(row !== undefined && Object.getPrototypeOf(row.values)).toBeNull();
    expect(row && { ...row.values }).toEqual({ upc: '1', qnty: '' });
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      await expect(readSpreadsheet(data, { upc: [name] }, EXCEL)).rejects.toThrow(TypeError);
      await expect(readSpreadsheet(data, JSON.parse(`{"${name}": ["upc"]}`) as Record<string, string[]>, EXCEL)).rejects.toThrow(TypeError);
    }
  });

  it.each(EXCEL)('keeps a UPC typed as a number as its digits in a .%s (never 1.23457E+11)', async (kind) => {
    const data = workbook([['upc', 'msrp'], [123456789012, 5], [40123456789012, 0.5]], kind);
    expect((await readSpreadsheet(data, CATALOGUE_COLUMNS, EXCEL)).rows.map(({ values }) => [values.upc, values.msrp])).toEqual([
      ['123456789012', '5'],
      ['40123456789012', '0.5'],
    ]);
  });

  it('lists the columns no header names, and gives them as empty', async () => {
    const result = await readSpreadsheet(workbook([['Upc', 'Desc', 'Notes'], ['1', 'a', 'x']], 'xlsx'), CATALOGUE_COLUMNS, EXCEL);
    expect(result.missing).toEqual(['brand', 'msrp', 'style', 'color', 'size']);
    expect(plain(result)).toEqual([{ row: 2, upc: '1', brand: '', msrp: '', style: '', color: '', size: '', desc: 'a' }]);
  });

  it("gives a formula's stored value, never the formula, and cuts an overlong cell", async () => {
    const sheet = utils.aoa_to_sheet([['upc', 'qnty'], ['1', 2]]);
    sheet.B2 = { t: 'n', v: 7, f: 'A9*2' };
    sheet.A3 = { t: 's', v: 'x'.repeat(5000) };
    sheet['!ref'] = 'A1:B3';
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, 'Sheet1');
    const data: unknown = write(book, { type: 'array', bookType: 'xlsx' });
    if (!(data instanceof ArrayBuffer)) throw new Error('SheetJS did not write an ArrayBuffer');
    const [first, second] = (await readSpreadsheet(data, BOX_COLUMNS, EXCEL)).rows;
    expect(first && { ...first.values }).toEqual({ upc: '1', qnty: '7' });
    expect(second?.values.upc).toHaveLength(2000);
  });

  it("reads a CSV where CSV is accepted, keeping a UPC's leading zeros", async () => {
    const data = textFile('UPC,Qnty\r\n012345678905,3\r\n\r\n 0042 ,1\r\n');
    const sheet = await readSpreadsheet(data, BOX_COLUMNS, ['csv']);
    expect(plain(sheet)).toEqual([{ row: 2, upc: '012345678905', qnty: '3' }, { row: 4, upc: '0042', qnty: '1' }]);
  });

  it('reads a UTF-8 CSV as UTF-8, with or without a BOM, and a Windows "CSV" as its single-byte code page', async () => {
    const brands = async (data: ArrayBuffer): Promise<string[]> => (await readSpreadsheet(data, CATALOGUE_COLUMNS, ['csv'])).rows.map(({ values }) => values.brand);
    expect(await brands(textFile('upc,brand\n1,Café 東京\n'))).toEqual(['Café 東京']);
    expect(await brands(textFile('\ufeffupc,brand\n1,Café\n'))).toEqual(['Café']);
    expect(await brands(Uint8Array.from([...'upc,brand\n1,Caf'].map((char) => char.charCodeAt(0)).concat(0xe9, 0x0a)).buffer)).toEqual(['Café']);
  });

  it('knows a file by its first bytes, not its name', () => {
    expect(sniffKind(new Uint8Array(workbook([['upc']], 'xlsx')))).toBe('xlsx');
    expect(sniffKind(new Uint8Array(workbook([['upc']], 'xls')))).toBe('xls');
    expect(sniffKind(new Uint8Array(textFile('upc\n1')))).toBe('csv');
    expect(sniffKind(new Uint8Array(textFile('\ufeff<html><table><tr><td>upc</td></tr></table></html>')))).toBeUndefined();
    expect(sniffKind(noise(2048))).toBeUndefined();
  });

  it(`reads at most ${SPREADSHEET_MAX_ROWS.toLocaleString('en')} rows of a longer sheet, in order, and says it was cut`, { timeout: 60_000 }, async () => {
    const over = await readSpreadsheet(workbook([['upc', 'qnty'], ...numberedRows(SPREADSHEET_MAX_ROWS + 1)], 'xlsx'), BOX_COLUMNS, EXCEL);
    expect(over.truncated).toBe(true);
    expect(over.rows).toHaveLength(SPREADSHEET_MAX_ROWS);
    expect([over.rows[0]?.values.upc, over.rows.at(-1)?.values.upc, over.rows.at(-1)?.rowNumber]).toEqual(['0', String(SPREADSHEET_MAX_ROWS - 1), SPREADSHEET_MAX_ROWS + 1]);
    const full = await readSpreadsheet(workbook([['upc', 'qnty'], ...numberedRows(SPREADSHEET_MAX_ROWS)], 'xlsx'), BOX_COLUMNS, EXCEL);
    expect([full.rows.length, full.truncated]).toEqual([SPREADSHEET_MAX_ROWS, false]);
  });

  it.each(KINDS)('never leaves rows of a long .%s out silently: blank rows above the header or among the rows count too', async (kind) => {
    const limits = { ...SPREADSHEET_LIMITS, maxRows: 100 };
    const gaps = [[], [], ['upc', 'qnty'], ...numberedRows(90).flatMap((row, index) => (index % 30 === 0 ? [[], row] : [row])), ...numberedRows(10)];
    const result = await readSpreadsheet(workbook(gaps, kind), BOX_COLUMNS, KINDS, limits);
    expect(result.truncated || result.rows.length === limits.maxRows, 'rows were left out without saying so').toBe(true);
    const rejectedToo = await readSpreadsheet(workbook([['upc', 'qnty'], ...numberedRows(100).map(([upc]) => [upc, 'x']), ['last', 1]], kind), BOX_COLUMNS, KINDS, limits);
    expect([rejectedToo.rejected.length, rejectedToo.rows.length, rejectedToo.truncated]).toEqual([100, 0, true]);
  });
});

describe('Select Excel File: rows become new data-entry rows (excel-rows)', () => {
  const sheetRows = (rows: ReadonlyArray<Partial<Record<CatalogueColumn, string>>>): SheetRows<CatalogueColumn> => ({
    rows: rows.map((row, index) => ({ rowNumber: index + 2, values: { upc: '', brand: '', msrp: '', style: '', color: '', size: '', desc: '', ...row } })),
    rejected: [],
    missing: [],
    truncated: false,
  });

  it("makes new rows (id 0, source excel) with the sheet's values; a cleaned MSRP reads as a number, a blank one as none", () => {
    const { entries, skipped } = excelEntries(sheetRows([
      { upc: '0123', brand: 'Acme', msrp: '1234.50', style: 'ST-9', color: 'Navy', size: 'XL', desc: 'Runner' },
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

  it("skips rows without a usable UPC and the rows the parser rejected, each with Excel's row number and why, in sheet order", () => {
    const sheet = sheetRows([{ upc: '1' }, { upc: '', brand: 'No UPC' }, { upc: '3 4' }, { upc: '5', msrp: '-3' }, { upc: '6' }]);
    const imported = excelEntries({ ...sheet, rejected: [{ rowNumber: 4, reason: 'Msrp is not a number: 1.2.3' }] });
    expect(imported.entries.map((entry) => entry.upc)).toEqual(['1', '6']);
    expect(imported.skipped).toEqual([
      { row: 3, reason: 'UPC is required.' },
      { row: 4, reason: 'Msrp is not a number: 1.2.3' },
      { row: 4, reason: 'UPC must not contain spaces or control characters.' },
      { row: 5, reason: 'Msrp cannot be negative.' },
    ]);
    expect(importMessage('prices.xlsx', imported, true)).toBe(
      'Added 2 rows from prices.xlsx. Skipped 4 rows (first: row 3, UPC is required). Only the first 50,000 rows were read: the sheet is too long.',
    );
    expect(importMessage('ok.xls', excelEntries(sheetRows([{ upc: '1' }])), false)).toBe('Added 1 rows from ok.xls.');
  });

  it('imports a real .xlsx end to end, its description column named "description", naming the row Excel shows', async () => {
    const data = workbook([['upc', 'brand', 'msrp', 'description'], [123456789012, 'Acme', '$12.00', 'Kettle'], [], ['', 'Acme', 3, 'no upc']], 'xlsx');
    const imported = excelEntries(await readSpreadsheet(data, CATALOGUE_COLUMNS, EXCEL));
    expect(imported.entries).toMatchObject([{ id: 0, upc: '123456789012', vendorName: 'Acme', retailPrice: 12, itemDescription: 'Kettle', source: 'excel' }]);
    expect(imported.skipped).toEqual([{ row: 4, reason: 'UPC is required.' }]);
  });
});
