// Browser tests (DESIGN §7): Debian's Chromium (never a downloaded browser) against the built PWA served by
// the real server on a fixed port, with a fresh data folder per run so the first-start admin is known.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Away from the dev server's 8080; E2E_PORT lets two checkouts run their browser tests at once.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
/** HTTP requests a minute the test servers allow their one address (every test's browser is 127.0.0.1). */
export const E2E_HTTP_RATE_LIMIT = 100_000;
const BASE_URL = `http://localhost:${E2E_PORT}`;

// Per port: a run on another port (another checkout, a helper) keeps its folder.
const DATA_PREFIX = `lotdesk-e2e-data-${E2E_PORT}-`;

/** A fresh data folder for this run; the previous runs' folders go (the server has stopped by now: the
 * fixed port means one run at a time, and Playwright stops the server only after any globalTeardown). */
function freshDataDir(): string {
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(DATA_PREFIX)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  return mkdtempSync(join(tmpdir(), DATA_PREFIX));
}

// The config is also loaded by each worker; only the main process (which starts the server) needs a folder.
const dataDir = process.env.TEST_WORKER_INDEX === undefined ? freshDataDir() : '';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Files are independent (each starts its own servers on its own ports, or uses unique names on the shared one);
  // tests within a file run in order. E2E_WORKERS=1 for a quiet machine-by-machine comparison.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    headless: true,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) without the screencast: filming every
    // test took about a sixth of the browser tests' CPU, and the snapshots show each step's page anyway.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Installing the service worker precaches the whole app in every new context: CPU most tests do not need. The
    // tests of the service worker and of reloads with the server away allow it (test.use({ serviceWorkers: 'allow' })).
    serviceWorkers: 'block',
    // As a person who asked for reduced motion: dialogs appear at once (src/styles.css), so no test waits out an
    // opening animation before it may tap; motion.spec.ts checks the animations themselves.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'tablet', use: { viewport: { width: 768, height: 1024 }, hasTouch: true } },
  ],
  webServer: {
    command: 'node scripts/build-if-stale.mjs && node --import tsx server/main.ts',
    url: `${BASE_URL}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HTTPS_PORT: '0', // a spec that tests HTTPS starts its own server on its own ports
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Every browser of the run loads pages from 127.0.0.1: one address, far past a real device's 600 a minute.
      HTTP_RATE_LIMIT: String(E2E_HTTP_RATE_LIMIT),
      HTTP_ASSET_RATE_LIMIT: String(E2E_HTTP_RATE_LIMIT),
    },
  },
});
