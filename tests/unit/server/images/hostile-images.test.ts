// Hostile files (issue 14): each is refused with its plain message, never a 500 and never a stuck worker. The order
// of the checks matters: size before sniffing, the header's pixel count before any decoding.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefused, type ImageRefusalReason } from '../../../../server/images/image-refused';
import { DEFAULT_IMAGE_LIMITS, imageRefusalOf, processImage, type ImageLimits } from '../../../../server/images/variants';
import { ImageMessages } from '../../../../src/protocol/messages';
import { gifBomb, jpegWithHugeHeader, pngBomb, texturedImage } from '../../../support/image-files';

const MIB = 1024 * 1024;

async function refusal(data: Buffer, fileName: string, limits: ImageLimits = DEFAULT_IMAGE_LIMITS): Promise<ImageRefused> {
  const error: unknown = await processImage(data, fileName, limits).then(() => undefined, (reason: unknown) => reason);
  if (!(error instanceof ImageRefused)) throw new Error(`expected an ImageRefused, got ${String(error)}`);
  return error;
}

const expectRefused = async (data: Buffer, fileName: string, reason: ImageRefusalReason, message: string, limits?: ImageLimits) => {
  const refused = await refusal(data, fileName, limits);
  expect(refused).toMatchObject({ reason, message, code: 'BAD_REQUEST', statusCode: 400 });
  return refused;
};

const text = (value: string) => Buffer.from(value, 'utf8');

