// Camera scanning for real (issue 16): Chromium's fake camera plays a video this test makes of a UPC printed as an
// EAN-13 (as most product packaging reads), the app's own barcode reader (the WebAssembly file served by the app)
// reads it from the stream, and Lot edit adds the item as a hardware scanner's Enter would: 12 digits, the catalogue's.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { CameraMessages } from '../../src/protocol/messages';
import { createEntries, newEntry } from '../support/catalogue';
import { connectClient } from '../support/stomp-client';
import { barcodeVideo, fakeCameraArgs, withCheckDigit } from './support/fake-camera';
import { ADMIN, signInHome } from './support/login';
import { createLotWithBox, unique } from './support/lots';

test.describe.configure({ timeout: 90_000 });

const folder = mkdtempSync(join(tmpdir(), 'lotdesk-camera-'));
const upc = withCheckDigit(String(randomInt(10_000_000_000, 99_999_999_999)));
let browser: Browser;

test.beforeAll(async ({ baseURL }) => {
  const video = join(folder, 'ean13.y4m');
  await barcodeVideo(video, { bcid: 'ean13', text: `0${upc}` });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: fakeCameraArgs(video) });
  const client = await connectClient(`${(baseURL ?? '').replace('http', 'ws')}/ws`);
  try {
    await client.login(ADMIN.username, ADMIN.password);
    await createEntries(client, [newEntry({ upc, itemDescription: 'Camera kettle', retailPrice: 20 })]);
  } finally {
    await client.close();
  }
});

test.afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

test('reads a product barcode with the phone camera into the box, as its 12-digit UPC', async ({ baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, permissions: ['camera'] });
  try {
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (!/^(blob|data):/.test(request.url()) && !request.url().startsWith(baseURL ?? '')) elsewhere.push(request.url());
    });
    await signInHome(page);
    await createLotWithBox(page, `Camera lot ${unique()}`);

    await page.getByRole('button', { name: CameraMessages.open }).click();
    const scanner = page.getByRole('dialog', { name: CameraMessages.title });
    await expect(scanner.getByRole('status')).toHaveText(CameraMessages.read(upc), { timeout: 30_000 });
    await scanner.getByRole('button', { name: CameraMessages.close }).click();

    await expect(page.getByText('Camera kettle')).toBeVisible();
    await expect(page.getByText(upc, { exact: true })).toBeVisible();
    // The reader's WebAssembly came from the app itself: nothing was fetched from another host.
    expect(elsewhere).toEqual([]);
    // The camera is off once the scanner is closed (a phone's camera light must not stay on).
    expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
  } finally {
    await context.close();
  }
});
