// Opening a spreadsheet file the user picked, for its first sheet (spec §5: first sheet only; unsupported or
// encrypted files rejected). Every file is hostile: its kind is known by its first bytes, not its name; its
// size, its unpacked size and its number of parts are capped before SheetJS sees it; SheetJS then parses only
// the first sheet, only so many rows, and never evaluates formulas, HTML or styles. Each refusal is a
// SpreadsheetError in words for the user. Runs in the spreadsheet worker, and in node for the tests.
import { read, type WorkSheet } from 'xlsx';
import { SpreadsheetError, type SpreadsheetKind, type SpreadsheetLimits } from './spreadsheet-limits';
import { storedZip, type ZipProblem } from './zip-guard';
import { SpreadsheetMessages } from '../protocol/messages';

const ZIP_MESSAGES: Readonly<Record<ZipProblem, string>> = {
  damaged: SpreadsheetMessages.unreadable,
  encrypted: SpreadsheetMessages.passwordProtected,
  'too large': SpreadsheetMessages.unpackedTooLarge,
  'too many parts': SpreadsheetMessages.tooManyParts,
};

const ZIP = [0x50, 0x4b, 0x03, 0x04]; // .xlsx is a zip package
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // .xls is an OLE2 compound file, as is an encrypted .xlsx
const SNIFF_BYTES = 1024;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

const startsWithBytes = (bytes: Uint8Array, magic: readonly number[], at = 0): boolean => magic.every((byte, index) => bytes[at + index] === byte);

/**
 * The file's kind by its first bytes. CSV is UTF-8 or single-byte text: no control characters but tab and line
 * breaks in its first kilobyte, and not markup (SheetJS would read a text file opening with '<' as HTML or XML).
 */
export function sniffKind(bytes: Uint8Array): SpreadsheetKind | undefined {
  if (startsWithBytes(bytes, ZIP)) return 'xlsx';
  if (startsWithBytes(bytes, OLE2)) return 'xls';
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.some((byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)) return undefined;
  const text = startsWithBytes(head, UTF8_BOM) ? head.subarray(UTF8_BOM.length) : head;
  const first = text.find((byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d);
  if (first === 0x3c) return undefined; // '<'
  if (first !== undefined && first >= 0x80 && first < 0xc0) return undefined; // never the start of UTF-8 text; SheetJS reads some as dBASE
  return 'csv';
}

/** An OLE2 file naming an EncryptedPackage or EncryptionInfo stream is an encrypted OOXML workbook ([MS-OFFCRYPTO]). */
export function namesEncryptedStream(bytes: Uint8Array): boolean {
  return ['EncryptedPackage', 'EncryptionInfo'].some((name) => {
    const pattern = Uint8Array.from([...name].flatMap((char) => [char.charCodeAt(0), 0])); // directory names are UTF-16LE
    for (let at = bytes.indexOf(pattern[0] ?? 0); at >= 0; at = bytes.indexOf(pattern[0] ?? 0, at + 1)) {
      if (startsWithBytes(bytes, [...pattern], at)) return true;
    }
    return false;
  });
}

/**
 * A CSV's text for SheetJS: UTF-8 when the bytes are valid UTF-8 (SheetJS alone reads UTF-8 without a BOM byte
 * by byte: 'Café' would become 'CafÃ©'); otherwise the bytes as they are, which SheetJS reads as a single-byte
 * code page, as Excel's plain "CSV" is written on Windows.
 */
function csvInput(bytes: Uint8Array): string | Uint8Array {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes;
  }
}

/**
 * Sheet rows SheetJS parses: the header, maxRows rows and one more to know there were more. Blank rows and those
 * above the header count too, so a sheet that reaches this may have rows left unread (spreadsheet.ts says so).
 */
export const sheetRowsRead = (limits: SpreadsheetLimits): number => limits.maxRows + 2;

/** The first sheet of the file, or a SpreadsheetError saying why not. */
export async function openFirstSheet(data: ArrayBuffer, accepted: readonly SpreadsheetKind[], limits: SpreadsheetLimits): Promise<WorkSheet> {
  if (data.byteLength === 0) throw new SpreadsheetError(SpreadsheetMessages.empty);
  if (data.byteLength > limits.maxBytes) throw new SpreadsheetError(SpreadsheetMessages.tooLarge(limits.maxBytes));
  const bytes = new Uint8Array(data);
  const kind = sniffKind(bytes);
  // An encrypted .xlsx is an OLE2 file: it is password-protected, not "not .xlsx".
  const encrypted = (): boolean => kind === 'xls' && namesEncryptedStream(bytes);
  if (kind === undefined || !accepted.includes(kind)) {
    throw new SpreadsheetError(encrypted() ? SpreadsheetMessages.passwordProtected : SpreadsheetMessages.notKind(accepted));
  }
  // An .xlsx reaches SheetJS as the guard's copy, every part stored: checked, and inflated once.
  let input: Uint8Array | string = bytes;
  if (kind === 'xlsx') {
    const checked = await storedZip(bytes, limits);
    if ('problem' in checked) throw new SpreadsheetError(ZIP_MESSAGES[checked.problem]);
    input = checked.stored;
  } else if (kind === 'csv') input = csvInput(bytes);
  let sheet: WorkSheet | undefined;
  try {
    const workbook = read(input, {
      type: typeof input === 'string' ? 'string' : 'array', dense: true, sheets: 0, nodim: true,
      cellFormula: false, cellHTML: false, cellNF: false, cellStyles: false, cellText: false,
      raw: true, // CSV cells stay text: a UPC keeps its leading zeros
      sheetRows: sheetRowsRead(limits),
    });
    const first = workbook.SheetNames[0];
    sheet = first === undefined ? undefined : workbook.Sheets[first];
  } catch (error) {
    // SheetJS throws strings as well as Errors; "File is password-protected" is its word for FILEPASS and ECMA-376.
    const message = error instanceof Error ? error.message : String(error);
    if (/password|encrypt/i.test(message) || encrypted()) throw new SpreadsheetError(SpreadsheetMessages.passwordProtected);
    throw new SpreadsheetError(SpreadsheetMessages.unreadable);
  }
  if (sheet === undefined) throw new SpreadsheetError(SpreadsheetMessages.noSheet);
  return sheet;
}
