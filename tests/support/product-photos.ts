// Generated product photos with a KNOWN object mask, for the background-removal tests and bench: a backdrop (plain,
// gradient or vignette), one textured object drawn from a signed distance (so its edge is anti-aliased as a
// camera's is), optionally a backdrop-coloured region enclosed in it, a soft shadow, noise and JPEG compression.
// Deterministic: the same scene gives the same bytes. Also the scoring: mask IoU and how clean each side is.
import sharp from 'sharp';

type Rgb = readonly [number, number, number];

export type Backdrop =
  | { readonly kind: 'plain'; readonly colour: Rgb }
  | { readonly kind: 'gradient'; readonly top: Rgb; readonly bottom: Rgb }
  | { readonly kind: 'vignette'; readonly centre: Rgb; readonly corner: Rgb };

/** Shapes as shares of the picture's width and height (centre and half sizes); a circle uses the shorter side. */
export interface Shape {
  readonly kind: 'box' | 'circle';
  readonly cx: number;
  readonly cy: number;
  readonly hw: number;
  readonly hh: number;
  /** Corner radius of a box, as a share of the shorter side. */
  readonly round?: number;
}

export interface Scene {
  readonly name: string;
  readonly backdrop: Backdrop;
  readonly object: Shape;
  readonly colour: Rgb;
  /** A region inside the object painted the backdrop's colour: the fill must not reach it. */
  readonly inlay?: Shape;
  /** A shadow of the object, offset and blurred (shares of the shorter side), darkening by `depth` (0–1). */
  readonly shadow?: { readonly dx: number; readonly dy: number; readonly blur: number; readonly depth: number };
  /** Standard deviation of per-channel noise, 0–255 levels. */
  readonly noise?: number;
  /** JPEG quality; PNG when absent. */
  readonly jpeg?: number;
}

export interface ProductPhoto {
  readonly scene: Scene;
  readonly image: Buffer;
  /** 1 where the object is (pixel centre inside it), 0 elsewhere. */
  readonly truth: Uint8Array;
  readonly width: number;
  readonly height: number;
}

const WHITE: Rgb = [243, 243, 241];
const PAPER: Rgb = [226, 228, 232];
const PRODUCT: Shape = { kind: 'box', cx: 0.5, cy: 0.52, hw: 0.24, hh: 0.3, round: 0.06 };

/** The generated set: each a case the issue names (plain, gradient, vignette, enclosed, shadow, noise, JPEG). */
export const SCENES: readonly Scene[] = [
  { name: 'plain backdrop, rounded box (PNG)', backdrop: { kind: 'plain', colour: WHITE }, object: PRODUCT, colour: [190, 40, 48] },
  { name: 'gradient backdrop, textured circle (JPEG 85)', backdrop: { kind: 'gradient', top: [232, 236, 242], bottom: [184, 190, 200] }, object: { kind: 'circle', cx: 0.5, cy: 0.5, hw: 0.3, hh: 0.3 }, colour: [40, 90, 170], jpeg: 85 },
  { name: 'vignette, rectangle (JPEG 90)', backdrop: { kind: 'vignette', centre: [238, 238, 238], corner: [170, 170, 172] }, object: { kind: 'box', cx: 0.48, cy: 0.5, hw: 0.2, hh: 0.26 }, colour: [60, 120, 60], jpeg: 90 },
  { name: 'backdrop colour enclosed in the object (PNG)', backdrop: { kind: 'plain', colour: WHITE }, object: PRODUCT, colour: [30, 32, 38], inlay: { kind: 'box', cx: 0.5, cy: 0.5, hw: 0.15, hh: 0.12, round: 0.01 } },
  { name: 'soft shadow on white (JPEG 85)', backdrop: { kind: 'plain', colour: WHITE }, object: PRODUCT, colour: [200, 140, 30], shadow: { dx: 0.04, dy: 0.05, blur: 0.05, depth: 0.35 }, jpeg: 85 },
  { name: 'noise σ 8 and JPEG 70 on grey paper', backdrop: { kind: 'plain', colour: PAPER }, object: PRODUCT, colour: [120, 60, 140], noise: 8, jpeg: 70 },
  { name: 'grey product with a soft shadow (JPEG 85)', backdrop: { kind: 'plain', colour: WHITE }, object: PRODUCT, colour: [150, 150, 152], shadow: { dx: 0.03, dy: 0.04, blur: 0.04, depth: 0.3 }, jpeg: 85 },
  { name: 'product cut off by the bottom edge (JPEG 85)', backdrop: { kind: 'gradient', top: [240, 240, 240], bottom: [214, 214, 216] }, object: { kind: 'box', cx: 0.5, cy: 0.75, hw: 0.22, hh: 0.3, round: 0.04 }, colour: [20, 110, 130], jpeg: 85 },
];

