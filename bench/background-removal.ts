// Background removal (issue 14): the classical remover on a 1200×900 product photo (JPEG, soft shadow on white), time
// per image against its ceiling — bare sharp on the same bytes: decode, a Gaussian blur, PNG encode with an alpha
// channel, the work any remover's output costs at least — in the same process, in the same run; then the mask's
// intersection over union with the known truth on every generated photo of tests/support/product-photos.ts. Also
// the longest the event loop waited during each (the remover's JavaScript steps run on it).
import sharp from 'sharp';
import { createClassicalRemover } from '../server/images/background/classical';
import { alphaOf, renderScene, SCENES, scoreMask } from '../tests/support/product-photos';
import { percentile, report } from './stats';
import { sized } from './size';

const WIDTH = 1200;
const HEIGHT = 900;
const ROUNDS = sized(20, 2);
const WARMUP = sized(2, 0);
const TIMED_SCENE = 'soft shadow on white (JPEG 85)';

/** How long `run` took, and the longest gap between ticks of a 0 ms interval meanwhile. */
async function timed(run: () => Promise<unknown>): Promise<{ ms: number; longestGapMs: number }> {
  let longestGapMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 0);
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  clearInterval(ticker);
  return { ms, longestGapMs: Math.max(longestGapMs, performance.now() - last) };
}

export async function backgroundRemoval(): Promise<void> {
  const scene = SCENES.find((s) => s.name === TIMED_SCENE);
  if (!scene) throw new Error(`no scene "${TIMED_SCENE}"`);
  const photo = await renderScene(scene, WIDTH, HEIGHT);
  const remover = createClassicalRemover();
  const ceiling = (): Promise<Buffer> => sharp(photo.image).ensureAlpha().blur(1).png().toBuffer();

  const samples = { remover: [] as number[], ceiling: [] as number[], removerGap: [] as number[], ceilingGap: [] as number[] };
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    // Alternated, so neither path always runs on a warmer process.
    const removal = await timed(() => remover.remove(photo.image));
    const bare = await timed(ceiling);
    if (round < WARMUP) continue;
    samples.remover.push(removal.ms);
    samples.ceiling.push(bare.ms);
    samples.removerGap.push(removal.longestGapMs);
    samples.ceilingGap.push(bare.longestGapMs);
  }
  const CEILING = 'sharp decode + blur + PNG (ceiling)';
  report(
    `Background removal: ${WIDTH}×${HEIGHT} product photo (${(photo.image.length / 1024).toFixed(0)} kB JPEG; ${ROUNDS} rounds, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips})`,
    [{ name: CEILING, samples: samples.ceiling }, { name: 'classical remover', samples: samples.remover }],
    CEILING,
  );

  // What a server's other requests feel: the JavaScript steps hold the event loop, sharp's work does not.
  const gaps = (list: number[]): string => `p50 ${percentile(list, 50).toFixed(0)} ms, max ${Math.max(...list).toFixed(0)} ms`;
  console.log(`longest event-loop gap during a removal: ${gaps(samples.removerGap)}; during the ceiling: ${gaps(samples.ceilingGap)}`);

  console.log(`mask quality at ${WIDTH}×${HEIGHT} (IoU with the known mask; backdrop transparent / object opaque, 4 px from the edge):`);
  for (const each of SCENES) {
    const generated = await renderScene(each, WIDTH, HEIGHT);
    const score = scoreMask(await alphaOf(await remover.remove(generated.image)), generated);
    const share = (value: number): string => `${(value * 100).toFixed(2)} %`;
    console.log(`  ${each.name.padEnd(48)} IoU ${score.iou.toFixed(4)}   clear ${share(score.backdropClear).padStart(8)}   opaque ${share(score.objectSolid).padStart(8)}`);
  }
}
