// An uploaded file → the spec's variants (thumbnail 100, smallImage 300, medium 600, large 1200, and full), with sharp.
// Owns the checks a hostile file meets, in order, and the output formats. Never stores anything, never trusts the
// file's name or declared type, and never lets a sharp error out as anything but an ImageRefused.
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { MIB } from '../../src/protocol/limits';
import { ImageMessages } from '../../src/protocol/messages';
import { ImageRefused } from './image-refused';
import { sniffImage, type SniffedFormat } from './sniff';
import { createWorkGate, DEFAULT_IMAGE_WORK, type ImageWorkLimits } from './work-gate';

// libvips' operation cache keeps recent decoded images and operations for reuse. Every upload is a new file, so it
// would never hit, and would only hold up to 50 MB and 20 open inputs after each request: off.
sharp.cache(false);


export interface ImageLimits {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Largest width × height accepted, read from the header before anything is decoded (a decompression bomb). */
  maxPixels: number;
  /** How long one variant's sharp pipeline may run (whole seconds, as sharp counts them). */
  timeoutSeconds: number;
}

/** 25 MiB (as the multipart limit), 50 megapixels (a 48 MP phone photo fits), 30 s. */
export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxBytes: 25 * MIB, maxPixels: 50_000_000, timeoutSeconds: 30 };

export const VARIANT_NAMES = ['full', 'thumbnail', 'smallImage', 'medium', 'large'] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

/** The box each resized variant fits inside (spec §9: thumbnails at most 100 px; DESIGN §5 for the rest). */
export const VARIANT_SIZES: Readonly<Record<Exclude<VariantName, 'full'>, number>> = {
  thumbnail: 100,
  smallImage: 300,
  medium: 600,
  large: 1200,
};

export interface ImageVariant {
  data: Buffer;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The uploaded file's format (the original is stored as it came). */
  format: Exclude<SniffedFormat, 'svg'>;
  /** After EXIF orientation. */
  width: number;
  height: number;
  hasAlpha: boolean;
  variants: Record<VariantName, ImageVariant>;
}

/** mozjpeg at q82: visually clean product photos at about half libjpeg's size at q90. */
const JPEG_OPTIONS = { quality: 82, mozjpeg: true } as const;

/**
 * Any error met while decoding or encoding, as the ImageRefused a person sees: sharp's timeout is tooSlow, its pixel
 * limit tooManyPixels, anything else unreadable (never a 500). For other sharp work on uploads, too.
 */
export function imageRefusalOf(error: unknown, fileName: string, limits: ImageLimits): ImageRefused {
  if (error instanceof ImageRefused) return error;
  const text = error instanceof Error ? error.message : '';
  // sharp's words for its own limits (src/common.cc: vips_error("timeout", …); limitInputPixels).
  if (/^timeout\b/i.test(text)) return new ImageRefused('tooSlow', ImageMessages.tooSlow(fileName), { cause: error });
  if (/exceeds pixel limit/i.test(text)) return tooManyPixels(fileName, limits, error);
  return new ImageRefused('unreadable', ImageMessages.unreadable(fileName), { cause: error });
}

const tooManyPixels = (fileName: string, limits: ImageLimits, cause?: unknown) =>
  new ImageRefused('tooManyPixels', ImageMessages.tooManyPixels(fileName, limits.maxPixels / 1_000_000), { cause });

/** The checks that need no decoding: size, then the magic numbers. */
function checkFile(data: Buffer, fileName: string, limits: ImageLimits): Exclude<SniffedFormat, 'svg'> {
  if (data.length === 0) throw new ImageRefused('empty', ImageMessages.empty(fileName));
  if (data.length > limits.maxBytes) throw new ImageRefused('tooLarge', ImageMessages.tooLarge(fileName, limits.maxBytes));
  const format = sniffImage(data);
  if (format === 'svg') throw new ImageRefused('svg', ImageMessages.svg(fileName));
  if (format === undefined) throw new ImageRefused('notImage', ImageMessages.notImage(fileName));
  return format;
}