/** Signed distance in px from (x, y) to the shape's edge: negative inside. */
function signedDistance(shape: Shape, x: number, y: number, width: number, height: number): number {
  const short = Math.min(width, height);
  const px = x - shape.cx * width;
  const py = y - shape.cy * height;
  if (shape.kind === 'circle') return Math.hypot(px, py) - shape.hw * short;
  const r = (shape.round ?? 0) * short;
  const qx = Math.abs(px) - (shape.hw * width - r);
  const qy = Math.abs(py) - (shape.hh * height - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

function backdropAt(backdrop: Backdrop, x: number, y: number, width: number, height: number, channel: number): number {
  if (backdrop.kind === 'plain') return backdrop.colour[channel] ?? 0;
  if (backdrop.kind === 'gradient') {
    const t = height > 1 ? y / (height - 1) : 0;
    return (backdrop.top[channel] ?? 0) * (1 - t) + (backdrop.bottom[channel] ?? 0) * t;
  }
  const u = (2 * x) / width - 1;
  const v = (2 * y) / height - 1;
  const t = Math.min(1, (u * u + v * v) / 2);
  return (backdrop.centre[channel] ?? 0) * (1 - t) + (backdrop.corner[channel] ?? 0) * t;
}

/** A printed-looking texture: diagonal bands and a checker of darker patches. */
function textureAt(x: number, y: number): number {
  const bands = 0.1 * Math.sin((x + 2 * y) / 9);
  const patches = (Math.floor(x / 37) + Math.floor(y / 29)) % 5 === 0 ? -0.18 : 0;
  return 1 + bands + patches;
}

/** mulberry32: a small seeded generator, so noise is the same every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function renderScene(scene: Scene, width: number, height: number): Promise<ProductPhoto> {
  const rgb = new Uint8Array(width * height * 3);
  const truth = new Uint8Array(width * height);
  const random = seeded(width * 31 + height);
  const short = Math.min(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const d = signedDistance(scene.object, x + 0.5, y + 0.5, width, height);
      const cover = Math.min(1, Math.max(0, 0.5 - d));
      truth[i] = d < 0 ? 1 : 0;
      const inlay = scene.inlay ? Math.min(1, Math.max(0, 0.5 - signedDistance(scene.inlay, x + 0.5, y + 0.5, width, height))) : 0;
      let shade = 1;
      if (scene.shadow) {
        const s = scene.shadow;
        const ds = signedDistance(scene.object, x + 0.5 - s.dx * short, y + 0.5 - s.dy * short, width, height);
        shade = 1 - s.depth / (1 + Math.exp(ds / (s.blur * short * 0.35)));
      }
      const noise = scene.noise ? scene.noise * (random() + random() + random() - 1.5) * 2 : 0;
      for (let c = 0; c < 3; c++) {
        const back = backdropAt(scene.backdrop, x, y, width, height, c);
        const object = (scene.colour[c] ?? 0) * textureAt(x, y) * (1 - inlay) + back * inlay;
        rgb[i * 3 + c] = Math.round(Math.min(255, Math.max(0, cover * object + (1 - cover) * back * shade + noise)));
      }
    }
  }
  const raw = sharp(rgb, { raw: { width, height, channels: 3 } });
  const image = await (scene.jpeg === undefined ? raw.png() : raw.jpeg({ quality: scene.jpeg })).toBuffer();
  return { scene, image, truth, width, height };
}

export interface MaskScore {
  /** Intersection over union of the output's opaque pixels (alpha ≥ 128) with the truth. */
  readonly iou: number;
  /** Share of backdrop pixels more than `margin` px from the object with alpha ≤ 16. */
  readonly backdropClear: number;
  /** Share of object pixels more than `margin` px inside its edge with alpha ≥ 240. */
  readonly objectSolid: number;
}

/** The output's alpha, one byte per pixel. */
export async function alphaOf(png: Buffer): Promise<Uint8Array> {
  return new Uint8Array(await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer());
}

export function scoreMask(alpha: Uint8Array, photo: ProductPhoto, margin = 4): MaskScore {
  const { truth, width, height } = photo;
  const deepObject = erode(truth, width, height, margin, 1);
  const deepBackdrop = erode(truth, width, height, margin, 0);
  let both = 0;
  let either = 0;
  let clear = 0;
  let backdrop = 0;
  let solid = 0;
  let object = 0;
  for (let i = 0; i < truth.length; i++) {
    const opaque = (alpha[i] ?? 0) >= 128;
    const inside = truth[i] === 1;
    if (opaque && inside) both++;
    if (opaque || inside) either++;
    if (deepBackdrop[i] === 1) {
      backdrop++;
      if ((alpha[i] ?? 0) <= 16) clear++;
    }
    if (deepObject[i] === 1) {
      object++;
      if ((alpha[i] ?? 0) >= 240) solid++;
    }
  }
  return { iou: either === 0 ? 1 : both / either, backdropClear: backdrop === 0 ? 1 : clear / backdrop, objectSolid: object === 0 ? 1 : solid / object };
}

/** 1 where every pixel within `r` (a square, inside the picture) has the value `of`. */
function erode(mask: Uint8Array, width: number, height: number, r: number, of: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let all = 1;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r) && all === 1; k++) if (mask[y * width + k] !== of) all = 0;
      rows[y * width + x] = all;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let all = 1;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r) && all === 1; k++) if (rows[k * width + x] !== 1) all = 0;
      out[y * width + x] = all;
    }
  }
  return out;
}
