// Draws LotDesk's icons into public/ (the PWA manifest's 192/512/maskable icons, the apple-touch-icon and the
// favicon) as real PNGs, with nothing but node:zlib: the mark is a few rectangles, so no image tool is needed.
// Run `node scripts/make-icons.mjs` after changing the mark and commit the PNGs; the output is deterministic.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const OUT_DIR = 'public';
const SLATE = [0x1e, 0x29, 0x3b]; // slate-800: the top bar and the manifest's theme_color
const LIGHT = [0xf8, 0xfa, 0xfc]; // slate-50
const AMBER = [0xf5, 0x9e, 0x0b]; // amber-500: the box on the L's foot, a lot on a pallet
const SUBSAMPLES = 4; // 4×4 samples per pixel: smooth edges even at 32 px

// The mark in a unit square (0..1), centred: a bold 'L' and a box resting on its foot.
const MARK = [
  { x0: 0.30, y0: 0.24, x1: 0.44, y1: 0.76, color: LIGHT }, // the L's stem
  { x0: 0.30, y0: 0.62, x1: 0.70, y1: 0.76, color: LIGHT }, // the L's foot
  { x0: 0.50, y0: 0.42, x1: 0.66, y1: 0.58, color: AMBER }, // the box
];

/**
 * One icon variant. `radius` rounds the background's corners (0 = full bleed, opaque, which maskable and
 * apple-touch icons need: the platform cuts its own shape). `scale` shrinks the mark about the centre;
 * maskable icons use 0.8 so the mark sits inside the 80 % safe zone whatever shape the launcher cuts.
 */
const ICONS = [
  { file: 'pwa-192x192.png', size: 192, radius: 0.2, scale: 1 },
  { file: 'pwa-512x512.png', size: 512, radius: 0.2, scale: 1 },
  { file: 'maskable-512x512.png', size: 512, radius: 0, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, radius: 0, scale: 1 },
  { file: 'favicon-32x32.png', size: 32, radius: 0.2, scale: 1 },
];

function insideRoundedSquare(x, y, radius) {
  if (radius === 0) return true;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** The colour at a point of the unit square, or undefined where the icon is transparent. */
function colorAt(x, y, { radius, scale }) {
  if (!insideRoundedSquare(x, y, radius)) return undefined;
  // Undo the scaling about the centre, then test the mark in its own coordinates.
  const mx = 0.5 + (x - 0.5) / scale;
  const my = 0.5 + (y - 0.5) / scale;
  const shape = MARK.find((r) => mx >= r.x0 && mx < r.x1 && my >= r.y0 && my < r.y1);
  return shape ? shape.color : SLATE;
}

/** RGBA pixels, each the average of its subsamples (premultiplied, so transparent corners blend cleanly). */
function render(icon) {
  const { size } = icon;
  const pixels = Buffer.alloc(size * size * 4);
  const n = SUBSAMPLES;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const color = colorAt((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, icon);
          if (!color) continue;
          r += color[0]; g += color[1]; b += color[2]; a += 1;
        }
      }
      const at = (py * size + px) * 4;
      if (a > 0) {
        pixels[at] = Math.round(r / a);
        pixels[at + 1] = Math.round(g / a);
        pixels[at + 2] = Math.round(b / a);
      }
      pixels[at + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData)); // PNG's CRC covers the type and the data, not the length
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG: 8-bit RGBA, no interlace, each row with filter type 0 (none). */
function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, adaptive filters, no interlace
  const rowLength = size * 4;
  const raw = Buffer.alloc((rowLength + 1) * size);
  for (let y = 0; y < size; y++) pixels.copy(raw, y * (rowLength + 1) + 1, y * rowLength, (y + 1) * rowLength);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const icon of ICONS) {
  const png = encodePng(icon.size, render(icon));
  writeFileSync(join(OUT_DIR, icon.file), png);
  console.log(`${join(OUT_DIR, icon.file)}  ${icon.size}×${icon.size}  ${png.length} bytes`);
}
