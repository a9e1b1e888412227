// The Lots page's filter with 10,000 lots (issue 4), in Debian's Chromium against the built PWA on the real
// server: the time from a status checkbox click to the table painted with the new rows, against its ceiling —
// the raw IndexedDB reads the page's Dexie query makes for the same rows (the lots table's status index, one
// getAll per checked status), in the same page, in the same run. LISTED is toggled off and on in turn, so each
// direction (all 10,000 lots shown, and those less the listed ones) gets its own figures.
// The click can beat this ceiling: Dexie 4 serves a live query's reads from its in-memory cache while they are
// subscribed, so after a toggle only a newly checked status is read from IndexedDB (counted with the index
// methods wrapped: unchecking reads no lots at all). The ceiling reads every checked status each time.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from '@playwright/test';
import { launchChromium } from './browser';
import { clickAndRender, quiet, rawRead } from './lots-filter-page';
import { report } from './stats';
import { sized } from './size';

const LOTS = sized(10_000, 300);
const ROUNDS = sized(20, 1); // per direction
const WARMUP = sized(2, 0); // per direction, untimed
const PORT = 18140;
const URL = `http://localhost:${PORT}`;
const ADMIN_PASSWORD = 'bench-admin-password';
// Relative for build-if-stale (it builds into ./dist-bench), absolute for the server.
const STATIC_DIR = 'dist-bench';
const TOGGLED = 'LISTED';
const ALL_STATUSES = ['NOT_LISTED', 'LISTED', 'SOLD', 'SHIPPED'];
/** The top rows compared with the rendered ones: more than a screenful, so every row in view is checked. */
const TOP_ROWS = 40;
/** The set-up's sync is followed by re-reads and re-renders; this long without a write to lots is settled. */
const QUIET_MS = 1_000;
const PAGE_TIMEOUT_MS = 30_000;

const run = promisify(execFile);

async function seedAndBuild(dataDir: string): Promise<void> {
  // The embedded database in the temporary folder, whatever DATABASE_URL the shell has: the server below reads it.
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD };
  // Independent: the seed writes the data folder, the build ./dist-bench, so they run side by side. Both are
  // awaited before a failure is thrown, so the clean-up never removes a folder one of them is still writing.
  const results = await Promise.allSettled([
    run(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--demo', '--lots', String(LOTS)], { env }),
    run(process.execPath, ['scripts/build-if-stale.mjs'], { env: { ...process.env, STATIC_DIR } }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') throw result.reason;
  }
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HTTPS_PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: resolve(STATIC_DIR), ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${URL}/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  await stopServer(child);
  throw new Error(`the server at ${URL} did not become healthy`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM'); // this child's pid only
  await exited;
}

/** Signs in as the admin (as tests/e2e/support/login.ts does) and shows every lot: all statuses, My Lots off. */
async function openAllLots(page: Page): Promise<void> {
  await page.goto(`${URL}/login`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL(/\/home$/);
  await page.getByTestId('status-badge').filter({ hasText: /^Ready\.$/ }).waitFor();
  // The seed spreads the lots over three owners and the four statuses; the default filter (spec §9) shows
  // only the admin's NOT_LISTED and SHIPPED ones.
  await page.getByRole('checkbox', { name: 'My Lots', exact: true }).uncheck();
  await page.getByRole('checkbox', { name: 'LISTED', exact: true }).check();
  await page.getByRole('checkbox', { name: 'SOLD', exact: true }).check();
  await page.getByRole('heading', { level: 1, name: `Lots (${LOTS})`, exact: true }).waitFor({ timeout: 120_000 });
  await page.evaluate(quiet, { quietMs: QUIET_MS, timeoutMs: 120_000 });
}

async function measure(page: Page, browserVersion: string): Promise<void> {
  const withToggled = ALL_STATUSES;
  const withoutToggled = ALL_STATUSES.filter((status) => status !== TOGGLED);
  const samples = { on: { ceiling: [] as number[], click: [] as number[], count: 0 }, off: { ceiling: [] as number[], click: [] as number[], count: 0 } };
  for (let round = 0; round < 2 * (WARMUP + ROUNDS); round++) {
    // LISTED is checked now: even rounds uncheck it, odd rounds check it again.
    const turnOn = round % 2 === 1;
    const ceiling = await page.evaluate(rawRead, { statuses: turnOn ? withToggled : withoutToggled, topRows: TOP_ROWS });
    const click = await page.evaluate(clickAndRender, {
      label: TOGGLED, checkedBefore: !turnOn, expected: { count: ceiling.count, top: ceiling.top }, timeoutMs: PAGE_TIMEOUT_MS,
    });
    if (round < 2 * WARMUP) continue;
    const side = turnOn ? samples.on : samples.off;
    side.ceiling.push(ceiling.ms);
    side.click.push(click);
    side.count = ceiling.count;
  }
  const CEILING = 'raw IndexedDB getAll (ceiling)';
  const CLICK = 'filter click → table painted';
  report(
    `Lots page filter with ${LOTS.toLocaleString('en')} lots (${ROUNDS} rounds per direction, Chromium ${browserVersion}): ${TOGGLED} checked, ${samples.on.count.toLocaleString('en')} rows`,
    [{ name: CEILING, samples: samples.on.ceiling }, { name: CLICK, samples: samples.on.click }],
    CEILING,
  );
  report(
    `  …${TOGGLED} unchecked, ${samples.off.count.toLocaleString('en')} rows`,
    [{ name: CEILING, samples: samples.off.ceiling }, { name: CLICK, samples: samples.off.click }],
    CEILING,
  );
  console.log("ceiling: the reads the page's Dexie query makes, as raw IndexedDB in the same page (status index, getAll per checked status, one transaction);");
  console.log("  the page's query reads most of them from Dexie's live-query cache instead, hence ratios below 1");
}

export async function lotsFilter(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotdesk-bench-lots-filter-'));
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    await seedAndBuild(dataDir);
    server = await startServer(dataDir);
    browser = await launchChromium('lots-filter');
    const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
    // tsx compiles with esbuild's keepNames, which wraps the in-page functions' inner functions in __name(…);
    // page.evaluate sends their source, so the page needs a __name too.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    const page = await context.newPage();
    await openAllLots(page);
    await measure(page, browser.version());
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
}
