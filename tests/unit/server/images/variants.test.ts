// The variants of an upload (server/images/variants.ts): oriented as the camera meant, stripped of every bit of
// metadata (GPS included), each inside its box, JPEG when opaque and PNG when transparent; and the work bound.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefused } from '../../../../server/images/image-refused';
import { createImagePipeline, DEFAULT_IMAGE_LIMITS, processImage, VARIANT_NAMES, type ProcessedImage } from '../../../../server/images/variants';
import { ImageMessages } from '../../../../src/protocol/messages';
import { texturedImage } from '../../../support/image-files';

const GPS_INFO_TAG = 0x8825;

/** The tag numbers in IFD0 of raw EXIF as sharp returns it ('Exif\0\0' then a TIFF structure). */
function ifd0Tags(exif: Buffer): number[] {
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + 12 * i));
}

/**
 * A 1600 × 800 photo as a phone held upright stores it: top half red, bottom half blue, EXIF Orientation 6 (turn
 * 90° clockwise to show), a camera make and a GPS position.
 */
async function uprightPhoneJpeg(): Promise<Buffer> {
  const blue = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#0000ff' } }).png().toBuffer();
  return sharp({ create: { width: 1600, height: 800, channels: 3, background: '#ff0000' } })
    .composite([{ input: blue, top: 400, left: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Acme Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

/** The colour of one pixel of an encoded image. */
async function pixel(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...raw.subarray(at, at + info.channels)];
}

const sizes = (image: ProcessedImage) => Object.fromEntries(VARIANT_NAMES.map((name) => [name, [image.variants[name].width, image.variants[name].height]]));

describe('processImage', () => {
  it('turns every variant as EXIF orientation 6 says and strips EXIF, GPS, XMP and ICC from all of them', async () => {
    const upload = await uprightPhoneJpeg();
    const source = await sharp(upload).metadata();
    expect(source.orientation).toBe(6);
    expect(source.exif && ifd0Tags(source.exif)).toContain(GPS_INFO_TAG); // the test file really carries a position

    const image = await processImage(upload, 'upright.jpg');
    expect(image).toMatchObject({ format: 'jpeg', width: 800, height: 1600, hasAlpha: false });
    expect(sizes(image)).toEqual({ full: [800, 1600], thumbnail: [50, 100], smallImage: [150, 300], medium: [300, 600], large: [600, 1200] });
    for (const name of VARIANT_NAMES) {
      const variant = image.variants[name];
      expect(variant).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
      const stored = await sharp(variant.data).metadata();
      expect(stored).toMatchObject({ format: 'jpeg', width: variant.width, height: variant.height });
      expect([stored.exif, stored.xmp, stored.iptc, stored.icc, stored.orientation]).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(variant.data.includes('Acme Phone')).toBe(false);
      // Turned clockwise: the stored top (red) is now on the right, the bottom (blue) on the left.
      const [r, , b] = await pixel(variant.data, Math.floor(variant.width * 0.75), Math.floor(variant.height / 2));
      expect(r).toBeGreaterThan(200);
      expect(b).toBeLessThan(60);
      const [r2, , b2] = await pixel(variant.data, Math.floor(variant.width * 0.25), Math.floor(variant.height / 2));
      expect(b2).toBeGreaterThan(200);
      expect(r2).toBeLessThan(60);
    }
  });

  it('fits a wide photo inside each box, and never enlarges a small one', async () => {
    const wide = await processImage(await texturedImage(2400, 800), 'wide.jpg');
    expect(sizes(wide)).toEqual({ full: [2400, 800], thumbnail: [100, 33], smallImage: [300, 100], medium: [600, 200], large: [1200, 400] });
    const small = await processImage(await texturedImage(80, 60), 'small.jpg');
    expect(sizes(small)).toEqual({ full: [80, 60], thumbnail: [80, 60], smallImage: [80, 60], medium: [80, 60], large: [80, 60] });
  });

  it('keeps a transparent PNG (a removed background) a PNG with its alpha in every variant', async () => {
    // 400 × 200 RGBA: the left half opaque green, the right half fully transparent.
    const pixels = Buffer.alloc(400 * 200 * 4).map((_, i) => (Math.floor(i / 4) % 400 < 200 ? [0, 128, 0, 255][i % 4] : 0) ?? 0);
    const transparentRight = await sharp(pixels, { raw: { width: 400, height: 200, channels: 4 } }).png().toBuffer();
    const image = await processImage(transparentRight, 'cut-out.png');
    expect(image).toMatchObject({ format: 'png', width: 400, height: 200, hasAlpha: true });
    for (const name of VARIANT_NAMES) {
      const variant = image.variants[name];
      expect(variant).toMatchObject({ contentType: 'image/png', extension: 'png' });
      expect(await sharp(variant.data).metadata()).toMatchObject({ format: 'png', hasAlpha: true, channels: 4 });
      expect((await pixel(variant.data, variant.width - 2, 1))[3]).toBe(0); // transparent stays transparent
      expect((await pixel(variant.data, 1, 1))[3]).toBe(255);
    }
  });

  it('makes the variants of an animated GIF from its first frame', async () => {
    const frames = Buffer.concat(['#ff0000', '#00ff00', '#0000ff'].map((colour) => {
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
      return Buffer.alloc(50 * 40 * 4).map((_, i) => [r, g, b, 255][i % 4] ?? 0);
    }));
    const gif = await sharp(frames, { raw: { width: 50, height: 120, channels: 4, pageHeight: 40 } }).gif({ loop: 0 }).toBuffer();
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(3);
    const image = await processImage(gif, 'spinning.gif');
    expect(image).toMatchObject({ format: 'gif', width: 50, height: 40 });
    expect(image.variants.full).toMatchObject({ width: 50, height: 40 });
    const [r, g, b] = await pixel(image.variants.full.data, 25, 20);
    expect([r, g, b]).toEqual([255, 0, 0]);
  });

  it('accepts every format its refusal names: WebP, AVIF and TIFF come out as JPEG variants', async () => {
    const base = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#2266aa' } });
    for (const [format, data] of [['webp', await base().webp().toBuffer()], ['avif', await base().avif().toBuffer()], ['tiff', await base().tiff().toBuffer()]] as const) {
      const image = await processImage(data, `photo.${format}`);
      expect(image, format).toMatchObject({ format, width: 320, height: 240 });
      expect(image.variants.thumbnail, format).toMatchObject({ contentType: 'image/jpeg', width: 100, height: 75 });
    }
  });
});

describe('createImagePipeline: the work bound', () => {
  const refusalOf = async (work: Promise<unknown>): Promise<ImageRefused> => {
    const error: unknown = await work.then(() => undefined, (reason: unknown) => reason);
    if (!(error instanceof ImageRefused)) throw new Error(`expected an ImageRefused, got ${String(error)}`);
    return error;
  };

  it('refuses an image past the running ones and the queue with "The server is busy …" (SERVICE_UNAVAILABLE)', async () => {
    const pipeline = createImagePipeline({ concurrency: 1, queue: 1 });
    const photo = await texturedImage(640, 480);
    const running = pipeline.process(photo, 'one.jpg');
    const waiting = pipeline.process(photo, 'two.jpg');
    const refused = await refusalOf(pipeline.process(photo, 'three.jpg'));
    expect(refused).toMatchObject({ message: ImageMessages.busy, reason: 'busy', code: 'SERVICE_UNAVAILABLE', statusCode: 503 });
    await expect(running).resolves.toMatchObject({ width: 640 });
    await expect(waiting).resolves.toMatchObject({ width: 640 }); // the queued one got its turn
    await expect(pipeline.process(photo, 'four.jpg')).resolves.toMatchObject({ width: 640 }); // and the slots came back
  });

  it('lets an upload whose request is gone leave the queue, and its place to the next', async () => {
    const pipeline = createImagePipeline({ concurrency: 1, queue: 1 });
    const photo = await texturedImage(640, 480);
    const running = pipeline.process(photo, 'one.jpg');
    const gone = new AbortController();
    const waiting = pipeline.process(photo, 'two.jpg', DEFAULT_IMAGE_LIMITS, gone.signal);
    gone.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    const next = pipeline.process(photo, 'three.jpg'); // the freed place in the queue
    await expect(running).resolves.toMatchObject({ width: 640 });
    await expect(next).resolves.toMatchObject({ width: 640 });
  });

  it('refuses a file before taking a slot: a refused file never makes another wait', async () => {
    const pipeline = createImagePipeline({ concurrency: 1, queue: 0 });
    const photo = await texturedImage(640, 480);
    const running = pipeline.process(photo, 'one.jpg');
    expect(await refusalOf(pipeline.process(Buffer.alloc(0), 'empty.jpg'))).toMatchObject({ reason: 'empty' });
    expect(await refusalOf(pipeline.process(photo, 'two.jpg'))).toMatchObject({ reason: 'busy' });
    await running;
  });
});
