// Tidies an object mask (1 object, 0 backdrop) the fill produced: an opening drops specks of noise and hair-thin
// spurs, a closing fills notches along the edge, and object parts too small to be a product go. Square structuring
// elements, separable, by running counts: O(pixels) whatever the radius.

/** Dilation by a (2r+1)² square, outside the image ignored; `invert` dilates the complement (so erodes). */
function grow(mask: Uint8Array, width: number, height: number, radius: number, invert: boolean): Uint8Array {
  const on = invert ? 0 : 1;
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) rowPass(mask, rows, y * width, width, radius, on);
  const out = new Uint8Array(mask.length);
  columnPass(rows, out, width, height, radius);
  if (invert) for (let i = 0; i < out.length; i++) out[i] = out[i] === 1 ? 0 : 1;
  return out;
}

/**
 * Along one row: out = 1 where some pixel within `radius` equals `on`. A running count of `on` pixels in the
 * window, so the cost does not grow with the radius.
 */
function rowPass(src: Uint8Array, out: Uint8Array, start: number, length: number, radius: number, on: number): void {
  let count = 0;
  for (let k = 0; k < Math.min(radius, length); k++) if (src[start + k] === on) count++;
  for (let k = 0; k < length; k++) {
    if (k + radius < length && src[start + k + radius] === on) count++;
    if (k - radius - 1 >= 0 && src[start + k - radius - 1] === on) count--;
    out[start + k] = count > 0 ? 1 : 0;
  }
}

/** Down the columns, a running count per column kept row by row (memory in order, not a stride per step). */
function columnPass(src: Uint8Array, out: Uint8Array, width: number, height: number, radius: number): void {
  const counts = new Int32Array(width);
  for (let y = 0; y < Math.min(radius, height); y++) for (let x = 0; x < width; x++) counts[x] = (counts[x] ?? 0) + (src[y * width + x] ?? 0);
  for (let y = 0; y < height; y++) {
    const entering = y + radius < height ? (y + radius) * width : -1;
    const leaving = y - radius - 1 >= 0 ? (y - radius - 1) * width : -1;
    for (let x = 0; x < width; x++) {
      let count = counts[x] ?? 0;
      if (entering >= 0) count += src[entering + x] ?? 0;
      if (leaving >= 0) count -= src[leaving + x] ?? 0;
      counts[x] = count;
      out[y * width + x] = count > 0 ? 1 : 0;
    }
  }
}

export function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return radius < 1 ? mask : grow(mask, width, height, radius, false);
}

export function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return radius < 1 ? mask : grow(mask, width, height, radius, true);
}

/** Clears 4-connected object parts of fewer than `minArea` pixels, in place. */
export function dropSmallParts(mask: Uint8Array, width: number, height: number, minArea: number): void {
  if (minArea <= 1) return;
  const seen = new Uint8Array(mask.length);
  const queue = new Int32Array(mask.length);
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1 || seen[start] === 1) continue;
    let tail = 0;
    seen[start] = 1;
    queue[tail++] = start;
    for (let head = 0; head < tail; head++) {
      const i = queue[head] ?? 0;
      const x = i % width;
      if (x > 0) tail = join(mask, seen, queue, tail, i - 1);
      if (x < width - 1) tail = join(mask, seen, queue, tail, i + 1);
      if (i >= width) tail = join(mask, seen, queue, tail, i - width);
      if (i < (height - 1) * width) tail = join(mask, seen, queue, tail, i + width);
    }
    // The part is queue[0..tail): clear it when small (its pixels stay `seen`, so it is not walked again).
    if (tail < minArea) for (let k = 0; k < tail; k++) mask[queue[k] ?? 0] = 0;
  }
}

/** Queues object pixel `n` when it is new to the walk; returns the queue's new length. */
function join(mask: Uint8Array, seen: Uint8Array, queue: Int32Array, tail: number, n: number): number {
  if (mask[n] !== 1 || seen[n] === 1) return tail;
  seen[n] = 1;
  queue[tail] = n;
  return tail + 1;
}
