// The spreadsheet worker on a 50,000-row catalogue .xlsx (issue 6), in Debian's Chromium: the app's own path
// (src/workers/read-spreadsheet.ts: a fresh worker, the bytes transferred, the zip checked and inflated once to
// count it, SheetJS, the rules, rows paged back and rebuilt) against its ceiling — a bare SheetJS read of the same
// bytes on the page's thread (read + sheet_to_json), in the same page, in the same run — and, while the worker
// parses, the page's longest main-thread task ('longtask' entries, 50 ms and up) and longest gap between timer ticks.
// The page is a small Vite build of read-spreadsheet.ts made here in a temporary folder with the project's Vite
// (the app's bundle does not export it), served by Vite's preview server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { launchChromium } from './browser';
import { build, preview, type PreviewServer } from 'vite';
import { utils, write } from 'xlsx';
import { percentile, report } from './stats';
import { sized } from './size';

const ROWS = sized(50_000, 500);
const ROUNDS = sized(7, 1);
const WARMUP = sized(1, 0);
const PORT = 18160;
const COLORS = ['Navy', 'Red', 'Black', 'White', 'Heather Grey'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/** What each in-page path reports for one read. */
interface PageSample {
  readonly ms: number;
  readonly rows: number;
  /** The longest 'longtask' entry during the read; 0 when none reached 50 ms. */
  readonly longestTaskMs: number;
  /** The longest gap between ticks of a 0 ms interval on the page's thread during the read. */
  readonly longestGapMs: number;
}

interface BenchPage {
  readonly bench: { load(): Promise<number>; worker(): Promise<PageSample>; bare(): Promise<PageSample> };
}

/** A catalogue export as a supplier sends one: the spec's seven columns, shared strings, deflated. */
function catalogueFile(): Uint8Array {
  const rows: unknown[][] = [['UPC', 'Brand', 'MSRP', 'Style', 'Color', 'Size', 'Description']];
  for (let i = 0; i < ROWS; i++) {
    rows.push([String(400_000_000_000 + i * 7), `Brand ${i % 300}`, `$${(i % 500) + 0.99}`, `ST-${i % 9000}`, COLORS[i % COLORS.length], SIZES[i % SIZES.length], `Item ${i}, cotton blend, machine wash`]);
  }
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Catalogue');
  const data: unknown = write(book, { type: 'array', bookType: 'xlsx', bookSST: true, compression: true });
  if (!(data instanceof ArrayBuffer)) throw new Error('SheetJS did not write an ArrayBuffer');
  return new Uint8Array(data);
}

/** The page's module: both paths, and a watch on the page's thread. Runs in Chromium, so it is plain source here. */
const PAGE_MODULE = `
import { read, utils } from 'xlsx';
import { readSheet } from '@app/workers/read-spreadsheet';

let bytes = new ArrayBuffer(0);

function watchMainThread() {
  const tasks = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  let last = performance.now();
  let longestGapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 0);
  return async () => {
    await new Promise((done) => setTimeout(done, 100)); // the last task ends and its entry is queued
    clearInterval(timer);
    tasks.push(...observer.takeRecords());
    observer.disconnect();
    return { longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)), longestGapMs };
  };
}

window.bench = {
  async load() {
    bytes = await (await fetch('/catalogue.xlsx')).arrayBuffer();
    return bytes.byteLength;
  },
  async worker() {
    const file = new Blob([bytes]); // as the file input gives it: readSheet reads it into a buffer of its own
    const stop = watchMainThread();
    const start = performance.now();
    const sheet = await readSheet(file, 'catalogue', ['xlsx']);
    const ms = performance.now() - start;
    return { ms, rows: sheet.rows.length, ...(await stop()) };
  },
  async bare() {
    const stop = watchMainThread();
    await new Promise((done) => setTimeout(done, 0)); // the watch starts in a task of its own
    const start = performance.now();
    const book = read(new Uint8Array(bytes), { type: 'array', dense: true });
    const rows = utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 });
    const ms = performance.now() - start;
    return { ms, rows: rows.length - 1, ...(await stop()) };
  },
};
`;

async function buildPage(folder: string): Promise<string> {
  writeFileSync(join(folder, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>spreadsheet-parse</title></head><body><script type="module" src="./main.js"></script></body></html>');
  writeFileSync(join(folder, 'main.js'), PAGE_MODULE);
  const outDir = join(folder, 'dist');
  await build({
    root: folder,
    configFile: false,
    logLevel: 'warn',
    // The temporary folder has no node_modules: the app's modules and SheetJS come from this checkout.
    resolve: { alias: { '@app': resolve('src'), xlsx: resolve('node_modules/xlsx/xlsx.mjs') } },
    build: { outDir, emptyOutDir: true },
  });
  writeFileSync(join(outDir, 'catalogue.xlsx'), catalogueFile());
  return outDir;
}

export async function spreadsheetParse(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'lotdesk-bench-spreadsheet-'));
  let server: PreviewServer | undefined;
  let browser: Browser | undefined;
  try {
    const outDir = await buildPage(folder);
    server = await preview({ root: folder, configFile: false, logLevel: 'warn', build: { outDir }, preview: { port: PORT, strictPort: true, host: '127.0.0.1' } });
    browser = await launchChromium('spreadsheet-parse');
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.waitForFunction(() => 'bench' in globalThis);
    const bytes = await page.evaluate(() => (globalThis as unknown as BenchPage).bench.load());

    const samples = { worker: [] as PageSample[], bare: [] as PageSample[] };
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      // Alternated, so neither path always runs on a warmer page.
      const worker = await page.evaluate(() => (globalThis as unknown as BenchPage).bench.worker());
      const bare = await page.evaluate(() => (globalThis as unknown as BenchPage).bench.bare());
      if (worker.rows !== ROWS || bare.rows !== ROWS) throw new Error(`read ${worker.rows} rows through the worker and ${bare.rows} bare, not ${ROWS}`);
      if (round < WARMUP) continue;
      samples.worker.push(worker);
      samples.bare.push(bare);
    }

    const CEILING = 'bare SheetJS read (ceiling)';
    report(
      `Spreadsheet worker: ${ROWS.toLocaleString('en')}-row catalogue .xlsx (${(bytes / 1024 / 1024).toFixed(1)} MB, shared strings; ${ROUNDS} rounds, Chromium ${browser.version()})`,
      [{ name: CEILING, samples: samples.bare.map((s) => s.ms) }, { name: 'readSheet through the worker', samples: samples.worker.map((s) => s.ms) }],
      CEILING,
    );
    const worst = (list: readonly PageSample[], pick: (s: PageSample) => number): string => `p50 ${percentile(list.map(pick), 50).toFixed(0)} ms, max ${Math.max(...list.map(pick)).toFixed(0)} ms`;
    console.log(`main thread while the worker parses: longest task ${worst(samples.worker, (s) => s.longestTaskMs)} (0 = none ≥ 50 ms); longest timer gap ${worst(samples.worker, (s) => s.longestGapMs)}`);
    console.log(`main thread during the bare read, for contrast: longest task ${worst(samples.bare, (s) => s.longestTaskMs)}`);
  } finally {
    await browser?.close();
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
