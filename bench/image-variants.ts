// The variants of a 12-megapixel phone photo (issue 14): processImage (server/images/variants.ts: size and sniff
// checks, the header's pixel count, the work gate, five pipelines of one upload in parallel, oriented and stripped)
// against its ceiling — bare sharp turning the same JPEG into the same five sizes with the same encoder settings, in
// parallel, with none of the checks — in the same process, in the same run, taking turns so both see the same machine.
import sharp from 'sharp';
import { processImage, VARIANT_SIZES } from '../server/images/variants';
import { report } from './stats';
import { sized } from './size';

const WIDTH = sized(4000, 1600);
const HEIGHT = sized(3000, 1200); // 12 megapixels, a phone's main camera
const ROUNDS = sized(5, 1);
const WARMUP = sized(1, 0);

/** A 4000 × 3000 JPEG with texture (Gaussian noise over a colour and a vertical ramp), so no stage is trivial. */
async function phonePhoto(): Promise<Buffer> {
  const noise = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .raw()
    .toBuffer();
  const gradient = Buffer.from(await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#4080c0' } }).raw().toBuffer());
  for (let i = 0; i < gradient.length; i++) gradient[i] = ((gradient[i] ?? 0) + (noise[i] ?? 0) + (Math.floor(i / (WIDTH * 3)) % 256)) / 3;
  return sharp(gradient, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** The ceiling: the same sizes from the same bytes, bare — no checks, no header read, no gate. */
async function bareSharp(photo: Buffer): Promise<number> {
  const encode = (size?: number) => {
    const image = sharp(photo).rotate();
    return (size === undefined ? image : image.resize(size, size, { fit: 'inside', withoutEnlargement: true })).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  };
  const outputs = await Promise.all([encode(), ...Object.values(VARIANT_SIZES).map(encode)]);
  return outputs.reduce((total, output) => total + output.length, 0);
}

async function pipeline(photo: Buffer): Promise<number> {
  const image = await processImage(photo, 'bench.jpg');
  return Object.values(image.variants).reduce((total, variant) => total + variant.data.length, 0);
}

export async function imageVariants(): Promise<void> {
  const photo = await phonePhoto();
  const paths: Array<{ name: string; run: (photo: Buffer) => Promise<number>; samples: number[]; bytes: number }> = [
    { name: 'bare sharp, same sizes (ceiling)', run: bareSharp, samples: [], bytes: 0 },
    { name: 'processImage (checks + variants)', run: pipeline, samples: [], bytes: 0 },
  ];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const path of paths) {
      const start = performance.now();
      path.bytes = await path.run(photo);
      if (round >= WARMUP) path.samples.push(performance.now() - start);
    }
  }
  report(`image variants of a ${WIDTH} × ${HEIGHT} JPEG (${(photo.length / 1024 / 1024).toFixed(1)} MiB; full + ${Object.values(VARIANT_SIZES).join(', ')} px; ${ROUNDS} rounds)`, paths, paths[0]?.name ?? '');
  for (const path of paths) console.log(`${path.name.padEnd(36)} output ${(path.bytes / 1024).toFixed(0)} KiB in all`);
}
