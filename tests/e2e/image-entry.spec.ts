// Image entry (spec §2 Image entry, §3 columns upc and url, §4 one row at a time, §5) as staff use it: a .xlsx of
// upc and url rows, Save Images row by row with a result per row (an image saved with its thumbnail, an HTML page
// and a link-local address refused), Delete Images, a Cancel in the middle of a 10-row save that leaves the rest
// unsent for good, the rows waiting offline until the server is back, hostile sheets answered clearly, and the
// screen at 360, 768 and 1280 px. The images come from a tiny HTTP server of the test's own, the one origin the
// LotDesk server may fetch from (IMAGE_FETCH_TEST_ORIGIN).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { utils, write } from 'xlsx';
import { ImageEntryMessages } from '../../src/protocol/messages';
import { sentTo } from './support/frames';
import { signInHome } from './support/login';
import { keepScreenshot } from './support/screenshots';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { SIZES } from './support/sizes';

test.describe.configure({ timeout: 90_000 });

/** What the image host served, in order, and how many requests it held at once at most. */
const served: string[] = [];
let mostAtOnce = 0;
let images: Server;
let origin = '';
let server: ServerProcess;
let files: string;

/** Requests for /held/… wait here until the test lets them go: a row stays "on its way" for as long as a test needs. */
const held: Array<() => void> = [];
const releaseHeld = (): void => held.splice(0).forEach((answer) => answer());
/** How long a test waits to see that nothing more is sent (a negative check: nothing to wait for). */
const QUIET_MS = 2000;

async function startImageHost(): Promise<void> {
  const jpeg = await sharp({ create: { width: 240, height: 180, channels: 3, background: '#c0392b' } }).jpeg().toBuffer();
  let atOnce = 0;
  images = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    served.push(path);
    atOnce += 1;
    mostAtOnce = Math.max(mostAtOnce, atOnce);
    const answer = (): void => {
      atOnce -= 1;
      if (path.endsWith('.html')) response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Not an image</title><p>Hello</p>');
      else response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    };
    if (path.startsWith('/held/')) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(images.address() as AddressInfo).port}`;
}

test.beforeAll(async () => {
  await startImageHost();
  server = serverProcess(18420, { env: { IMAGE_FETCH_TEST_ORIGIN: origin } });
  files = mkdtempSync(join(tmpdir(), 'lotdesk-e2e-image-entry-'));
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
  await new Promise((resolve) => images.close(resolve));
  rmSync(files, { recursive: true, force: true });
});

const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** A real .xlsx of these rows under a header, as Excel writes it. */
function sheetFile(name: string, rows: ReadonlyArray<readonly string[]>, header: readonly string[] = ['UPC', 'URL']): string {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([[...header], ...rows.map((row) => [...row])]), 'Images');
  const path = join(files, name);
  writeFileSync(path, write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return path;
}

async function openImageEntry(page: Page): Promise<void> {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await page.goto(`${server.url}/imageentry`);
  await expect(page.getByRole('heading', { name: 'Image Entry' })).toBeVisible();
  await expect(page.getByTestId('status-badge')).not.toHaveText(/Offline/);
}

async function chooseSheet(page: Page, path: string): Promise<void> {
  await page.locator('input[type=file]').setInputFiles(path);
}

/** A row of the sheet's table on a desk or tablet, its card on a phone. */
const rowOf = (page: Page, upc: string): Locator =>
  page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: upc });

const resultOf = (page: Page, upc: string): Locator => rowOf(page, upc).getByTestId('image-entry-result');

/** The images of the UPC the device's replica holds (what the server's replies put there). */
async function replicaImages(page: Page, upc: string): Promise<number> {
  return page.evaluate(
    (owner) =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('lotdesk');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const all = opened.result.transaction('images').objectStore('images').getAll();
          all.onsuccess = () => resolve((all.result as Array<{ owner: string; removed?: number }>).filter((row) => row.owner === owner && row.removed !== 1).length);
          all.onerror = () => reject(all.error);
        };
      }),
    `upc:${upc}`,
  );
}

test('Save Images goes row by row: the JPEG is saved with its thumbnail, an HTML page and a link-local address are refused; Delete Images removes it', async ({ page }) => {
  await openImageEntry(page);
  const id = unique();
  const [jpegUpc, htmlUpc, metaUpc] = [`${id}A`, `${id}B`, `${id}C`];
  served.length = 0;
  mostAtOnce = 0;
  await chooseSheet(page, sheetFile(`three-${id}.xlsx`, [
    [jpegUpc, `http://${origin}/a.jpg`],
    [htmlUpc, `http://${origin}/page.html`],
    [metaUpc, 'http://169.254.169.254/x.jpg'],
  ]));
  await expect(page.getByText(`Read 3 rows from three-${id}.xlsx.`).first()).toBeVisible();
  await expect(rowOf(page, jpegUpc).getByTitle(`http://${origin}/a.jpg`)).toBeVisible();

  await page.getByRole('button', { name: 'Save Images' }).click();
  const progress = page.getByRole('dialog', { name: 'Saving images' });
  await expect(progress).toContainText('Saved 1 images; 2 were refused (see each row).');
  await progress.getByRole('button', { name: 'Close' }).click();
  await expect(progress).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Images' })).toBeFocused();

  await expect(resultOf(page, jpegUpc)).toHaveText('Uploaded image: a.jpg');
  await expect(resultOf(page, htmlUpc)).toContainText('not an image');
  await expect(resultOf(page, metaUpc)).toContainText('169.254.169.254 is not a public address');
  const thumbnail = rowOf(page, jpegUpc).getByRole('img', { name: `Image of ${jpegUpc}` });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width)).toBeLessThanOrEqual(100);
  // One at a time, in sheet order; the link-local address was never asked for.
  expect(served).toEqual(['/a.jpg', '/page.html']);
  expect(mostAtOnce).toBe(1);
  // The refusals are on their rows, not left behind in the outbox.
  await expect(page.getByTestId('status-badge')).not.toContainText(/failed|refused/i);
  expect(await replicaImages(page, jpegUpc)).toBe(1);

  await page.getByRole('button', { name: 'Delete Images' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Images' });
  await expect(confirm).toContainText('Delete every image of the 3 UPCs in this sheet?');
  await confirm.getByRole('button', { name: 'Delete Images' }).click();
  await expect(resultOf(page, jpegUpc)).toHaveText('Images deleted');
  await expect(thumbnail).toHaveCount(0);
  await expect.poll(() => replicaImages(page, jpegUpc)).toBe(0);
});

