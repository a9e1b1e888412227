// Tidies an object mask (1 object, 0 backdrop) the fill produced: an opening drops specks of noise and hair-thin
// spurs, a closing fills notches along the edge, and object parts too small to be a product go. Square structuring
// elements, separable, by running counts: O(pixels) whatever the radius.

/** Dilation by a (2r+1)² square, outside the image ignored; `invert` dilates the complement (so erodes). */
function dilate(mask: Uint8Array, width: number, height: number, radius: number, invert: boolean): Uint8Array {
  const on = invert ? 0 : 1;
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) runMax(mask, rows, y * width, 1, width, radius, on);
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) runMax(rows, out, x, width, height, radius, 1);
  if (invert) for (let i = 0; i < out.length; i++) out[i] = out[i] === 1 ? 0 : 1;
  return out;
}

/**
 * Along one line (start, stride, length): out = 1 where some pixel within `radius` equals `on`.
 * A running count of `on` pixels in the window, so the cost does not grow with the radius.
 */
function runMax(src: Uint8Array, out: Uint8Array, start: number, stride: number, length: number, radius: number, on: number): void {
  let count = 0;
  for (let k = 0; k < Math.min(radius, length); k++) if (src[start + k * stride] === on) count++;
  for (let k = 0; k < length; k++) {
    const entering = k + radius;
    if (entering < length && src[start + entering * stride] === on) count++;
    const leaving = k - radius - 1;
    if (leaving >= 0 && src[start + leaving * stride] === on) count--;
    out[start + k * stride] = count > 0 ? 1 : 0;
  }
}

export function open(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius < 1) return mask;
  return dilate(dilate(mask, width, height, radius, true), width, height, radius, false);
}

export function erode(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  return radius < 1 ? mask : dilate(mask, width, height, radius, true);
}

export function close(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius < 1) return mask;
  return dilate(dilate(mask, width, height, radius, false), width, height, radius, true);
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
