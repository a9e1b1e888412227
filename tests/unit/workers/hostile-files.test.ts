// Hostile spreadsheet files (issue 6: SheetJS contained): each is answered with a message the user can read,
// none pollutes Object.prototype, none hangs. Read in this process first, where a polluted prototype would show;
// then through the worker as the app runs it (a node worker thread standing in for the browser's Worker), where
// the main thread must keep ticking, the bytes move instead of being copied, rows come back in small pages and a
// read past its time limit ends with the thread.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOX_COLUMNS } from '../../../src/workers/columns';
import { readSheet, readSheetBytes } from '../../../src/workers/read-spreadsheet';
import { ROWS_PER_PAGE } from '../../../src/workers/spreadsheet-api';
import {
  readSpreadsheet, SPREADSHEET_MAX_BYTES, SPREADSHEET_MAX_PARTS, SpreadsheetError, type SpreadsheetKind,
} from '../../../src/workers/spreadsheet';
import { startThread, type SpreadsheetThread } from './spreadsheet-thread';
import {
  bytesOf, compoundFile, concat, deflatedRepeats, noise, passwordProtectedXls, sheetXml, textFile, workbook, xlsxParts, zipFile, type ZipPart,
} from './workbook-files';

const EXCEL: readonly SpreadsheetKind[] = ['xlsx', 'xls'];
const GIB = 2 ** 30;
const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const UPC_SHEET = sheetXml([['upc', 'qnty'], ['1', '2']]);

