// The image sniffer (server/images/sniff.ts): a file's kind from its first bytes only, never from its name.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sniffImage, sniffRefusal } from '../../../../server/images/sniff';
import { ImageMessages } from '../../../../src/protocol/messages';

const text = (value: string) => Buffer.from(value, 'utf8');
const solid = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } });

/** The first bytes of an ISO-BMFF file: an ftyp box with a major brand and compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const body = Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(body.length + 4);
  return Buffer.concat([size, body, Buffer.alloc(32)]);
}

describe('sniffImage', () => {
  it('knows each accepted format by the bytes sharp itself writes', async () => {
    expect(sniffImage(await solid().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await solid().png().toBuffer())).toBe('png');
    expect(sniffImage(await solid().webp().toBuffer())).toBe('webp');
    expect(sniffImage(await solid().gif().toBuffer())).toBe('gif');
    expect(sniffImage(await solid().avif().toBuffer())).toBe('avif');
    expect(sniffImage(await solid().tiff().toBuffer())).toBe('tiff');
  });

  it('knows big-endian TIFF and BigTIFF, and GIF87a', () => {
    expect(sniffImage(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe('tiff');
    expect(sniffImage(Buffer.from([0x49, 0x49, 0x2b, 0x00, 8, 0, 0, 0]))).toBe('tiff');
    expect(sniffImage(text('GIF87a\x01\x00\x01\x00'))).toBe('gif');
  });

  it('tells AVIF from HEIC, which sharp cannot decode', () => {
    expect(sniffImage(ftyp('avif', 'mif1', 'miaf'))).toBe('avif');
    expect(sniffImage(ftyp('mif1', 'avif', 'miaf'))).toBe('avif');
    expect(sniffImage(ftyp('heic', 'mif1', 'heic'))).toBeUndefined();
    expect(sniffImage(ftyp('mif1', 'heic', 'mif1'))).toBeUndefined();
    expect(sniffImage(ftyp('isom', 'mp41'))).toBeUndefined(); // an MP4 video
  });

  it('finds SVG behind a byte-order mark, white space, an XML declaration, comments and a DOCTYPE', () => {
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe('svg');
    expect(sniffImage(text('\uFEFF  \n<SVG width="10">'))).toBe('svg');
    expect(sniffImage(text('<?xml version="1.0"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [ <!ENTITY a "b"> ]>\n<svg/>'))).toBe('svg');
    expect(sniffImage(text('<?xml version="1.0"?><svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>'))).toBe('svg');
    expect(sniffImage(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<svg>', 'utf16le')]))).toBe('svg');
    expect(sniffImage(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('<svg>', 'utf16le').swap16()]))).toBe('svg');
  });

  it('counts an XML file whose root is beyond the first bytes as SVG, and one with another root as no image', () => {
    expect(sniffImage(text('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- a long'))).toBe('svg');
    expect(sniffImage(text('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>'))).toBeUndefined();
    expect(sniffImage(text('<?xml version="1.0"?><svgfont/>'))).toBeUndefined();
  });

  it('never goes by a name: text, HTML, a PDF, a zip, an empty file and an MP4 are no image', () => {
    for (const head of [text('hello, this is photo.jpg'), text('<!DOCTYPE html><html><body><svg></svg>'), text('%PDF-1.7\n%âãÏÓ'), Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(0), ftyp('isom')]) {
      expect(sniffImage(head)).toBeUndefined();
    }
  });

  it('reads only as far as the bytes go: a cut-off signature is no image', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(sniffImage(text('RIFF\0\0\0\0WEB'))).toBeUndefined();
  });
});

describe('sniffRefusal', () => {
  it('refuses an SVG with "photo.svg is an SVG drawing: …"', () => {
    expect(sniffRefusal(text('<svg onload="alert(1)">'), 'photo.svg')).toBe(ImageMessages.svg('photo.svg'));
  });

  it('refuses HTML named photo.jpg with "photo.jpg is not an image: …"', () => {
    expect(sniffRefusal(text('<html><body>Not found</body></html>'), 'photo.jpg')).toBe(ImageMessages.notImage('photo.jpg'));
  });

  it('refuses nothing at all with "photo.jpg is empty (0 bytes)."', () => {
    expect(sniffRefusal(Buffer.alloc(0), 'photo.jpg')).toBe(ImageMessages.empty('photo.jpg'));
  });

  it('lets the first 64 bytes of a real JPEG through', async () => {
    expect(sniffRefusal((await solid().jpeg().toBuffer()).subarray(0, 64), 'photo.jpg')).toBeUndefined();
  });
});
