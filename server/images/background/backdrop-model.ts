// The backdrop as the image's border shows it: a smooth colour surface (a quadratic in x and y per channel, so a
// gradient or a vignette fits), fitted robustly to a band along the border so a product touching the edge does not
// pull it, and a tolerance derived from how far the border strays from it (noise, JPEG). Pure arithmetic on typed
// arrays; never decodes or encodes.

/** Basis of the surface: 1, x, y, x², xy, y² with x and y scaled to [-1, 1]. */
const TERMS = 6;
/** The border band's width, as a share of the shorter side (at least 1 px). */
const BAND_SHARE = 0.02;
/** Residuals are binned at this step (RGB distance) so percentiles cost O(samples), not a sort. */
const BIN = 0.5;
const BINS = Math.ceil((Math.sqrt(3) * 255) / BIN) + 1;
const FIT_ROUNDS = 3;
/** A sample counts as backdrop within max(this, 2.5 × the median residual) of the surface. */
const RESIDUAL_FLOOR = 6;
/** An alpha below this is a transparent pixel: backdrop already. */
export const TRANSPARENT_BELOW = 128;
/** Colour tolerance = clamp(BASE + FACTOR × the border's 95th-percentile distance, MIN, MAX) (RGB distance). */
const TOLERANCE = { base: 6, factor: 1.5, min: 12, max: 60 };

/** A working copy: RGBA, 8 bits, row by row. */
export interface RgbaImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export interface BackdropModel {
  /** 3 × TERMS coefficients: red's, then green's, then blue's. */
  readonly coefficients: Float64Array;
  /**
   * RGB distance from the surface still counted as backdrop: from the 95th percentile of the border's distances,
   * counting only its backdrop samples (noise and JPEG widen it), within fixed bounds.
   */
  readonly tolerance: number;
  /** Share of the border band within the tolerance of the surface (transparent pixels count as within). */
  readonly inlierShare: number;
}

/** Border band pixel indices, each once, row by row. */
export function borderBand(width: number, height: number): Int32Array {
  const band = Math.max(1, Math.round(Math.min(width, height) * BAND_SHARE));
  const inner = width > 2 * band && height > 2 * band ? (width - 2 * band) * (height - 2 * band) : 0;
  const indices = new Int32Array(width * height - inner);
  let n = 0;
  for (let y = 0; y < height; y++) {
    const whole = y < band || y >= height - band || width <= 2 * band;
    for (let x = 0; x < width; x++) {
      if (!whole && x === band) x = width - band; // skip the inside of the row
      indices[n++] = y * width + x;
    }
  }
  return indices;
}

/** Writes the basis at pixel (x, y) into `into`. */
function basis(x: number, y: number, width: number, height: number, into: Float64Array): void {
  const u = width > 1 ? (2 * x) / (width - 1) - 1 : 0;
  const v = height > 1 ? (2 * y) / (height - 1) - 1 : 0;
  into[0] = 1;
  into[1] = u;
  into[2] = v;
  into[3] = u * u;
  into[4] = u * v;
  into[5] = v * v;
}

/**
 * Along row y the surface is a quadratic in u alone: writes its three coefficients per channel into `row`
 * (constant, linear, square; red's, green's, blue's), so a whole row costs two multiplications per channel and pixel.
 */
export function rowSurface(model: BackdropModel, y: number, height: number, row: Float64Array): void {
  const v = height > 1 ? (2 * y) / (height - 1) - 1 : 0;
  for (let c = 0; c < 3; c++) {
    const k = (t: number): number => model.coefficients[c * TERMS + t] ?? 0;
    row[c * 3] = k(0) + k(2) * v + k(5) * v * v;
    row[c * 3 + 1] = k(1) + k(4) * v;
    row[c * 3 + 2] = k(3);
  }
}

/** The u of column x, as basis() scales it. */
export const columnU = (x: number, width: number): number => (width > 1 ? (2 * x) / (width - 1) - 1 : 0);

