// The default background remover: classical segmentation with sharp, offline, no model weights (DESIGN §5). Good on
// the usual product photo — an object on a plain backdrop, even with a gradient, a vignette or a soft shadow; not on
// busy scenes (see docs/operations.md, "Background removal"). The mask is found on a small working copy (the
// backdrop fitted to the border, a flood fill from the edges, a clean-up), then scaled up, feathered and joined
// to the full-size image as its alpha. Never writes files or keeps state between calls.
import sharp, { type Sharp } from 'sharp';
import { borderRoughness, fitBackdrop, type RgbaImage } from './backdrop-model';
import { fillBackdrop } from './flood-fill';
import { dilate, dropSmallParts, erode } from './mask-cleanup';
import type { BackgroundRemover } from './remover';

export interface ClassicalRemoverOptions {
  /** Longest side of the working copy the mask is found on, px. Default 768. */
  readonly workingSide?: number;
  /** Edge softness: the mask's Gaussian blur, in working-copy px. Default 1. */
  readonly featherPx?: number;
  /** Remove soft shadows cast on the backdrop (kept as part of the object when false). Default true. */
  readonly removeShadows?: boolean;
  /** Object parts smaller than this share of the picture are dropped as specks. Default 0.0005 (0.05 %). */
  readonly minPartShare?: number;
  /**
   * Below this share of the border matching one smooth backdrop, the photo has no plain backdrop and remove()
   * rejects with UnclearBackdropError rather than cut the picture apart. Default 0.6.
   */
  readonly minBackdropShare?: number;
}

export const CLASSICAL_DEFAULTS: Required<ClassicalRemoverOptions> = {
  workingSide: 768,
  featherPx: 1,
  removeShadows: true,
  minPartShare: 0.0005,
  minBackdropShare: 0.6,
};

/** Noise is measured on a copy blurred this much (working px): steps through a shadow are judged there. */
const STEP_BLUR_SIGMA = 0.7;
/** Shadow step = clamp(BASE + FACTOR × the border's median neighbour step, MIN, MAX). */
const SHADOW_STEP = { base: 2, factor: 3, min: 3, max: 12 };
/** The darkest shadow removed: this share of the backdrop's brightness. */
const SHADOW_FLOOR = 0.45;
const OPEN_RADIUS = 1;
const CLOSE_RADIUS = 2;
/** Downscaled at least this much, the mask's edge is pulled in by one working pixel (see objectMask). */
const EDGE_PULL_BELOW_SCALE = 0.75;

/** The photo has no backdrop this method can find (a busy scene, or the object fills the frame). */
export class UnclearBackdropError extends Error {
  constructor(readonly backdropShare: number) {
    super(`no plain backdrop found: ${(backdropShare * 100).toFixed(0)} % of the border matches one`);
    this.name = 'UnclearBackdropError';
  }
}

const clamp = (value: number, { min, max }: { min: number; max: number }): number => Math.min(max, Math.max(min, value));

export function createClassicalRemover(options: ClassicalRemoverOptions = {}): BackgroundRemover {
  const settings = { ...CLASSICAL_DEFAULTS, ...options };
  const { workingSide, featherPx, minPartShare, minBackdropShare } = settings;
  if (!Number.isInteger(workingSide) || workingSide < 16) throw new RangeError(`workingSide must be a whole number of at least 16, not ${workingSide}`);
  if (!(featherPx >= 0 && featherPx <= 50)) throw new RangeError(`featherPx must be from 0 to 50, not ${featherPx}`);
  for (const [name, share] of [['minPartShare', minPartShare], ['minBackdropShare', minBackdropShare]] as const) {
    if (!(share >= 0 && share <= 1)) throw new RangeError(`${name} must be from 0 to 1, not ${share}`);
  }
  return {
    name: 'classical',
    remove: (image, signal) => removeBackground(image, settings, signal),
  };
}