test('Save Images waits while its rows do: a double tap queues each row once, and offline the button stays disabled until they went (issue 31)', async ({ page }) => {
  const sent = sentTo(page, '/app/saveImageByUrl');
  await openImageEntry(page);
  const id = unique();
  await chooseSheet(page, sheetFile(`twice-${id}.xlsx`, [[`${id}1`, `http://${origin}/${id}-1.jpg`]]));
  await expect(rowOf(page, `${id}1`)).toBeVisible();
  await server.stop();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save Images' });
  await save.dblclick();
  await expect(resultOf(page, `${id}1`)).toHaveText('Waiting for the connection');
  await expect(save).toBeDisabled();
  await save.click({ force: true }); // a tap on it starts nothing
  await expect(page.getByText(ImageEntryMessages.runningNow)).toHaveCount(0);
  await server.start();
  const progress = page.getByRole('dialog', { name: 'Saving images' });
  await expect(progress).toContainText('Saved 1 images.', { timeout: 30_000 });
  await progress.getByRole('button', { name: 'Close' }).click();
  await expect(resultOf(page, `${id}1`)).toHaveText(`Uploaded image: ${id}-1.jpg`);
  await expect(save).toBeEnabled();
  expect(sent).toHaveLength(1);
  expect(served.filter((path) => path.includes(id))).toHaveLength(1);
});

test('Cancel during a 10-row save: the one on its way finishes, the rest are never sent (not even after a reload)', async ({ page }) => {
  await openImageEntry(page);
  const id = unique();
  const rows = Array.from({ length: 10 }, (_, index) => [`${id}${index}`, `http://${origin}/held/${id}-${index}.jpg`] as const);
  await chooseSheet(page, sheetFile(`ten-${id}.xlsx`, rows));
  await expect(rowOf(page, `${id}9`)).toBeVisible();
  const mine = (): string[] => served.filter((path) => path.includes(id));

  await page.getByRole('button', { name: 'Save Images' }).click();
  const progress = page.getByRole('dialog', { name: 'Saving images' });
  await expect(progress).toContainText(/Saving images: \d+ of 10/);
  await expect.poll(mine).toHaveLength(1);
  releaseHeld(); // the first is saved; the second goes and is held on its way
  await expect.poll(mine).toHaveLength(2);
  await progress.getByRole('button', { name: 'Cancel' }).click();
  releaseHeld(); // the one on its way finishes
  await expect(progress).toContainText(/Cancelled: \d+ images saved, \d+ not sent\./);
  const text = (await progress.textContent()) ?? '';
  const [, saved = '', notSent = ''] = /Cancelled: (\d+) images saved, (\d+) not sent\./.exec(text) ?? [];
  expect(Number(saved) + Number(notSent)).toBe(10);
  expect(Number(saved)).toBe(mine().length);
  await progress.getByRole('button', { name: 'Close' }).click();
  await expect(resultOf(page, `${id}9`)).toHaveText('Not sent');

  const sent = mine().length;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Image Entry' })).toBeVisible();
  await expect(page.getByTestId('status-badge')).not.toHaveText(/Offline/);
  await page.waitForTimeout(QUIET_MS);
  expect(mine()).toHaveLength(sent);
  for (const [upc] of rows.slice(sent)) expect(await replicaImages(page, upc)).toBe(0);
});