/** Fits the backdrop to the border band of `image`; transparent band pixels are left out of the fit. */
export function fitBackdrop(image: RgbaImage): BackdropModel {
  const { data, width, height } = image;
  // Every other band pixel: tens of thousands of samples still, at half the cost.
  const band = borderBand(width, height).filter((_, k) => k % 2 === 0);
  const opaque = band.filter((i) => (data[i * 4 + 3] ?? 0) >= TRANSPARENT_BELOW);
  const transparent = band.length - opaque.length;
  // Each sample's basis, computed once for all the rounds.
  const phis = new Float64Array(opaque.length * TERMS);
  const phi = new Float64Array(TERMS);
  for (let s = 0; s < opaque.length; s++) {
    const i = opaque[s] ?? 0;
    basis(i % width, Math.floor(i / width), width, height, phi);
    phis.set(phi, s * TERMS);
  }
  const inliers = new Uint8Array(opaque.length).fill(1);
  const residuals = new Float32Array(opaque.length);
  let coefficients: Float64Array = new Float64Array(3 * TERMS);
  const rgb = new Float64Array(3);
  for (let round = 0; round < FIT_ROUNDS && opaque.length > 0; round++) {
    coefficients = solveSurface(data, opaque, phis, inliers);
    for (let s = 0; s < opaque.length; s++) {
      for (let c = 0; c < 3; c++) {
        let value = 0;
        for (let t = 0; t < TERMS; t++) value += (coefficients[c * TERMS + t] ?? 0) * (phis[s * TERMS + t] ?? 0);
        rgb[c] = value;
      }
      residuals[s] = distance(data, (opaque[s] ?? 0) * 4, rgb);
    }
    const limit = Math.max(RESIDUAL_FLOOR, 2.5 * percentile(residuals, undefined, 50));
    for (let s = 0; s < opaque.length; s++) inliers[s] = (residuals[s] ?? 0) <= limit ? 1 : 0;
  }
  const noise = percentile(residuals, inliers, 95);
  const tolerance = Math.min(TOLERANCE.max, Math.max(TOLERANCE.min, TOLERANCE.base + TOLERANCE.factor * noise));
  // Against the tolerance, not the fit's own median: a busy border has no share that fits, whatever its median.
  let within = 0;
  for (const residual of residuals) if (residual <= tolerance) within++;
  return { coefficients, tolerance, inlierShare: band.length === 0 ? 0 : (within + transparent) / band.length };
}

/** Least squares over the inlier samples (normal equations; a tiny ridge keeps a 1-pixel-wide image solvable). */
function solveSurface(data: Uint8Array, samples: Int32Array, phis: Float64Array, inliers: Uint8Array): Float64Array {
  const normal = new Float64Array(TERMS * TERMS);
  const rhs = new Float64Array(3 * TERMS);
  let count = 0;
  for (let s = 0; s < samples.length; s++) {
    if (inliers[s] !== 1) continue;
    const i = samples[s] ?? 0;
    const at = s * TERMS;
    count++;
    for (let r = 0; r < TERMS; r++) {
      const pr = phis[at + r] ?? 0;
      for (let c = r; c < TERMS; c++) normal[r * TERMS + c] = (normal[r * TERMS + c] ?? 0) + pr * (phis[at + c] ?? 0);
      for (let ch = 0; ch < 3; ch++) rhs[ch * TERMS + r] = (rhs[ch * TERMS + r] ?? 0) + pr * (data[i * 4 + ch] ?? 0);
    }
  }
  for (let r = 0; r < TERMS; r++) for (let c = 0; c < r; c++) normal[r * TERMS + c] = normal[c * TERMS + r] ?? 0; // symmetric
  const ridge = 1e-6 * Math.max(1, count);
  for (let t = 0; t < TERMS; t++) normal[t * TERMS + t] = (normal[t * TERMS + t] ?? 0) + (t === 0 ? 1e-12 : ridge);
  const coefficients = new Float64Array(3 * TERMS);
  for (let ch = 0; ch < 3; ch++) coefficients.set(solve(normal, rhs.subarray(ch * TERMS, (ch + 1) * TERMS)), ch * TERMS);
  return coefficients;
}

