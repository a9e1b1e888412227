// The app's service worker, as the offline tests need it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Resolves once the service worker controls the page, which it does only after installing (precaching the app):
 * from then on a reload, or a screen's lazily loaded code, comes from it with the server away. A test that stops
 * the server earlier races the install.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** What a new build's service worker answers when asked which build it is (the build the tests make has it alone). */
export const NEW_BUILD = 'e2e:new-build';

/**
 * Runs `body` while the server serves a new build's service worker from `staticDir`: sw.js with different bytes, as
 * any rebuild makes it, and this one also answers which build it is. The real sw.js is put back afterwards. The
 * server reads the file per request.
 */
export async function withNewBuild(staticDir: string, body: () => Promise<void>): Promise<void> {
  const file = join(staticDir, 'sw.js');
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, `${original}\nself.addEventListener('message', (e) => { if (e.data === 'e2e:which-build') e.source?.postMessage('${NEW_BUILD}'); });\n`);
  try {
    await body();
  } finally {
    writeFileSync(file, original);
  }
}

/** In the page: whether a worker still waits, and which build controls the page (only the new build answers). */
export async function workerState(): Promise<{ waiting: boolean; build: string }> {
  const registration = await navigator.serviceWorker.ready;
  navigator.serviceWorker.startMessages();
  const build = await new Promise<string>((resolve) => {
    navigator.serviceWorker.addEventListener('message', (event) => resolve(String(event.data)), { once: true });
    navigator.serviceWorker.controller?.postMessage('e2e:which-build');
    setTimeout(() => resolve('no answer'), 5000);
  });
  return { waiting: registration.waiting !== null, build };
}

/** In the page: what the app's periodic and on-focus checks for a new version do, now. */
export async function checkForUpdate(): Promise<boolean> {
  await (await navigator.serviceWorker.ready).update();
  return true;
}
