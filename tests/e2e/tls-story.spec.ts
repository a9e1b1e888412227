// Issue 30's "Done when", as a tablet on the shop's Wi-Fi: a Chromium that has only been through /setup (its CA
// trusted the way the page says: installed into the browser's NSS database) opens https://lotdesk.test, installs the
// app, goes offline, counts three lots by camera and by typing, comes back, and every count is on the server once.
// The same tablet before it trusts the CA is refused with a certificate error, so the trust is what the test shows.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import type { Lot } from '../../src/protocol/lots';
import { CameraMessages, SetupMessages } from '../../src/protocol/messages';
import { okData, send } from '../support/lot-replies';
import { connectClient, type TestClient } from '../support/stomp-client';
import { barcodeVideo, fakeCameraArgs } from './support/fake-camera';
import { historyOnServer } from '../support/inventory';
import { createCountEvent, typeAndEnter, untilCountSent } from './support/inventory';
import { navigateTo, signInHome } from './support/login';
import { unique } from './support/lots';
import { e2ePort, PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { untilServiceWorkerControls } from './support/service-worker';

test.describe.configure({ timeout: 240_000 });
// The service worker is part of the story (the app installed, opening offline): allowed, as on a device.
test.use({ serviceWorkers: 'allow' });

const HTTPS_PORT = e2ePort(18691);
const SETUP = `http://lotdesk.test:${e2ePort(18690)}/setup`;
const APP = `https://lotdesk.test:${HTTPS_PORT}`;
const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true } as const;
/** What the test's network is: the name the tablet uses resolves to the server, on loopback (the only network here). */
const RESOLVE_TO_SERVER = '--host-resolver-rules=MAP lotdesk.test 127.0.0.1';

const folder = mkdtempSync(join(tmpdir(), 'lotdesk-tls-story-'));
const run = unique();
let server: ServerProcess;
const lots: Lot[] = [];

async function admin(): Promise<TestClient> {
  const client = await connectClient(`${server.url.replace('http', 'ws')}/ws`);
  await client.login('admin', PROCESS_ADMIN_PASSWORD);
  return client;
}

/** Debian's Chromium with its own HOME: its NSS database (~/.pki/nssdb) is the tablet's certificate store. */
const tablet = (home: string, args: readonly string[]): Promise<Browser> =>
  chromium.launch({ executablePath: '/usr/bin/chromium', args: [...args, RESOLVE_TO_SERVER], env: { ...process.env, HOME: home } });

test.beforeAll(async () => {
  server = serverProcess(18690, { env: { TLS_NAMES: 'lotdesk.test', HTTPS_PORT: String(HTTPS_PORT) } });
  await server.start();
  const client = await admin();
  try {
    for (const title of [`Tablet A ${run}`, `Tablet B ${run}`, `Tablet C ${run}`]) {
      const lot = okData(await send(client, 'createManifest', title)) as Lot;
      lots.push(okData(await send(client, 'updateLotLocation', { id: lot.id, loc_zone: 4, loc_aisle: 1, loc_column: 1, loc_row: 1, loc_box: 1 })) as Lot);
    }
  } finally {
    await client.close();
  }
});

test.afterAll(async () => {
  await server?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

/** Steps 1–2 of /setup on a tablet that trusts nothing yet: the certificate downloaded, its fingerprint compared. */
async function downloadCertificate(page: Page): Promise<string> {
  await page.goto(SETUP);
  await expect(page.getByRole('heading', { name: SetupMessages.heading })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: SetupMessages.download }).click()]);
  const file = join(folder, 'LotDesk-CA.crt');
  await download.saveAs(file);
  const fingerprint = new X509Certificate(readFileSync(file)).fingerprint256;
  await expect(page.getByText(fingerprint)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: SetupMessages.notTrusted })).toBeVisible();
  return file;
}

