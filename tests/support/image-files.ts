// Image files for the image pipeline's tests, made here rather than checked in: real ones from sharp (with texture, so
// they do not compress to nothing) and hostile ones written byte by byte (a PNG whose header claims 60000 × 60000).
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A noisy RGB JPEG (or RGBA PNG with `alpha`) of the given size. */
export function texturedImage(width: number, height: number, options: { alpha?: boolean } = {}): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3;
  const image = sharp({ create: { width, height, channels, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
  return options.alpha ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

/** A PNG chunk: length, type, data, and the CRC of type + data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A decompression bomb: a valid PNG of a few hundred bytes whose IHDR claims `width` × `height` RGB pixels (60000² is
 * 10.8 GB decoded). The IDAT is a tiny zlib stream, so only a decoder that trusts the header would try to fill it.
 */
export function pngBomb(width = 60_000, height = 60_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(1024))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real small JPEG whose frame header (SOF0) is rewritten to claim `width` × `height`. */
export async function jpegWithHugeHeader(width = 60_000, height = 60_000): Promise<Buffer> {
  const jpeg = Buffer.from(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).jpeg({ mozjpeg: false }).toBuffer());
  for (let at = 2; at + 9 < jpeg.length; ) {
    if (jpeg[at] !== 0xff) throw new Error('not a marker');
    const marker = jpeg[at + 1];
    if (marker === 0xc0 || marker === 0xc2) {
      jpeg.writeUInt16BE(height, at + 5);
      jpeg.writeUInt16BE(width, at + 7);
      return jpeg;
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('no frame header found');
}

/**
 * A GIF bomb: a logical screen and one image of 65535 × 65535 (4.3 gigapixels) with a few bytes of LZW data: a
 * clear code, then the end code.
 */
export function gifBomb(): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(65_535, 0);
  size.writeUInt16LE(65_535, 2);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    size, // logical screen width, height
    Buffer.from([0x80, 0x00, 0x00]), // global colour table of 2 entries, background, aspect
    Buffer.from([0, 0, 0, 255, 255, 255]), // the colour table
    Buffer.from([0x2c, 0, 0, 0, 0]), // image descriptor: separator, left, top
    size, // image width, height
    Buffer.from([0x00]), // no local table, not interlaced
    Buffer.from([0x02, 0x01, 0x2c, 0x00]), // LZW minimum code size 2; one sub-block: clear (4), end (5); terminator
    Buffer.from([0x3b]), // trailer
  ]);
}