describe('processImage: hostile files', () => {
  it('refuses zero bytes with "photo.jpg is empty (0 bytes)."', async () => {
    await expectRefused(Buffer.alloc(0), 'photo.jpg', 'empty', 'photo.jpg is empty (0 bytes).');
  });

  it('refuses a file over the size limit with "big.jpg is larger than 25 MB.", before looking inside', async () => {
    const jpeg = await texturedImage(16, 16);
    await expectRefused(Buffer.concat([jpeg, Buffer.alloc(25 * MIB + 1 - jpeg.length)]), 'big.jpg', 'tooLarge', 'big.jpg is larger than 25 MB.');
    await expectRefused(Buffer.alloc(MIB + 1), 'big.png', 'tooLarge', ImageMessages.tooLarge('big.png', MIB), { ...DEFAULT_IMAGE_LIMITS, maxBytes: MIB });
  });

  it('refuses text named photo.jpg with "photo.jpg is not an image: …"', async () => {
    await expectRefused(text('These are not the pixels you are looking for.\n'), 'photo.jpg', 'notImage', ImageMessages.notImage('photo.jpg'));
  });

  it('refuses an HTML page with "page.jpg is not an image: …"', async () => {
    await expectRefused(text('<!DOCTYPE html><html><head><title>404</title></head><body><img src=x onerror=alert(1)></body></html>'), 'page.jpg', 'notImage', ImageMessages.notImage('page.jpg'));
  });

  it('refuses a PDF with "scan.png is not an image: …"', async () => {
    await expectRefused(text('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), 'scan.png', 'notImage', ImageMessages.notImage('scan.png'));
  });

  it('refuses a HEIC photo (sharp cannot decode it) with "IMG_0001.jpg is not an image: …"', async () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    await expectRefused(heic, 'IMG_0001.jpg', 'notImage', ImageMessages.notImage('IMG_0001.jpg'));
  });

  it('refuses an SVG with a script with "logo.png is an SVG drawing: …"', async () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch("/api/x")</script><rect width="10" height="10"/></svg>';
    await expectRefused(text(svg), 'logo.png', 'svg', ImageMessages.svg('logo.png'));
  });

  it('refuses a JPEG cut in half with "half.jpg could not be read as an image: …"', async () => {
    const jpeg = await texturedImage(640, 480);
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'half.jpg', 'unreadable', ImageMessages.unreadable('half.jpg'));
  });

  it('refuses a PNG cut in half with "half.png could not be read as an image: …"', async () => {
    const png = await texturedImage(320, 240, { alpha: true });
    await expectRefused(png.subarray(0, Math.floor(png.length / 2)), 'half.png', 'unreadable', ImageMessages.unreadable('half.png'));
  });

  it('refuses a JPEG signature followed by garbage with "junk.jpg could not be read as an image: …"', async () => {
    const garbage = Buffer.alloc(4096).map((_, i) => (i * 7919 + 13) % 251);
    await expectRefused(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), garbage]), 'junk.jpg', 'unreadable', ImageMessages.unreadable('junk.jpg'));
  });

  it('refuses a 60000 × 60000 PNG bomb with "bomb.png has too many pixels: at most 50 megapixels.", from its header', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024);
    const refused = await expectRefused(bomb, 'bomb.png', 'tooManyPixels', 'bomb.png has too many pixels: at most 50 megapixels.');
    expect(refused.cause).toBeUndefined(); // our header check refused it, not a decoder that had started
  });

  it('refuses a JPEG whose header claims 60000 × 60000 with "huge.jpg has too many pixels: …", from its header', async () => {
    const refused = await expectRefused(await jpegWithHugeHeader(), 'huge.jpg', 'tooManyPixels', ImageMessages.tooManyPixels('huge.jpg', 50));
    expect(refused.cause).toBeUndefined();
  });

  it('refuses a 65535 × 65535 GIF bomb with "bomb.gif has too many pixels: …", from its header', async () => {
    const refused = await expectRefused(gifBomb(), 'bomb.gif', 'tooManyPixels', ImageMessages.tooManyPixels('bomb.gif', 50));
    expect(refused.cause).toBeUndefined();
  });

  it('counts pixels against the configured limit: 2000 × 1000 is refused at 1 megapixel', async () => {
    await expectRefused(pngBomb(2000, 1000), 'wide.png', 'tooManyPixels', ImageMessages.tooManyPixels('wide.png', 1), { ...DEFAULT_IMAGE_LIMITS, maxPixels: 1_000_000 });
  });

  it('refuses a bomb under the pixel limit whose data is a lie with "lie.png could not be read as an image: …"', async () => {
    await expectRefused(pngBomb(4000, 4000), 'lie.png', 'unreadable', ImageMessages.unreadable('lie.png'));
  });

  it('checks size first, then content: an oversized SVG is too large, an empty file named .svg is empty', async () => {
    await expectRefused(Buffer.concat([text('<svg>'), Buffer.alloc(MIB)]), 'big.svg', 'tooLarge', ImageMessages.tooLarge('big.svg', MIB), { ...DEFAULT_IMAGE_LIMITS, maxBytes: MIB });
    await expectRefused(Buffer.alloc(0), 'empty.svg', 'empty', ImageMessages.empty('empty.svg'));
  });

  it('names sharp\'s own stop words: its timeout is tooSlow, its pixel limit tooManyPixels, anything else unreadable', () => {
    // A real timeout needs a machine slower than the limit: not something a test can rely on. These are the texts
    // sharp raises (src/common.cc: vips_error("timeout", "%d%% complete"); its limitInputPixels check).
    expect(imageRefusalOf(new Error('timeout: 42% complete\n'), 'slow.jpg', DEFAULT_IMAGE_LIMITS)).toMatchObject({ reason: 'tooSlow', message: 'slow.jpg took too long to process.' });
    expect(imageRefusalOf(new Error('Input image exceeds pixel limit'), 'big.jpg', DEFAULT_IMAGE_LIMITS)).toMatchObject({ reason: 'tooManyPixels', message: ImageMessages.tooManyPixels('big.jpg', 50) });
    expect(imageRefusalOf(new Error('VipsJpeg: Corrupt JPEG data'), 'bad.jpg', DEFAULT_IMAGE_LIMITS)).toMatchObject({ reason: 'unreadable', message: ImageMessages.unreadable('bad.jpg') });
    expect(imageRefusalOf('not even an Error', 'odd.jpg', DEFAULT_IMAGE_LIMITS)).toMatchObject({ reason: 'unreadable' });
  });

  it('still makes variants of a good photo after all of the above (nothing is left stuck)', async () => {
    const image = await processImage(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#abcdef' } }).jpeg().toBuffer(), 'fine.jpg');
    expect(image.variants.thumbnail).toMatchObject({ width: 64, height: 48 });
  });
});