test('offline, Save Images waits on the device and rows say so; a Cancel drops them; saved again, they go once the server is back', async ({ page }) => {
  await openImageEntry(page);
  const id = unique();
  await chooseSheet(page, sheetFile(`offline-${id}.xlsx`, [[`${id}1`, `http://${origin}/${id}-1.jpg`], [`${id}2`, `http://${origin}/${id}-2.jpg`]]));
  await expect(rowOf(page, `${id}2`)).toBeVisible();
  await server.stop();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  // A Cancel offline drops what waits: nothing was sent, nothing is.
  await page.getByRole('button', { name: 'Save Images' }).click();
  await expect(resultOf(page, `${id}1`)).toHaveText('Waiting for the connection');
  const waiting = page.getByRole('status').filter({ hasText: '2 images wait for the connection' });
  await waiting.getByRole('button', { name: 'Cancel' }).click();
  const cancelled = page.getByRole('dialog', { name: 'Saving images' });
  await expect(cancelled).toContainText('Cancelled: 0 images saved, 2 not sent.');
  await cancelled.getByRole('button', { name: 'Close' }).click();
  await expect(resultOf(page, `${id}2`)).toHaveText('Not sent');
  // Saved again, they wait on the device until the server is back.
  await page.getByRole('button', { name: 'Save Images' }).click();
  await expect(resultOf(page, `${id}1`)).toHaveText('Waiting for the connection');
  await expect(waiting).toBeVisible();
  await server.start();
  const progress = page.getByRole('dialog', { name: 'Saving images' });
  await expect(progress).toContainText('Saved 2 images.', { timeout: 30_000 });
  await progress.getByRole('button', { name: 'Close' }).click();
  await expect(resultOf(page, `${id}2`)).toHaveText(`Uploaded image: ${id}-2.jpg`);
  expect(served.filter((path) => path.includes(id))).toEqual([`/${id}-1.jpg`, `/${id}-2.jpg`]);
});

test('a sheet without a url column, or a file that is no spreadsheet, is answered clearly and read as nothing', async ({ page }) => {
  await openImageEntry(page);
  await chooseSheet(page, sheetFile('no-url.xlsx', [['123', 'x']], ['UPC', 'Link']));
  await expect(page.getByText("no-url.xlsx: The file has no 'url' column: image entry needs upc and url.")).toBeVisible();
  const junk = join(files, 'junk.xlsx');
  writeFileSync(junk, Buffer.from('this is not a workbook at all, just words'));
  await chooseSheet(page, junk);
  await expect(page.getByText(/^junk\.xlsx: /)).toBeVisible();
  await expect(page.getByText('Choose a spreadsheet with upc and url columns')).toBeVisible();
});

async function atSize(browser: Browser, size: (typeof SIZES)[number]): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.hasTouch });
  return context.newPage();
}

for (const size of SIZES) {
  test(`at ${size.viewport.width}×${size.viewport.height}: nothing overflows and every action is reachable`, async ({ browser }, testInfo) => {
    const page = await atSize(browser, size);
    await openImageEntry(page);
    const id = unique();
    const long = `http://${origin}/${'folder/'.repeat(12)}${id}-a-very-long-file-name-for-a-product-photo.jpg`;
    await chooseSheet(page, sheetFile(`size-${id}.xlsx`, [[`${id}1`, long], [`${id}2`, `http://${origin}/${id}.jpg`]]));
    await expect(rowOf(page, `${id}1`)).toBeVisible();
    await expect(rowOf(page, `${id}1`).getByTitle(long)).toBeVisible();
    for (const name of ['Save Images', 'Delete Images']) {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(size.viewport.width);
    }
    await expect(page.getByText('Select Spreadsheet')).toBeVisible();
    await page.getByRole('button', { name: 'Save Images' }).click();
    const progress = page.getByRole('dialog', { name: 'Saving images' });
    await expect(progress).toContainText('Saved 2 images.');
    await keepScreenshot(page, testInfo, `image-entry-progress-${size.name}`, false);
    await progress.getByRole('button', { name: 'Close' }).click();
    await expect(rowOf(page, `${id}1`).getByRole('img', { name: `Image of ${id}1` })).toBeVisible();
    await keepScreenshot(page, testInfo, `image-entry-${size.name}`);
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(inner);
    // The confirmation opens and closes at this size too, focus back on its button.
    await page.getByRole('button', { name: 'Delete Images' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Images' });
    await expect(confirm).toContainText('2 UPCs');
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Delete Images' })).toBeFocused();
    await page.context().close();
  });
}