/** The message readSpreadsheet refuses `data` with, or undefined when it reads. */
async function refusal(data: ArrayBuffer, accepted: readonly SpreadsheetKind[] = EXCEL): Promise<string | undefined> {
  try {
    await readSpreadsheet(data, BOX_COLUMNS, accepted);
    return undefined;
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
}

/** A one-sheet .xlsx whose workbook is sound, plus `extra` parts. */
const xlsxWith = (extra: readonly ZipPart[]): ArrayBuffer => zipFile(xlsxParts({ sheet: UPC_SHEET, extra }));

/** An .xlsx whose shared strings are `count` one-letter strings, the table claiming four billion; A1 and B1 use two. */
function sharedStrings(count: number): ArrayBuffer {
  return zipFile(xlsxParts({
    sheet: `<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>${count - 1}</v></c></row></sheetData></worksheet>`,
    sharedStrings: deflatedRepeats([[`<sst ${MAIN} count="4294967295" uniqueCount="4294967295">`, 1], ['<si><t>x</t></si>', count], ['</sst>', 1]]),
  }));
}

/** An .xlsx whose one cell is an inline string nested `depth` elements deep. */
function deepXml(depth: number): ArrayBuffer {
  const sheet = `<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is>${'<r>'.repeat(depth)}<t>upc</t>${'</r>'.repeat(depth)}</is></c></row></sheetData></worksheet>`;
  return zipFile(xlsxParts({ sheet }));
}

/** An ECMA-376 agile-encrypted workbook's container: the EncryptionInfo header Excel writes, and a package. */
function encryptedWorkbook(): ArrayBuffer {
  const xml = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?><encryption xmlns="http://schemas.microsoft.com/office/2006/encryption"></encryption>');
  const info = new Uint8Array(8 + xml.byteLength);
  const view = new DataView(info.buffer);
  view.setUint16(0, 4, true); // version 4.4: agile
  view.setUint16(2, 4, true);
  view.setUint32(4, 0x40, true);
  info.set(xml, 8);
  return compoundFile({ EncryptionInfo: info, EncryptedPackage: noise(8192) });
}

describe('Hostile spreadsheet files are refused with a clear message, and pollute nothing', () => {
  let prototypeNames: string[] = [];
  beforeEach(() => {
    prototypeNames = [Object.prototype, Array.prototype].flatMap((proto) => Object.getOwnPropertyNames(proto));
  });
  afterEach(() => {
    expect([Object.prototype, Array.prototype].flatMap((proto) => Object.getOwnPropertyNames(proto))).toEqual(prototypeNames);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads a sheet with a __proto__ header and a comment on cell "__proto__" as a sheet: the header is no column, the comment lands nowhere', async () => {
    const comments = `<comments ${MAIN}><authors><author>x</author></authors><commentList>${['__proto__', 'constructor', 'A1'].map((ref) =>
      `<comment ref="${ref}" authorId="0"><text><t>polluted</t></text></comment>`).join('')}</commentList></comments>`;
    const data = zipFile(xlsxParts({ sheet: sheetXml([['__proto__', 'polluted', 'upc'], ['{"c":1}', 'yes', '1']]), comments }));
    const sheet = await readSpreadsheet(data, BOX_COLUMNS, EXCEL);
    expect(sheet.rows.map(({ values }) => ({ ...values }))).toEqual([{ upc: '1', qnty: '' }]);
    expect(({} as Record<string, unknown>).c).toBeUndefined();
  });

  it('refuses a zip bomb whose headers say 1 GiB, before inflating it', async () => {
    const started = performance.now();
    expect(await refusal(xlsxWith([{ name: 'xl/media/bomb.bin', data: new Uint8Array(0), deflated: deflatedRepeats([['\0', GIB]]) }])))
      .toBe('The file is too large once unpacked.');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a zip bomb that lies (its headers say 1 KB; it inflates to 1 GiB), inflating no further than the limit', async () => {
    const bomb = deflatedRepeats([['\0', GIB]]);
    expect(await refusal(xlsxWith([{ name: 'xl/media/bomb.bin', data: new Uint8Array(0), deflated: { bytes: bomb.bytes, size: 1024 } }])))
      .toBe('The file is too large once unpacked.');
    // Sizes only in a data descriptor after the data, as streaming writers do: SheetJS would inflate it unbounded.
    const descriptor = xlsxWith([{ name: 'xl/media/bomb.bin', data: new Uint8Array(0), deflated: { bytes: bomb.bytes, size: 1024 }, descriptor: true }]);
    expect(await refusal(descriptor)).toBe('The file is too large once unpacked.');
  });

  it('refuses a part whose unsigned data descriptor disagrees with its central entry, as SheetJS does; reads a signed one (SheetJS warns)', async () => {
    const sheetAs = (descriptor: true | 'unsigned', descriptorSize?: number) => zipFile(xlsxParts({ sheet: UPC_SHEET }).map((part) =>
      part.name === 'xl/worksheets/sheet1.xml' ? { ...part, descriptor, ...(descriptorSize === undefined ? {} : { descriptorSize }) } : part));
    expect(await refusal(sheetAs('unsigned', 7))).toBe('The file could not be read as a spreadsheet.');
    expect(await refusal(sheetAs('unsigned'))).toBeUndefined();
    expect(await refusal(sheetAs(true, 7))).toBeUndefined();
  });

  it('refuses a package whose headers disagree, or of more parts than a workbook has', async () => {
    const parts = xlsxParts({ sheet: UPC_SHEET });
    const lying = new Uint8Array(zipFile(parts));
    new DataView(lying.buffer).setUint32(22, 0xfffffff0, true); // the first part's local header: 4 GiB uncompressed
    expect(await refusal(lying.buffer)).toBe('The file could not be read as a spreadsheet.');
    const many = Array.from({ length: SPREADSHEET_MAX_PARTS }, (_, index) => ({ name: `xl/media/${index}.bin`, data: 'x' }));
    expect(await refusal(xlsxWith(many))).toBe('The file has too many parts to be a spreadsheet.');
  });

  it('refuses huge shared strings (120 MiB of them, claiming four billion) by their unpacked size', async () => {
    expect(await refusal(sharedStrings(7_500_000))).toBe('The file is too large once unpacked.');
  });

  it('answers a cell nested 200,000 elements deep', { timeout: 20_000 }, async () => {
    expect((await readSpreadsheet(deepXml(200_000), BOX_COLUMNS, EXCEL)).missing).toEqual(['qnty']);
  });

  it('refuses a renamed file: a PNG, random bytes, an HTML page, a CSV where only Excel is taken, noise behind a zip or OLE2 signature', async () => {
    const html = textFile('<html><body><table><tr><td>upc</td></tr><tr><td>1</td></tr></table><script>alert(1)</script></body></html>');
    expect(await refusal(html)).toBe('The file is not .xlsx or .xls.');
    expect(await refusal(html, ['csv'])).toBe('The file is not .csv.');
    expect(await refusal(textFile('upc,qnty\n1,2\n'))).toBe('The file is not .xlsx or .xls.');
    const png = new Uint8Array(concat([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), noise(4096)]));
    expect(await refusal(png.buffer)).toBe('The file is not .xlsx or .xls.');
    expect(await refusal(png.buffer, ['xlsx', 'xls', 'csv'])).toBe('The file is not .xlsx, .xls or .csv.');
    expect(await refusal(bytesOf(noise(4096)))).toBe('The file is not .xlsx or .xls.');
    for (const magic of [[0x50, 0x4b, 0x03, 0x04], [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]]) {
      const fake = noise(4096);
      fake.set(magic);
      expect(await refusal(bytesOf(fake))).toBe('The file could not be read as a spreadsheet.');
    }
    expect(await refusal(workbook([['upc']], 'xls'), ['xlsx'])).toBe('The file is not .xlsx.');
  });

  it('refuses an encrypted workbook as password-protected: an ECMA-376 container, an .xls with FILEPASS, a zip of encrypted parts', async () => {
    expect(await refusal(encryptedWorkbook())).toBe('The file is password-protected.');
    expect(await refusal(encryptedWorkbook(), ['xlsx'])).toBe('The file is password-protected.');
    expect(await refusal(compoundFile({ EncryptedPackage: noise(8192) }))).toBe('The file is password-protected.');
    expect(await refusal(passwordProtectedXls([['upc', 'qnty'], ['1', 2]]))).toBe('The file is password-protected.');
    expect(await refusal(zipFile(xlsxParts({ sheet: UPC_SHEET }).map((part) => ({ ...part, encrypted: true }))))).toBe('The file is password-protected.');
  });

  it('refuses an empty file and one over the size cap, before reading it', async () => {
    expect(await refusal(new ArrayBuffer(0))).toBe('The file is empty.');
    expect(await refusal(new ArrayBuffer(SPREADSHEET_MAX_BYTES + 1))).toBe('The file is larger than 10 MB.');
  });
});