async function removeBackground(image: Buffer, settings: Required<ClassicalRemoverOptions>, signal?: AbortSignal): Promise<Buffer> {
  signal?.throwIfAborted();
  const { hasAlpha = false } = await sharp(image).metadata();
  // 8-bit sRGB whatever came in (grey, CMYK, 16-bit, palette), with its alpha when it has one.
  const decoded = sharp(image).toColourspace('srgb');
  const full = await (hasAlpha ? decoded.ensureAlpha() : decoded.removeAlpha()).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = full.info;
  const channels = hasAlpha ? 4 : 3;
  if (full.info.channels !== channels || full.data.length !== width * height * channels) throw new Error(`decoded to ${full.info.channels} channels, expected ${channels}`);
  const raw = { raw: { width, height, channels } } as const;
  signal?.throwIfAborted();

  const working = await workingCopy(sharp(full.data, raw), width, height, settings.workingSide);
  const blurred = await sharp(working.data, { raw: { width: working.width, height: working.height, channels: 4 } })
    .blur(STEP_BLUR_SIGMA) // integer precision: it darkens by ~1.5 %, the same on both sides of every step
    .raw()
    .toBuffer();
  signal?.throwIfAborted();

  const mask = await objectMask(working, blurred, settings, signal);

  // Feathered on the working copy (a fraction of the pixels), then scaled up smoothly: the edge is soft by the same
  // share at any resolution. Two pipelines, since sharp would resize first and blur the full-size mask.
  const feathered = await sharp(mask, { raw: { width: working.width, height: working.height, channels: 1 } })
    .blur({ sigma: Math.max(0.3, settings.featherPx), precision: 'float' })
    .extractChannel(0) // sharp writes a one-channel raw input back out as sRGB
    .raw()
    .toBuffer();
  const alpha = await sharp(feathered, { raw: { width: working.width, height: working.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  if (alpha.length !== width * height) throw new Error(`the mask scaled to ${alpha.length} bytes, expected ${width * height}`);
  signal?.throwIfAborted();

  // Joined as alpha. Transparency the image already had is kept (the lower of the two); without any, sharp joins
  // the channel itself, so a 12-megapixel photo costs the event loop no full-size pass.
  if (!hasAlpha) return sharp(full.data, raw).joinChannel(alpha, { raw: { width, height, channels: 1 } }).png().toBuffer();
  const pixels = full.data;
  for (let i = 0; i < alpha.length; i++) pixels[i * 4 + 3] = Math.min(pixels[i * 4 + 3] ?? 0, alpha[i] ?? 0);
  return sharp(pixels, raw).png().toBuffer();
}

/** Lets other work (sockets, other requests) run between the synchronous steps, and stops there when aborted. */
async function pause(signal: AbortSignal | undefined): Promise<void> {
  await new Promise((resume) => setImmediate(resume));
  signal?.throwIfAborted();
}

/** The working copy and its scale (working px per full-size px). */
interface WorkingCopy extends RgbaImage {
  readonly scale: number;
}

/** The image at most `side` px on its longest side (never enlarged), RGBA; a linear kernel: no ringing halos. */
async function workingCopy(image: Sharp, width: number, height: number, side: number): Promise<WorkingCopy> {
  const scale = Math.min(1, side / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const resized = scale === 1 ? image.ensureAlpha() : image.ensureAlpha().resize(w, h, { fit: 'fill', kernel: 'linear' });
  const data = await resized.raw().toBuffer();
  if (data.length !== w * h * 4) throw new Error(`the working copy has ${data.length} bytes, expected ${w * h * 4}`);
  return { data, width: w, height: h, scale: w / width };
}

/** 255 where the object is, 0 on the backdrop, on the working copy. Each step is a few tens of ms of JavaScript. */
async function objectMask(working: WorkingCopy, blurred: Uint8Array, settings: Required<ClassicalRemoverOptions>, signal?: AbortSignal): Promise<Uint8Array> {
  const { width, height } = working;
  const model = fitBackdrop(working);
  if (model.inlierShare < settings.minBackdropShare) throw new UnclearBackdropError(model.inlierShare);
  await pause(signal);
  const backdrop = fillBackdrop(working, blurred, model, {
    tolerance: model.tolerance,
    shadowStep: clamp(SHADOW_STEP.base + SHADOW_STEP.factor * borderRoughness(blurred, width, height), SHADOW_STEP),
    shadowFloor: settings.removeShadows ? SHADOW_FLOOR : 1,
  });
  await pause(signal);
  let object: Uint8Array = new Uint8Array(backdrop.length);
  for (let i = 0; i < backdrop.length; i++) object[i] = backdrop[i] === 1 ? 0 : 1;
  // The fill stops at the first pixel a few levels off the backdrop, and the downscale spreads each edge over about
  // a working pixel: the mask's edge sits ~1 px outside the object's. Pulled back in, the feather has no fringe.
  const pull = working.scale < EDGE_PULL_BELOW_SCALE ? 1 : 0;
  // open(OPEN) → close(CLOSE) → erode(pull), with square elements composing (a dilation by r then by s is one
  // by r + s): three passes instead of five.
  object = erode(object, width, height, OPEN_RADIUS);
  object = dilate(object, width, height, OPEN_RADIUS + CLOSE_RADIUS);
  object = erode(object, width, height, CLOSE_RADIUS + pull);
  await pause(signal);
  dropSmallParts(object, width, height, Math.max(4, Math.round(width * height * settings.minPartShare)));
  for (let i = 0; i < object.length; i++) object[i] = object[i] === 1 ? 255 : 0;
  return object;
}
