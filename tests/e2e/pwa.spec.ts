// The installable PWA (issue 3) on the real server: manifest and icons, the service worker, opening offline,
// the update prompt after a new build, and the storage warnings. Each test starts in a fresh browser
// context, so each registers its own service worker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInHome } from './support/login';
import { checkForUpdate, NEW_BUILD, untilServiceWorkerControls, withNewBuild, workerState } from './support/service-worker';

// The service worker is what this file tests (or what serves the app offline here): allowed, as on a device.
test.use({ serviceWorkers: 'allow' });

// The server reads it per request; STATIC_DIR is the build the e2e server serves (playwright.config.ts).
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? 'dist');

/** Signs in and waits until the service worker has installed (precached the shell) and controls the page. */
async function signInControlled(page: Page): Promise<void> {
  await signInHome(page);
  await untilServiceWorkerControls(page);
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), as the manifest's `sizes` writes them. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

const OLD_PAGE = 'html[data-e2e-old-page]';

/** Marks the current document, so a test can tell whether the page has reloaded since. */
async function markOldPage(page: Page): Promise<void> {
  await page.evaluate(() => (document.documentElement.dataset.e2eOldPage = 'yes'));
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('the manifest is linked and served with what Chromium needs to install the app, and its icons load at their sizes', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('no-cache'); // a new build's manifest is seen at once
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'LotDesk',
    short_name: 'LotDesk',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
  });
  expect(String(manifest.description).length).toBeGreaterThan(0);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(String(manifest.start_url).startsWith(String(manifest.scope))).toBe(true); // start_url in scope

  // Chromium wants a 192 and a 512 px icon; launchers that cut shapes want a maskable one.
  const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
  expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
    // …and the browser decodes it (a broken chunk or checksum would fail here).
    const decoded = await page.evaluate(async (src) => {
      const bitmap = await createImageBitmap(await (await fetch(src)).blob());
      return `${bitmap.width}x${bitmap.height}`;
    }, icon.src);
    expect(decoded).toBe(icon.sizes);
  }

  for (const selector of ['link[rel="icon"]', 'link[rel="apple-touch-icon"]']) {
    const src = await page.locator(selector).getAttribute('href');
    expect((await request.get(src ?? '')).status(), selector).toBe(200);
  }
});

test('Chromium finds no installability errors once the service worker runs', async ({ playwright, launchOptions, baseURL }) => {
  // Not the usual test context: those are incognito, and Chromium never installs from incognito.
  const profile = mkdtempSync(join(tmpdir(), 'lotdesk-e2e-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInControlled(page);
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the service worker registers at the root scope and controls the page', async ({ page, baseURL }) => {
  await signInControlled(page);
  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL, controller: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js`, controller: `${baseURL}/sw.js` });
});

test('the app opens offline: /home and /lotedit/{id} render the shell from the service worker', async ({ page, context }) => {
  await signInControlled(page);
  await context.setOffline(true);

  const home = await page.reload();
  expect(home?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('greeting')).toContainText('admin');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Lots \(\d+\)$/ })).toBeVisible();

  const lotEdit = await page.goto('/lotedit/999999'); // no such lot: other specs' lots may be on this device
  expect(lotEdit?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('greeting')).toContainText('Admin');
  // The lot was never fetched on this device: the screen says so instead of waiting for a server it cannot reach.
  await expect(page.getByText('Lot 999999 is not on this device yet. It loads when the connection is back.')).toBeVisible();
});

test('after a new build the update prompt appears; Later keeps the page, Reload switches to the new version', async ({ page }) => {
  await signInControlled(page);
  await page.reload(); // now the page itself was loaded through the worker, as on any later visit
  await expect(page.getByTestId('greeting')).toBeVisible();

  await withNewBuild(STATIC_DIR, async () => {
    await page.evaluate(checkForUpdate);
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('A new version is available');
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();

    // Later: the banner goes, the page stays; the waiting version is offered again on the next start.
    await markOldPage(page);
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);
    await expect(page.locator(OLD_PAGE)).toHaveCount(1);
    await page.reload();
    await expect(prompt).toContainText('A new version is available');

    await markOldPage(page);
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator(OLD_PAGE)).toHaveCount(0); // a new document: it reloaded
    await expect(page.getByTestId('greeting')).toBeVisible();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(workerState)).toEqual({ waiting: false, build: NEW_BUILD });
  });
});

test('Reload in one tab never reloads another: that tab keeps its page and offers the new version', async ({ page, context }) => {
  await signInControlled(page);
  const other = await context.newPage();
  await other.goto('/home');
  await expect(other.getByTestId('greeting')).toBeVisible();
  await untilServiceWorkerControls(other);

  await withNewBuild(STATIC_DIR, async () => {
    await page.evaluate(checkForUpdate);
    const otherPrompt = other.getByTestId('update-prompt');
    await expect(page.getByTestId('update-prompt')).toContainText('A new version is available');
    await expect(otherPrompt).toContainText('A new version is available');
    await markOldPage(other);
    await otherPrompt.getByRole('button', { name: 'Later' }).click();
    await expect(otherPrompt).toHaveCount(0);

    await markOldPage(page);
    await page.getByTestId('update-prompt').getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator(OLD_PAGE)).toHaveCount(0);
    await expect(page.getByTestId('greeting')).toBeVisible();
    expect(await page.evaluate(workerState)).toEqual({ waiting: false, build: NEW_BUILD });
    // The other tab now runs old code under the new worker: it asks again rather than reloading by itself.
    await expect(otherPrompt).toContainText('A new version is available');
    await expect(other.locator(OLD_PAGE)).toHaveCount(1);
  });
});

test('a quota error that reaches the page is shown to the user, never swallowed', async ({ page }) => {
  await signInHome(page);
  await page.evaluate(() => {
    void Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
  });
  await expect(page.getByTestId('storage-warning')).toContainText('Storage is full: a change could not be saved on this device');
});

test('signing in asks for persistent storage once, and a device near its quota shows the storage warning', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { e2eStorageCalls: calls });
    navigator.storage.persisted = async () => (calls.push('persisted'), false);
    navigator.storage.persist = async () => (calls.push('persist'), true);
    navigator.storage.estimate = async () => ({ usage: 950_000_000, quota: 1_000_000_000 });
  });
  const storageCalls = () => page.evaluate(() => (window as unknown as { e2eStorageCalls: string[] }).e2eStorageCalls);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await storageCalls()).toEqual([]); // not before sign-in: the data to keep is the user's work

  await signInHome(page);
  const warning = page.getByTestId('storage-warning');
  await expect(warning).toContainText('Storage is almost full: 95 % used (950 MB of 1.0 GB)');
  await expect.poll(storageCalls).toEqual(['persisted', 'persist']);

  await warning.getByRole('button', { name: 'Dismiss' }).click();
  await expect(warning).toHaveCount(0);
});
