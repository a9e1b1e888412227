// A camera for Chromium's fake capture device (--use-file-for-fake-video-capture): a Y4M video, made here, of a
// barcode drawn by bwip-js on a white card, so a test reads a real code from a real video stream. Chromium loops it.
import { writeFile } from 'node:fs/promises';
import bwipjs from 'bwip-js/node';
import sharp, { type Sharp } from 'sharp';

const WIDTH = 640;
const HEIGHT = 480;

/** The check digit of a UPC-A's first 11 digits (odd places × 3), so bwip-js and the catalogue both take it. */
export function withCheckDigit(eleven: string): string {
  const sum = [...eleven].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${eleven}${(10 - (sum % 10)) % 10}`;
}

/** RGB (3 bytes a pixel) → one Y4M 4:2:0 frame (BT.601 full range: C420jpeg). */
function i420(rgb: Buffer): Buffer {
  const y = Buffer.alloc(WIDTH * HEIGHT);
  const u = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2));
  const v = Buffer.alloc(u.length);
  const at = (x: number, row: number) => (row * WIDTH + x) * 3;
  for (let row = 0; row < HEIGHT; row++) {
    for (let x = 0; x < WIDTH; x++) {
      const p = at(x, row);
      const [r, g, b] = [rgb[p] ?? 0, rgb[p + 1] ?? 0, rgb[p + 2] ?? 0];
      y[row * WIDTH + x] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
  }
  for (let row = 0; row < HEIGHT; row += 2) {
    for (let x = 0; x < WIDTH; x += 2) {
      let [r, g, b] = [0, 0, 0];
      for (const p of [at(x, row), at(x + 1, row), at(x, row + 1), at(x + 1, row + 1)]) {
        r += rgb[p] ?? 0;
        g += rgb[p + 1] ?? 0;
        b += rgb[p + 2] ?? 0;
      }
      [r, g, b] = [r / 4, g / 4, b / 4];
      const index = (row / 2) * (WIDTH / 2) + x / 2;
      u[index] = Math.max(0, Math.min(255, Math.round(-0.1687 * r - 0.3313 * g + 0.5 * b + 128)));
      v[index] = Math.max(0, Math.min(255, Math.round(0.5 * r - 0.4187 * g - 0.0813 * b + 128)));
    }
  }
  return Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
}

/** One code held in front of the camera: bwip-js's bcid and text, for `frames` frames (10 a second). */
export interface Scene {
  readonly bcid: string;
  readonly text: string;
  readonly frames?: number;
}

/** What the camera sees: the scene's barcode on a white card, centred in a 640×480 picture (a sharp image). */
async function pictureOf({ bcid, text }: Scene): Promise<Sharp> {
  const drawn = await bwipjs.toBuffer({ bcid, text, scale: 3, height: 18, includetext: true, paddingwidth: 12, paddingheight: 12, backgroundcolor: 'FFFFFF' });
  const card = await sharp(drawn).resize({ width: 440, height: 300, fit: 'inside' }).png().toBuffer();
  return sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } }).composite([{ input: card, gravity: 'centre' }]);
}

async function frameOf(scene: Scene): Promise<Buffer> {
  return i420(await (await pictureOf(scene)).removeAlpha().raw().toBuffer());
}

/** The camera's picture of one scene as a PNG: for an engine that has no fake camera of its own. */
export async function barcodePicture(scene: Scene): Promise<Buffer> {
  return (await pictureOf(scene)).png().toBuffer();
}

/** Writes a Y4M video to `path` showing each scene's barcode in turn (Chromium plays it in a loop). */
export async function barcodeVideo(path: string, ...scenes: readonly Scene[]): Promise<void> {
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const parts: Buffer[] = [header];
  for (const scene of scenes) {
    const frame = await frameOf(scene);
    for (let index = 0; index < (scene.frames ?? 20); index++) parts.push(frame);
  }
  await writeFile(path, Buffer.concat(parts));
}

/** Chromium's flags for a fake camera playing `video` and granting the camera without asking. */
export const fakeCameraArgs = (video: string): string[] => [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
  '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`,
];
