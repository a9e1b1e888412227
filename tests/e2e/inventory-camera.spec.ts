// Issue 16's "Done when" on a phone with the server out of reach: two locations counted, the first by the camera (a
// location label's QR, then a lot label's Code 128, read from Chromium's fake camera playing a video the test draws),
// the second by a hardware scanner (typing + Enter: a location label, then a lot); expected vs found; Apply count; and
// once the server is back every record is on it once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import type { Lot } from '../../src/protocol/lots';
import { CameraMessages } from '../../src/protocol/messages';
import { okData, send } from '../support/lot-replies';
import { connectClient, type TestClient } from '../support/stomp-client';
import { barcodeVideo, fakeCameraArgs } from './support/fake-camera';
import { historyOnServer } from '../support/inventory';
import { createCountEvent, typeAndEnter, untilCountSent } from './support/inventory';
import { navigateTo, signInHome } from './support/login';
import { lotRow, unique } from './support/lots';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';

test.describe.configure({ timeout: 150_000 });
// The service worker is what this file tests (or what serves the app offline here): allowed, as on a device.
test.use({ serviceWorkers: 'allow' });
const folder = mkdtempSync(join(tmpdir(), 'lotdesk-count-camera-'));
const run = unique();
let server: ServerProcess;
let browser: Browser;
const lots: Lot[] = [];

async function admin(): Promise<TestClient> {
  const client = await connectClient(`${server.url.replace('http', 'ws')}/ws`);
  await client.login('admin', PROCESS_ADMIN_PASSWORD);
  return client;
}

test.beforeAll(async () => {
  server = serverProcess(18660);
  await server.start();
  const client = await admin();
  try {
    // A is stored nowhere yet (0-0-0-0-0) and will be found at 2-1-1-1-1; B and C are stored at 3-1-1-1-1.
    for (const [title, zone] of [[`Camera A ${run}`, 0], [`Camera B ${run}`, 3], [`Camera C ${run}`, 3]] as const) {
      const lot = okData(await send(client, 'createManifest', title)) as Lot;
      const at = zone === 0 ? { loc_zone: 0, loc_aisle: 0, loc_column: 0, loc_row: 0, loc_box: 0 } : { loc_zone: zone, loc_aisle: 1, loc_column: 1, loc_row: 1, loc_box: 1 };
      lots.push(okData(await send(client, 'updateLotLocation', { id: lot.id, ...at })) as Lot);
    }
  } finally {
    await client.close();
  }
  const video = join(folder, 'labels.y4m');
  await barcodeVideo(video, { bcid: 'qrcode', text: '2-1-1-1-1', frames: 15 }, { bcid: 'code128', text: lots[0]?.lotNumber ?? '', frames: 40 });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: fakeCameraArgs(video) });
});

test.afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

const location = (page: Page) => page.getByRole('group', { name: /^Location/ });

test('counts two locations on a phone with the server down, by camera and by a hardware scanner, and every record arrives once', async () => {
  const [a, b, c] = lots;
  if (a === undefined || b === undefined || c === undefined) throw new Error('three lots');
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, permissions: ['camera'] });
  try {
    const page = await context.newPage();
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await expect(lotRow(page, b.titleListing)).toBeVisible(); // the device holds the lots
    await navigateTo(page, 'Inventory');
    await createCountEvent(page, `Camera count ${run}`);

    await server.stop(); // the warehouse floor: no server from here on
    const last = page.getByTestId('last-scan');

    // Location 1 by camera: the location label's QR moves the count there, then the lot label is read.
    await page.getByRole('button', { name: CameraMessages.open }).click();
    const scanner = page.getByRole('dialog', { name: CameraMessages.title });
    await expect(scanner.getByRole('status')).toHaveText(CameraMessages.read(a.lotNumber), { timeout: 30_000 });
    await scanner.getByRole('button', { name: CameraMessages.close }).click();
    await expect(location(page).getByLabel('Zone')).toHaveValue('2');
    await expect(last).toContainText(`Lot ${a.lotNumber} counted.`);
    await expect(page.getByTestId('count-strays')).toHaveText(a.lotNumber);
    await page.getByRole('button', { name: 'Apply count' }).click();
    await expect(page.getByTestId('count-strays')).toHaveText('');

    // Location 2 by a hardware scanner: its label, then a lot; the other lot stored there is missing.
    await typeAndEnter(page, '3-1-1-1-1');
    await expect(location(page).getByLabel('Zone')).toHaveValue('3');
    await typeAndEnter(page, b.lotNumber);
    await expect(last).toContainText(`Lot ${b.lotNumber} counted.`);
    await expect(page.getByTestId('count-found')).toHaveText(b.lotNumber);
    await expect(page.getByTestId('count-missing')).toHaveText(c.lotNumber);

    await server.start();
    await untilCountSent(page);
  } finally {
    await context.close();
  }

  const client = await admin();
  try {
    const history = await historyOnServer(client, `Camera count ${run}`);
    expect(history.map((entry) => [entry.lotNumber, entry.locZone])).toEqual([[a.lotNumber, 2], [b.lotNumber, 3]]);
    expect(((await client.request('getLotById', a.id, 'lotById')) as Lot).loc_zone).toBe(2);
  } finally {
    await client.close();
  }
});
