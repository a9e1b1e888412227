// Which pixels are backdrop: those reachable from the image's edge through pixels that look like the backdrop
// model (or like a soft shadow cast on it). Anything the fill cannot reach stays — so a white label inside a
// dark box is kept even though it matches a white backdrop. O(pixels): one class per pixel, one queue.
import { columnU, distance, rowSurface, TRANSPARENT_BELOW, type BackdropModel, type RgbaImage } from './backdrop-model';

const OBJECT = 0;
const BACKDROP = 1;
/** Darker than the backdrop by a factor with the backdrop's hue: passable only through gentle steps. */
const SHADOW = 2;

export interface FillLimits {
  /** RGB distance from the backdrop surface still counted as backdrop. */
  readonly tolerance: number;
  /** The largest RGB step between neighbours (on the blurred copy) a fill through shadow may take. */
  readonly shadowStep: number;
  /** How dark a shadow may be, as a share of the backdrop's brightness; 1 turns shadows off. */
  readonly shadowFloor: number;
}

/** Per pixel: OBJECT, BACKDROP or SHADOW, against the model. */
function classify(image: RgbaImage, model: BackdropModel, limits: FillLimits): Uint8Array {
  const { data, width, height } = image;
  const classes = new Uint8Array(width * height);
  const row = new Float64Array(9);
  const rgb = new Float64Array(3);
  for (let y = 0; y < height; y++) {
    rowSurface(model, y, height, row);
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((data[i * 4 + 3] ?? 0) < TRANSPARENT_BELOW) {
        classes[i] = BACKDROP;
        continue;
      }
      const u = columnU(x, width);
      for (let c = 0; c < 3; c++) rgb[c] = (row[c * 3] ?? 0) + u * ((row[c * 3 + 1] ?? 0) + u * (row[c * 3 + 2] ?? 0));
      if (distance(data, i * 4, rgb) <= limits.tolerance) classes[i] = BACKDROP;
      else if (limits.shadowFloor < 1 && isShadow(data, i * 4, rgb, limits)) classes[i] = SHADOW;
    }
  }
  return classes;
}

/** The pixel is the backdrop's colour scaled down by k in [shadowFloor, 1], within the tolerance. */
function isShadow(data: Uint8Array, offset: number, rgb: Float64Array, limits: FillLimits): boolean {
  const r = data[offset] ?? 0;
  const g = data[offset + 1] ?? 0;
  const b = data[offset + 2] ?? 0;
  const br = rgb[0] ?? 0;
  const bg = rgb[1] ?? 0;
  const bb = rgb[2] ?? 0;
  const norm = br * br + bg * bg + bb * bb;
  if (norm < 1) return false; // a black backdrop casts no visible shadow
  const k = (r * br + g * bg + b * bb) / norm;
  if (k < limits.shadowFloor || k > 1) return false;
  const dr = r - k * br;
  const dg = g - k * bg;
  const db = b - k * bb;
  return Math.sqrt(dr * dr + dg * dg + db * db) <= limits.tolerance;
}

/** RGB step between two pixels of the blurred copy. */
function step(blurred: Uint8Array, a: number, b: number): number {
  const dr = (blurred[a * 4] ?? 0) - (blurred[b * 4] ?? 0);
  const dg = (blurred[a * 4 + 1] ?? 0) - (blurred[b * 4 + 1] ?? 0);
  const db = (blurred[a * 4 + 2] ?? 0) - (blurred[b * 4 + 2] ?? 0);
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

/**
 * 1 for backdrop, 0 for object. `blurred` is `image` lightly blurred (same size, RGBA): shadow steps are measured
 * there, so noise does not stop the fill while an object's edge still does.
 */
export function fillBackdrop(image: RgbaImage, blurred: Uint8Array, model: BackdropModel, limits: FillLimits): Uint8Array {
  const { width, height } = image;
  const classes = classify(image, model, limits);
  const backdrop = new Uint8Array(width * height);
  const queue = new Int32Array(width * height); // each pixel enters at most once
  let tail = 0;
  const seed = (i: number): void => {
    if (backdrop[i] === 1 || classes[i] !== BACKDROP) return;
    backdrop[i] = 1;
    queue[tail++] = i;
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  const visit = (from: number, to: number): void => {
    if (backdrop[to] === 1) return;
    const kind = classes[to];
    if (kind === OBJECT) return;
    if (kind === SHADOW && step(blurred, from, to) > limits.shadowStep) return;
    backdrop[to] = 1;
    queue[tail++] = to;
  };
  for (let head = 0; head < tail; head++) {
    const i = queue[head] ?? 0;
    const x = i % width;
    if (x > 0) visit(i, i - 1);
    if (x < width - 1) visit(i, i + 1);
    if (i >= width) visit(i, i - width);
    if (i < (height - 1) * width) visit(i, i + width);
  }
  return backdrop;
}
