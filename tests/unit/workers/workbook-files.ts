// Spreadsheet files made in the test: real ones written by SheetJS, and hostile ones put together byte by byte
// (a zip writer of our own, so a test can lie in a header, bomb a part or name a stream as an attacker would).
import { crc32, constants, deflateRawSync } from 'node:zlib';
import { CFB, utils, write } from 'xlsx';

type Cells = ReadonlyArray<ReadonlyArray<unknown>>;

/** A real workbook file of one sheet holding `cells`, as Excel (or SheetJS) writes it. */
export function workbook(cells: Cells, bookType: 'xlsx' | 'xls' | 'csv'): ArrayBuffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(cells.map((row) => [...row])), 'Sheet1');
  const data: unknown = write(book, { type: bookType === 'csv' ? 'string' : 'array', bookType });
  if (typeof data === 'string') return textFile(data);
  if (!(data instanceof ArrayBuffer)) throw new Error('SheetJS did not write an ArrayBuffer');
  return data;
}

export const textFile = (text: string): ArrayBuffer => bytesOf(new TextEncoder().encode(text));

/** The bytes as an ArrayBuffer of their own (a Node Buffer may share a larger pool). */
export function bytesOf(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

/** Deterministic bytes that look like nothing (a NUL among them, as in any binary file). */
export function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let seed = 42;
  for (let index = 0; index < length; index += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    bytes[index] = seed % 256;
  }
  bytes[100] = 0;
  return bytes;
}

export interface ZipPart {
  readonly name: string;
  readonly data: Uint8Array | string;
  /** Already deflated bytes, stored with method 8 as they are (for a bomb built without inflating it here). */
  readonly deflated?: { readonly bytes: Uint8Array; readonly size: number };
  /** The uncompressed size written in both headers, when the part lies about it. */
  readonly declaredSize?: number;
  /** Sizes only in a data descriptor after the data (bit 3), as streaming zip writers do; with or without its signature. */
  readonly descriptor?: boolean | 'unsigned';
  /** The uncompressed size the data descriptor states, when it disagrees with the central entry. */
  readonly descriptorSize?: number;
  /** General-purpose flag bit 0: the part is encrypted. */
  readonly encrypted?: boolean;
}

/** A zip file of the parts, deflated unless given already deflated. */
export function zipFile(parts: readonly ZipPart[]): ArrayBuffer {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = new TextEncoder().encode(part.name);
    const raw = typeof part.data === 'string' ? new TextEncoder().encode(part.data) : part.data;
    const body = part.deflated?.bytes ?? deflateRawSync(raw);
    const size = part.declaredSize ?? part.deflated?.size ?? raw.byteLength;
    const crc = part.deflated ? 0 : crc32(raw);
    const flags = (part.descriptor ? 8 : 0) | (part.encrypted ? 1 : 0);
    const local = header(30 + name.byteLength, [
      [4, 0x04034b50], [2, 20], [2, flags], [2, 8], [4, 0],
      [4, part.descriptor ? 0 : crc], [4, part.descriptor ? 0 : body.byteLength], [4, part.descriptor ? 0 : size],
      [2, name.byteLength], [2, 0],
    ]);
    local.set(name, 30);
    const stated: ReadonlyArray<readonly [4, number]> = [[4, crc], [4, body.byteLength], [4, part.descriptorSize ?? size]];
    const descriptor = part.descriptor === 'unsigned' ? header(12, stated) : part.descriptor ? header(16, [[4, 0x08074b50], ...stated]) : new Uint8Array(0);
    const entry = header(46 + name.byteLength, [
      [4, 0x02014b50], [2, 20], [2, 20], [2, flags], [2, 8], [4, 0], [4, crc], [4, body.byteLength], [4, size],
      [2, name.byteLength], [2, 0], [2, 0], [2, 0], [2, 0], [4, 0], [4, offset],
    ]);
    entry.set(name, 46);
    chunks.push(local, body, descriptor);
    central.push(entry);
    offset += local.byteLength + body.byteLength + descriptor.byteLength;
  }
  const centralSize = central.reduce((sum, entry) => sum + entry.byteLength, 0);
  const end = header(22, [[4, 0x06054b50], [2, 0], [2, 0], [2, parts.length], [2, parts.length], [4, centralSize], [4, offset], [2, 0]]);
  return concat([...chunks, ...central, end]);
}

/** Little-endian fields, [width in bytes, value], from the start of a header `length` bytes long. */
function header(length: number, fields: ReadonlyArray<readonly [2 | 4, number]>): Uint8Array {
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (const [width, value] of fields) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value >>> 0, true);
    at += width;
  }
  return bytes;
}

export function concat(chunks: readonly Uint8Array[]): ArrayBuffer {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out.buffer;
}

const MIB = 2 ** 20;

/**
 * A raw deflate stream of each text repeated so many times, in order, without ever holding the whole text: about
 * a mebibyte of repeats deflated with a sync flush (its blocks end on a byte and are not final) is repeated as
 * often as needed, then a final empty block ends the stream. Zeros shrink a thousand times this way.
 */