describe('The spreadsheet worker: a fresh thread per file, the bytes transferred, rows in pages, a time limit', () => {
  const threads: SpreadsheetThread[] = [];
  const startWorker = (): SpreadsheetThread => {
    const thread = startThread();
    threads.push(thread);
    return thread;
  };
  afterEach(() => {
    threads.length = 0;
  });

  /** The largest gap between ticks of a 10 ms timer on this thread while `work` runs, and how long it ran. */
  /**
   * How many turns the main thread's event loop took while `work` was pending. A read done on the main thread
   * would hold the loop for its whole length (a handful of turns at most); a read in a worker leaves it free.
   * Counted, not timed: a busy machine takes fewer turns per second but still thousands during a long read.
   */
  async function turnsWhile<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
    let turns = 0;
    let pending = true;
    const turn = (): void => {
      if (!pending) return;
      turns += 1;
      setImmediate(turn);
    };
    setImmediate(turn);
    try {
      return { result: await work(), turns };
    } finally {
      pending = false;
    }
  }

  it('reads a file in a fresh thread, moving its bytes there, and ends the thread once it has answered', { timeout: 30_000 }, async () => {
    const data = workbook([['upc', 'qnty'], ['1', 2], ['2', 'x'], ['3', 4]], 'xlsx');
    const sheet = await readSheetBytes(data, 'box', EXCEL, { startWorker });
    expect(data.byteLength, 'the bytes were copied, not transferred').toBe(0);
    expect(sheet.rows.map(({ rowNumber, values }) => [rowNumber, values.upc, values.qnty])).toEqual([[2, '1', '2'], [4, '3', '4']]);
    expect(sheet.rows.every(({ values }) => Object.getPrototypeOf(values) === null)).toBe(true);
    expect(sheet.rejected).toEqual([{ rowNumber: 3, reason: 'Qnty is not a whole number of 0 or more: x' }]);
    await readSheetBytes(workbook([['upc', 'qnty'], ['5', 6]], 'xlsx'), 'box', EXCEL, { startWorker });
    expect(threads).toHaveLength(2);
    await Promise.all(threads.map((thread) => thread.exited));
  });

  it(`sends the rows back ${ROWS_PER_PAGE} at a time`, { timeout: 30_000 }, async () => {
    const rows = Array.from({ length: 1234 }, (_, index) => [String(index), index]);
    const sheet = await readSheetBytes(workbook([['upc', 'qnty'], ...rows], 'xlsx'), 'box', EXCEL, { startWorker });
    expect(sheet.rows.map(({ values }) => values.upc)).toEqual(rows.map(([upc]) => upc));
    const pagesAsked = threads[0]?.sent.filter((message) => JSON.stringify(message).includes('"rowsPage"')).length;
    expect(pagesAsked).toBe(Math.ceil(1234 / ROWS_PER_PAGE));
  });

  it("refuses a hostile file in the thread with the refusal's words, and ends the thread", { timeout: 30_000 }, async () => {
    await expect(readSheetBytes(encryptedWorkbook(), 'catalogue', EXCEL, { startWorker })).rejects.toThrow(new SpreadsheetError('The file is password-protected.'));
    await expect(readSheetBytes(bytesOf(noise(4096)), 'catalogue', EXCEL, { startWorker })).rejects.toThrow('The file is not .xlsx or .xls.');
    await Promise.all(threads.map((thread) => thread.exited));
  });

  it('ends the thread and says so when reading takes longer than the limit', { timeout: 30_000 }, async () => {
    const data = workbook([['upc', 'qnty'], ...Array.from({ length: 20_000 }, (_, index) => [String(index), 1])], 'xlsx');
    await expect(readSheetBytes(data, 'box', EXCEL, { startWorker, timeoutMs: 50 })).rejects.toThrow(new SpreadsheetError('Reading the file took too long.'));
    await threads[0]?.exited;
  });

  it('keeps the main thread ticking while the worker reads a million shared strings and a cell 500,000 elements deep', { timeout: 60_000 }, async () => {
    for (const data of [sharedStrings(1_000_000), deepXml(500_000)]) {
      const { result, turns } = await turnsWhile(() => readSheetBytes(data, 'box', EXCEL, { startWorker }));
      expect(result.rows).toEqual([]);
      expect(turns, 'the main thread kept taking turns while the worker read').toBeGreaterThan(100);
    }
  });

  it('refuses a file over the size cap before starting a worker', async () => {
    await expect(readSheet(new Blob([new Uint8Array(SPREADSHEET_MAX_BYTES + 1)]), 'box', EXCEL, { startWorker })).rejects.toThrow('The file is larger than 10 MB.');
    expect(threads).toHaveLength(0);
  });
});
