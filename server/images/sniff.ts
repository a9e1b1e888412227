// What kind of image a file is, from its first bytes only: never from its name or the type the sender declared (both
// are the sender's word). Owns the magic numbers; never decodes anything.
import { ImageMessages } from '../../src/protocol/messages';

/** The formats sharp's prebuilt libvips decodes that we accept, plus svg, which is recognised only to be refused. */
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff' | 'svg';

/** How much of the head the SVG check reads: a long XML prolog (comments, a DOCTYPE) still reaches the root. */
const TEXT_HEAD_BYTES = 4096;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const startsWith = (head: Buffer, bytes: readonly number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

const ascii = (head: Buffer, start: number, end: number): string => head.toString('latin1', start, end);

/** HEIF brands whose pictures are AV1 (AVIF). HEIC (HEVC) has other brands: sharp's prebuilt libvips cannot decode it. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** An ISO-BMFF `ftyp` box naming an AVIF brand, as major brand or (for files whose major brand is mif1) compatible. */
function isAvif(head: Buffer): boolean {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return false;
  const boxEnd = Math.min(head.readUInt32BE(0), head.length);
  const major = ascii(head, 8, 12);
  if (AVIF_BRANDS.has(major)) return true;
  if (major !== 'mif1' && major !== 'msf1') return false;
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= boxEnd; at += 4) compatible.push(ascii(head, at, at + 4));
  return compatible.some((brand) => AVIF_BRANDS.has(brand)) && !compatible.some((brand) => brand.startsWith('hei') || brand === 'hevc');
}

/** The head as text for the SVG check: a UTF-8 or UTF-16 byte-order mark is honoured, anything else read as UTF-8. */
function headText(head: Buffer): string {
  const slice = head.subarray(0, TEXT_HEAD_BYTES);
  if (startsWith(slice, [0xff, 0xfe])) return slice.toString('utf16le', 2);
  if (startsWith(slice, [0xfe, 0xff])) return Buffer.from(slice.subarray(2)).swap16().toString('utf16le');
  return slice.toString('utf8').replace(/^\uFEFF/, '');
}

/** XML that may come before the root element: declarations, processing instructions, comments, a DOCTYPE, space. */
const PROLOG_PART = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)/i;

/**
 * An SVG drawing: `<svg` straight away, or an XML document whose root is svg (namespace prefix allowed). An XML
 * document whose root lies beyond the head counts as svg too: it is no image we accept either way, and the svg
 * message says why better than "not an image" would.
 */
function isSvg(head: Buffer): boolean {
  let text = headText(head).trimStart();
  if (!text.startsWith('<')) return false;
  const isXml = /^<\?xml[\s?]/i.test(text);
  for (let part = PROLOG_PART.exec(text); part && part[0].length > 0; part = PROLOG_PART.exec(text)) text = text.slice(part[0].length);
  const root = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(text);
  if (root) return root[2]?.toLowerCase() === 'svg';
  return isXml;
}

/** The format the first bytes announce, or undefined (not an image we can read: text, HTML, PDF, HEIC, …). */
export function sniffImage(head: Buffer): SniffedFormat | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [...PNG_SIGNATURE])) return 'png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  // Classic TIFF (42) and BigTIFF (43), in either byte order.
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, [0x49, 0x49, 0x2b, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff';
  if (isAvif(head)) return 'avif';
  if (isSvg(head)) return 'svg';
  return undefined;
}

/**
 * Why a file that starts with `head` is refused before any decoding (ImageMessages' text), or undefined when it is
 * worth decoding. For the URL fetcher's accept option: a body is refused on its first bytes, before it is read in full.
 */
export function sniffRefusal(head: Buffer, fileName: string): string | undefined {
  if (head.length === 0) return ImageMessages.empty(fileName);
  const format = sniffImage(head);
  if (format === 'svg') return ImageMessages.svg(fileName);
  if (format === undefined) return ImageMessages.notImage(fileName);
  return undefined;
}