export function deflatedRepeats(pieces: ReadonlyArray<readonly [text: string, times: number]>): { bytes: Uint8Array; size: number } {
  const blocks: Uint8Array[] = [];
  let size = 0;
  for (const [text, times] of pieces) {
    const unit = new TextEncoder().encode(text);
    const perBlock = Math.max(1, Math.min(times, Math.floor(MIB / unit.byteLength)));
    const block = deflateRawSync(new TextEncoder().encode(text.repeat(perBlock)), { finishFlush: constants.Z_SYNC_FLUSH });
    for (let left = times; left > 0; left -= perBlock) {
      blocks.push(left >= perBlock ? block : deflateRawSync(new TextEncoder().encode(text.repeat(left)), { finishFlush: constants.Z_SYNC_FLUSH }));
    }
    size += unit.byteLength * times;
  }
  blocks.push(deflateRawSync(new Uint8Array(0)));
  return { bytes: new Uint8Array(concat(blocks)), size };
}

const escapeXml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A worksheet of inline strings, the first row at row 1. */
export function sheetXml(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const body = rows.map((row, r) => `<row r="${r + 1}">${row.map((text, c) =>
    `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`).join('')}</row>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetData>${body}</sheetData></worksheet>`;
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELS = `${REL}/`;

export interface XlsxParts {
  readonly sheet: string;
  /** The shared strings' XML, or its deflated bytes. */
  readonly sharedStrings?: string | NonNullable<ZipPart['deflated']>;
  readonly comments?: string;
  /** Parts added as they are, after the workbook's own (a bomb, say). */
  readonly extra?: readonly ZipPart[];
}

/** The parts of a minimal .xlsx of one sheet, as Excel lays them out; the caller writes the sheet's XML. */
export function xlsxParts({ sheet, sharedStrings, comments, extra = [] }: XlsxParts): ZipPart[] {
  const override = (part: string, type: string): string => `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}+xml"/>`;
  const relation = (id: string, type: string, target: string): string => `<Relationship Id="${id}" Type="${RELS}${type}" Target="${target}"/>`;
  const types = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>',
    override('xl/workbook.xml', 'spreadsheetml.sheet.main'), override('xl/worksheets/sheet1.xml', 'spreadsheetml.worksheet'),
    sharedStrings === undefined ? '' : override('xl/sharedStrings.xml', 'spreadsheetml.sharedStrings'),
    comments === undefined ? '' : override('xl/comments1.xml', 'spreadsheetml.comments'),
    '</Types>',
  ].join('');
  return [
    { name: '[Content_Types].xml', data: types },
    { name: '_rels/.rels', data: `<Relationships xmlns="${PKG}">${relation('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>` },
    { name: 'xl/workbook.xml', data: `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<Relationships xmlns="${PKG}">${relation('rId1', 'worksheet', 'worksheets/sheet1.xml')}${sharedStrings === undefined ? '' : relation('rId2', 'sharedStrings', 'sharedStrings.xml')}</Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ...(sharedStrings === undefined ? [] : [typeof sharedStrings === 'string'
      ? { name: 'xl/sharedStrings.xml', data: sharedStrings }
      : { name: 'xl/sharedStrings.xml', data: new Uint8Array(0), deflated: sharedStrings }]),
    ...(comments === undefined ? [] : [
      { name: 'xl/worksheets/_rels/sheet1.xml.rels', data: `<Relationships xmlns="${PKG}">${relation('rId1', 'comments', '../comments1.xml')}</Relationships>` },
      { name: 'xl/comments1.xml', data: comments },
    ]),
    ...extra,
  ];
}

/** SheetJS's compound-file (OLE2) writer and reader; its typings say `any`, these are the members used here. */
interface CompoundFiles {
  utils: { cfb_new(): object; cfb_add(container: object, path: string, content: Uint8Array): void };
  read(data: Uint8Array, options: { type: 'array' }): object;
  find(container: object, path: string): { content: Uint8Array } | null;
  write(container: object, options: { type: 'array' }): unknown;
}
const compound: CompoundFiles = CFB;

function writeCompound(container: object): ArrayBuffer {
  const data = compound.write(container, { type: 'array' });
  if (data instanceof ArrayBuffer) return data;
  if (data instanceof Uint8Array || Array.isArray(data)) return bytesOf(Uint8Array.from(data));
  throw new Error('SheetJS did not write a compound file');
}

/** An OLE2 compound file holding the named streams. */
export function compoundFile(streams: Readonly<Record<string, Uint8Array>>): ArrayBuffer {
  const container = compound.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) compound.utils.cfb_add(container, name, content);
  return writeCompound(container);
}

/**
 * A real .xls with a FILEPASS record (XOR obfuscation, BIFF8) right after the workbook's BOF, as Excel writes a
 * workbook saved with a password to open. The rest stays in the clear: enough for a reader to know.
 */
export function passwordProtectedXls(cells: Cells): ArrayBuffer {
  const container = compound.read(new Uint8Array(workbook(cells, 'xls')), { type: 'array' });
  const stream = compound.find(container, 'Workbook');
  if (stream === null) throw new Error('SheetJS wrote an .xls without a Workbook stream');
  const bofLength = 4 + new DataView(stream.content.buffer, stream.content.byteOffset).getUint16(2, true);
  const filePass = new Uint8Array(header(10, [[2, 0x002f], [2, 6], [2, 0], [2, 0x1234], [2, 0x5678]]));
  stream.content = new Uint8Array(concat([stream.content.subarray(0, bofLength), filePass, stream.content.subarray(bofLength)]));
  return writeCompound(container);
}