/** Gaussian elimination with partial pivoting on a copy of the TERMS × TERMS system. */
function solve(matrix: Float64Array, vector: Float64Array): Float64Array {
  const a = Float64Array.from(matrix);
  const b = Float64Array.from(vector);
  const at = (r: number, c: number): number => a[r * TERMS + c] ?? 0;
  for (let col = 0; col < TERMS; col++) {
    let pivot = col;
    for (let r = col + 1; r < TERMS; r++) if (Math.abs(at(r, col)) > Math.abs(at(pivot, col))) pivot = r;
    if (pivot !== col) {
      for (let c = 0; c < TERMS; c++) {
        const held = at(col, c);
        a[col * TERMS + c] = at(pivot, c);
        a[pivot * TERMS + c] = held;
      }
      const held = b[col] ?? 0;
      b[col] = b[pivot] ?? 0;
      b[pivot] = held;
    }
    const diagonal = at(col, col);
    if (diagonal === 0) continue;
    for (let r = col + 1; r < TERMS; r++) {
      const factor = at(r, col) / diagonal;
      if (factor === 0) continue;
      for (let c = col; c < TERMS; c++) a[r * TERMS + c] = at(r, c) - factor * at(col, c);
      b[r] = (b[r] ?? 0) - factor * (b[col] ?? 0);
    }
  }
  const x = new Float64Array(TERMS);
  for (let r = TERMS - 1; r >= 0; r--) {
    let sum = b[r] ?? 0;
    for (let c = r + 1; c < TERMS; c++) sum -= at(r, c) * (x[c] ?? 0);
    const diagonal = at(r, r);
    x[r] = diagonal === 0 ? 0 : sum / diagonal;
  }
  return x;
}

/** RGB distance between the pixel at byte `offset` of `data` and `rgb`. */
export function distance(data: Uint8Array, offset: number, rgb: Float64Array): number {
  const dr = (data[offset] ?? 0) - (rgb[0] ?? 0);
  const dg = (data[offset + 1] ?? 0) - (rgb[1] ?? 0);
  const db = (data[offset + 2] ?? 0) - (rgb[2] ?? 0);
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

/** The p-th percentile of `values` (only where `keep` is 1, when given), to BIN precision; 0 for none. */
export function percentile(values: Float32Array, keep: Uint8Array | undefined, p: number): number {
  const histogram = new Uint32Array(BINS);
  let count = 0;
  for (let s = 0; s < values.length; s++) {
    if (keep !== undefined && keep[s] !== 1) continue;
    const bin = Math.min(BINS - 1, Math.floor((values[s] ?? 0) / BIN));
    histogram[bin] = (histogram[bin] ?? 0) + 1;
    count++;
  }
  if (count === 0) return 0;
  const rank = Math.ceil((p / 100) * count);
  let seen = 0;
  for (let bin = 0; bin < BINS; bin++) {
    seen += histogram[bin] ?? 0;
    if (seen >= rank) return (bin + 1) * BIN;
  }
  return (BINS - 1) * BIN;
}

/**
 * The median RGB step between horizontal neighbours along the border band of `blurred` (RGBA): how rough the
 * backdrop itself is, so a fill through shadow may take steps a little larger than that and no more.
 */
export function borderRoughness(blurred: Uint8Array, width: number, height: number): number {
  const band = borderBand(width, height);
  const steps = new Float32Array(band.length);
  let count = 0;
  for (const i of band) {
    if (i % width === width - 1) continue;
    const dr = (blurred[i * 4] ?? 0) - (blurred[i * 4 + 4] ?? 0);
    const dg = (blurred[i * 4 + 1] ?? 0) - (blurred[i * 4 + 5] ?? 0);
    const db = (blurred[i * 4 + 2] ?? 0) - (blurred[i * 4 + 6] ?? 0);
    steps[count++] = Math.sqrt(dr * dr + dg * dg + db * db);
  }
  return percentile(steps.subarray(0, count), undefined, 50);
}