/** Width × height from the header alone: a 60000 × 60000 PNG of a few hundred bytes is refused without decoding. */
async function readHeader(data: Buffer, fileName: string, limits: ImageLimits) {
  // limitInputPixels off here only, so the header's own numbers come back and the refusal says how many are allowed.
  const header = await sharp(data, { limitInputPixels: false }).metadata();
  if (header.width * header.height > limits.maxPixels) throw tooManyPixels(fileName, limits);
  return { width: header.autoOrient.width, height: header.autoOrient.height, hasAlpha: header.hasAlpha };
}

async function makeVariants(data: Buffer, limits: ImageLimits, hasAlpha: boolean): Promise<Record<VariantName, ImageVariant>> {
  // failOn 'truncated': a file cut short is refused, not padded with grey. pages 1: an animated GIF's first frame.
  const input: SharpOptions = { failOn: 'truncated', limitInputPixels: Math.floor(limits.maxPixels), pages: 1 };
  // One pipeline per variant on the same input Buffer, each with its own shrink-on-load (a JPEG thumbnail decodes at
  // 1/8 scale). Not .clone(): it structuredClone()s the input Buffer, a copy of the upload per variant.
  // rotate() applies the EXIF orientation; metadata is stripped because nothing asks sharp to keep it (the ICC
  // profile is converted to sRGB and dropped).
  const oriented = (): Sharp => sharp(data, input).rotate().timeout({ seconds: limits.timeoutSeconds });
  // hasAlpha is the header's word: an RGBA file that happens to be opaque (and every GIF) stays PNG; telling would
  // cost one more full decode.
  const encode = (image: Sharp): Sharp => (hasAlpha ? image.png() : image.jpeg(JPEG_OPTIONS));
  const [contentType, extension] = hasAlpha ? ['image/png', 'png'] : ['image/jpeg', 'jpg'];

  const make = async (size: number | undefined): Promise<ImageVariant> => {
    const image = size === undefined ? oriented() : oriented().resize(size, size, { fit: 'inside', withoutEnlargement: true });
    const { data: bytes, info } = await encode(image).toBuffer({ resolveWithObject: true });
    return { data: bytes, contentType, extension, width: info.width, height: info.height };
  };
  const pending = [
    make(undefined),
    make(VARIANT_SIZES.thumbnail),
    make(VARIANT_SIZES.smallImage),
    make(VARIANT_SIZES.medium),
    make(VARIANT_SIZES.large),
  ] as const;
  // When one variant fails the others still run: wait for them all, so the work slot is not handed on while they do.
  await Promise.allSettled(pending);
  const [full, thumbnail, smallImage, medium, large] = await Promise.all(pending);
  return { full, thumbnail, smallImage, medium, large };
}

export interface ImagePipeline {
  /**
   * The variants of `data`, or an ImageRefused whose message is the person's sentence: empty, tooLarge, svg,
   * notImage, tooManyPixels, unreadable, tooSlow, or busy (code SERVICE_UNAVAILABLE) when the wait queue is full.
   * `fileName` is only quoted in messages. An abort while waiting for a slot rejects with the signal's reason.
   */
  process(data: Buffer, fileName: string, limits?: ImageLimits, signal?: AbortSignal): Promise<ProcessedImage>;
}

/** A pipeline with its own work bound: make one per server, so every upload route shares the same slots. */
export function createImagePipeline(work: ImageWorkLimits = DEFAULT_IMAGE_WORK): ImagePipeline {
  const gate = createWorkGate(work);
  return {
    async process(data, fileName, limits = DEFAULT_IMAGE_LIMITS, signal) {
      const format = checkFile(data, fileName, limits);
      const result = await gate.run(async () => {
        try {
          const header = await readHeader(data, fileName, limits);
          const variants = await makeVariants(data, limits, header.hasAlpha);
          return { format, ...header, variants };
        } catch (error) {
          throw imageRefusalOf(error, fileName, limits);
        }
      }, signal);
      if (result.busy) throw new ImageRefused('busy', ImageMessages.busy);
      return result.value;
    },
  };
}

const shared = createImagePipeline();

/** The process-wide pipeline (DEFAULT_IMAGE_WORK): see ImagePipeline.process. */
export const processImage = (data: Buffer, fileName: string, limits: ImageLimits = DEFAULT_IMAGE_LIMITS, signal?: AbortSignal): Promise<ProcessedImage> =>
  shared.process(data, fileName, limits, signal);