/** "Install a certificate → CA certificate", on Linux: the file into the browser's NSS database, trusted for websites. */
function trustCertificate(home: string, file: string): void {
  const database = `sql:${join(home, '.pki', 'nssdb')}`;
  mkdirSync(join(home, '.pki', 'nssdb'), { recursive: true });
  execFileSync('certutil', ['-N', '-d', database, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', database, '-n', 'LotDesk', '-t', 'C,,', '-i', file]);
}

async function countByTyping(page: Page, lotNumber: string): Promise<void> {
  await typeAndEnter(page, lotNumber);
  await expect(page.getByTestId('last-scan')).toContainText(`Lot ${lotNumber} counted.`);
}

test('a tablet set up by /setup alone uses LotDesk over HTTPS, offline included, and every count arrives once', async () => {
  const [a, b, c] = lots;
  if (a === undefined || b === undefined || c === undefined) throw new Error('three lots');
  const home = join(folder, 'home');
  mkdirSync(home);

  // Before: the tablet is refused the app with a certificate error, the bookmarked http address included.
  const untrusting = await tablet(home, fakeCameraArgs(join(folder, 'none.y4m')).filter((arg) => !arg.includes('fake')));
  let certificate: string;
  try {
    const context = await untrusting.newContext({ ...TABLET, acceptDownloads: true });
    for (const address of [APP, SETUP.replace('/setup', '/lots')]) {
      const refused = await context.newPage(); // a page per refusal: each ends on the browser's own error page
      await expect(refused.goto(address)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
      await refused.close();
    }
    certificate = await downloadCertificate(await context.newPage());
  } finally {
    await untrusting.close();
  }
  trustCertificate(home, certificate);

  const video = join(folder, 'lot-label.y4m');
  await barcodeVideo(video, { bcid: 'code128', text: a.lotNumber, frames: 40 });
  // A profile of its own, as a device has (Chromium installs no app from an incognito context).
  const context = await chromium.launchPersistentContext(join(folder, 'profile'), {
    executablePath: '/usr/bin/chromium',
    args: [...fakeCameraArgs(video), RESOLVE_TO_SERVER],
    env: { ...process.env, HOME: home },
    ...TABLET,
    permissions: ['camera'],
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());

    // /setup's check now finds the trust, and its Open button leads to the app over HTTPS.
    await page.goto(SETUP);
    await expect(page.getByRole('status').filter({ hasText: SetupMessages.trusted })).toBeVisible();
    await page.getByRole('link', { name: SetupMessages.open }).first().click();
    await expect(page).toHaveURL(new RegExp(`^${APP}/`));
    await signInHome(page, APP, PROCESS_ADMIN_PASSWORD);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await untilServiceWorkerControls(page);
    // Installable: Chromium finds nothing missing (a manifest, its icons, a service worker over a secure origin).
    const cdp = await context.newCDPSession(page);
    expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
    // Installed as the browser's own Install app does it, and opened as an app: a window of its own on the app.
    const { appId } = await cdp.send('Page.getAppId');
    expect(appId).toBe(`${APP}/`);
    await cdp.send('PWA.install', { manifestId: `${APP}/` });
    const opened = context.waitForEvent('page');
    await cdp.send('PWA.launch', { manifestId: `${APP}/` });
    const app = await opened;
    await expect(app).toHaveURL(new RegExp(`^${APP}/`));
    await app.close();

    await navigateTo(page, 'Inventory');
    const eventId = await createCountEvent(page, `Tablet count ${run}`);

    await server.stop(); // the Wi-Fi is gone: the app keeps working from the device
    await page.reload(); // and opens again with nothing to load it from but the service worker
    await page.getByRole('combobox', { name: 'Inventory event' }).selectOption({ label: `Tablet count ${run} (#${eventId})` });
    await expect(page.getByTestId('event-id')).toHaveText(eventId);

    await page.getByRole('button', { name: CameraMessages.open }).click();
    const scanner = page.getByRole('dialog', { name: CameraMessages.title });
    await expect(scanner.getByRole('status')).toHaveText(CameraMessages.read(a.lotNumber), { timeout: 30_000 });
    await scanner.getByRole('button', { name: CameraMessages.close }).click();
    await expect(page.getByTestId('last-scan')).toContainText(`Lot ${a.lotNumber} counted.`);
    await countByTyping(page, b.lotNumber);
    await countByTyping(page, c.lotNumber);

    await server.start();
    await untilCountSent(page);
  } finally {
    await context.close();
  }

  const client = await admin();
  try {
    const history = await historyOnServer(client, `Tablet count ${run}`);
    expect(history.map((entry) => entry.lotNumber).sort()).toEqual([a.lotNumber, b.lotNumber, c.lotNumber].sort());
  } finally {
    await client.close();
  }
});
