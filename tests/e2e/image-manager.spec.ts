// The image manager (spec §2 Image manager, Lot edit, Data entry; §5, §8, §9; issue 14) at a phone's, a tablet's and
// a desk's size: upload two photos into a lot from Lot edit, see their thumbnails, open one full size, Delete one,
// Load Images (the catalogue images of the lot's UPC, uploaded first through Data entry's Images column), Remove
// Background; nothing overflows, and closing the manager gives the scanner's field its focus back. Then the issue's
// "Done when" on a tablet: with the server stopped two photos show at once from the device, and when it is back they
// upload once, with every variant. Load Images copies a catalogue picture and its "-no-bg" twin as one image (issue
// 31). And the route's messages for a bad lot id and a bad type.
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { LotImagesSchema } from '../../src/protocol/images';
import { ClientMessages } from '../../src/protocol/messages';
import { createEntries, newEntry } from '../support/catalogue';
import { okData, send } from '../support/lot-replies';
import { connectClient, type TestClient } from '../support/stomp-client';
import { signInHome } from './support/login';
import { keepScreenshot } from './support/screenshots';
import { createLotWithBox, scan, unique } from './support/lots';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { SIZES } from './support/sizes';
import { untilServiceWorkerControls } from './support/service-worker';

// Uploads, variants and a background removal at three sizes, and a server stopped and started: bounds, not speed.
test.describe.configure({ timeout: 150_000 });
let server: ServerProcess;

test.beforeAll(async () => {
  server = serverProcess(18400);
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

/** A product photo as staff take it: a coloured box on a plain light backdrop (what background removal is for). */
async function productPhoto(name: string, colour: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const item = await sharp({ create: { width: 220, height: 260, channels: 3, background: colour } }).png().toBuffer();
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f3f3f1' } })
    .composite([{ input: item, left: 210, top: 110 }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function adminClient(): Promise<TestClient> {
  const client = await connectClient(`${server.url.replace('http', 'ws')}/ws`);
  await client.login('admin', PROCESS_ADMIN_PASSWORD);
  return client;
}

/** A catalogue UPC, made by another client (Data entry's own flows are its spec's). */
async function catalogueUpc(): Promise<string> {
  const client = await adminClient();
  try {
    const [entry] = await createEntries(client, [newEntry({ retailPrice: 10, itemDescription: 'Kettle' })]);
    return entry?.upc ?? '';
  } finally {
    await client.close();
  }
}

const managerDialog = (page: Page, what: string): Locator => page.getByRole('dialog', { name: `Images of ${what}` });
const imageRows = (scope: Locator): Locator => scope.getByTestId('image-row');
const uploadRows = (scope: Locator): Locator => scope.getByTestId('upload-row');
const uploadInput = (scope: Locator): Locator => scope.locator('input[type=file][multiple]');

/** An action of the manager's bar: in the row from 640 px, under More actions on a phone. */
async function imageAction(page: Page, scope: Locator, name: string): Promise<void> {
  const button = scope.getByRole('button', { name, exact: true });
  if (await button.isVisible()) return button.click();
  await scope.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('dialog', { name: 'More actions' }).getByRole('button', { name, exact: true }).click();
}

/** The natural widths of the rows' thumbnails (0 while one has not loaded). */
const thumbnailWidths = (rows: Locator): Promise<number[]> =>
  rows.locator('button img').evaluateAll((images) => images.map((image) => (image instanceof HTMLImageElement && image.complete ? image.naturalWidth : 0)));

/** Every row's thumbnail has loaded as the server's thumbnail variant (at most 100 px). */
async function expectThumbnails(rows: Locator, count: number): Promise<void> {
  await expect(rows).toHaveCount(count, { timeout: 30_000 });
  await expect.poll(async () => (await thumbnailWidths(rows)).map((width) => width > 0 && width <= 100), { timeout: 20_000 }).toEqual(Array.from({ length: count }, () => true));
}

/** Nothing scrolls sideways: not the page, not the open dialog's layer. */
async function expectNoOverflow(page: Page, dialog: Locator): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await dialog.evaluate((element) => (element.parentElement === null ? 0 : element.parentElement.scrollWidth - element.parentElement.clientWidth))).toBeLessThanOrEqual(0);
  const width = page.viewportSize()?.width ?? 0;
  for (const button of await dialog.getByRole('button').filter({ visible: true }).all()) {
    const box = await button.boundingBox();
    expect(box === null || box.x + box.width <= width + 0.5, `${await button.innerText()} fits`).toBe(true);
  }
}

/**
 * Data entry's Images column: one image for the catalogue UPC, through the UPC image manager; with `withoutBackground`
 * its background is removed there too, which stores its "-no-bg" twin beside it.
 */
async function uploadUpcImage(page: Page, upc: string, withoutBackground = false): Promise<void> {
  await page.goto(`${server.url}/dataentry`);
  await page.getByRole('combobox', { name: 'UPC' }).fill(upc);
  await page.getByRole('combobox', { name: 'UPC' }).press('Enter');
  await page.getByRole('button', { name: `Images of ${upc}` }).click();
  const dialog = managerDialog(page, upc);
  await uploadInput(dialog).setInputFiles([await productPhoto(`catalogue-${upc}.jpg`, '#2a5fb0')]);
  await expectThumbnails(imageRows(dialog), 1);
  if (withoutBackground) {
    await dialog.getByRole('checkbox', { name: `Select catalogue-${upc}.jpg` }).check();
    await imageAction(page, dialog, 'Remove Background(s)');
    await expect(imageRows(dialog).filter({ hasText: `catalogue-${upc}-no-bg.png` })).toHaveCount(1, { timeout: 30_000 });
    await expectThumbnails(imageRows(dialog), 2);
  }
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('Lot edit → Images: upload two, preview, Delete one, Load Images, Remove Background; focus back on the UPC field', async ({ page }, testInfo) => {
      const upc = await catalogueUpc();
      await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
      await uploadUpcImage(page, upc);

      await page.goto(`${server.url}/home`);
      const lotNumber = await createLotWithBox(page, `Images ${unique()}`);
      await scan(page, upc);
      await expect(page.getByRole('button', { name: new RegExp(`^Edit Qnty of ${upc}:`) })).toHaveText('1.00');

      await page.getByRole('button', { name: 'Images', exact: true }).click();
      const dialog = managerDialog(page, lotNumber);
      await expect(dialog).toBeVisible();
      // The camera on a touch screen only.
      await expect(dialog.locator('input[type=file][capture=environment]')).toHaveCount(size.hasTouch ? 1 : 0);
      if (size.hasTouch) await expect(dialog.getByText('Take photo', { exact: true })).toBeVisible();
      await uploadInput(dialog).setInputFiles([await productPhoto('red.jpg', '#b0282f'), await productPhoto('green.jpg', '#3c783c')]);
      const rows = imageRows(dialog);
      await expectThumbnails(rows, 2);
      await expect(uploadRows(dialog)).toHaveCount(0);
      for (const link of await dialog.getByRole('link', { name: /^Open .* in a new tab$/ }).all()) {
        await expect(link).toHaveAttribute('href', /^\/images\/.+\?v=\d+$/);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener');
      }
      await expectNoOverflow(page, dialog);

      // The full-size modal: titled with the file's name, Close, and focus back on the thumbnail.
      const thumbnail = dialog.getByRole('button', { name: 'Show red.jpg full size' });
      if (!size.hasTouch) {
        await thumbnail.hover();
        const preview = page.getByTestId('hover-preview');
        await expect(preview).toBeVisible();
        expect(Math.round((await preview.boundingBox())?.width ?? 0)).toBe(400);
        await page.mouse.move(0, 0);
        await expect(preview).toHaveCount(0);
      }
      await thumbnail.click();
      const full = page.getByRole('dialog', { name: 'red.jpg' });
      await expect.poll(() => full.locator('img').evaluate((image) => (image instanceof HTMLImageElement ? image.naturalWidth : 0))).toBe(640);
      await full.getByRole('button', { name: 'Close' }).click();
      await expect(full).toHaveCount(0);
      await expect(thumbnail).toBeFocused();

      // Delete one (after the confirmation): gone.
      await imageAction(page, dialog, 'Delete Image(s)');
      await expect(page.getByText(ClientMessages.noImagesSelected).first()).toBeVisible();
      await dialog.getByRole('checkbox', { name: 'Select green.jpg' }).check();
      await imageAction(page, dialog, 'Delete Image(s)');
      const confirm = page.getByRole('dialog', { name: 'Delete Image(s)' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(rows).toHaveCount(1);
      await expect(dialog).not.toContainText('green.jpg');

      // Load Images: the catalogue's image of the lot's UPC joins the lot.
      await imageAction(page, dialog, 'Load Images');
      await expect(rows.filter({ hasText: `catalogue-${upc}.jpg` })).toHaveCount(1, { timeout: 20_000 });
      await expectThumbnails(rows, 2);

      // Remove Background: a new PNG row.
      await dialog.getByRole('checkbox', { name: 'Select red.jpg' }).check();
      await imageAction(page, dialog, 'Remove Background(s)');
      await expect(rows.filter({ hasText: 'red-no-bg.png' })).toHaveCount(1, { timeout: 30_000 });
      await expectThumbnails(rows, 3);
      await expectNoOverflow(page, dialog);
      await keepScreenshot(page, testInfo, `image manager ${size.name}`, false);

      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: 'UPC', exact: true })).toBeFocused();
    });
  });
}

test.describe('Load Images on a tablet', () => {
  test.use({ viewport: SIZES[1].viewport, hasTouch: true });

  test('a catalogue picture and its "-no-bg" twin join the lot as ONE image, the one without its background (issue 31)', async ({ page }) => {
    const upc = await catalogueUpc();
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await uploadUpcImage(page, upc, true);

    await page.goto(`${server.url}/home`);
    const lotNumber = await createLotWithBox(page, `Twins ${unique()}`);
    await scan(page, upc);
    await expect(page.getByRole('button', { name: new RegExp(`^Edit Qnty of ${upc}:`) })).toHaveText('1.00');
    await page.getByRole('button', { name: 'Images', exact: true }).click();
    const dialog = managerDialog(page, lotNumber);
    await expect(dialog.getByText('No images yet.')).toBeVisible();
    await imageAction(page, dialog, 'Load Images');
    // Both rows would come in the one reply: one row, and it is the twin.
    await expect(imageRows(dialog).filter({ hasText: `catalogue-${upc}-no-bg.png` })).toHaveCount(1, { timeout: 20_000 });
    await expectThumbnails(imageRows(dialog), 1);
    await expect(dialog).not.toContainText(`catalogue-${upc}.jpg`);
  });
});

test.describe('offline on a tablet', () => {
  // The app comes from its service worker while the server is away.
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, serviceWorkers: 'allow' });

  test('two photos taken with the server stopped show at once, then upload once with every variant', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const lotNumber = await createLotWithBox(page, `Offline photos ${unique()}`);
    const lotId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.getByRole('button', { name: 'Images', exact: true }).click();
    const dialog = managerDialog(page, lotNumber);
    await expect(dialog.getByText('No images yet.')).toBeVisible();
    await untilServiceWorkerControls(page);

    await server.stop();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await uploadInput(dialog).setInputFiles([await productPhoto('shelf-1.jpg', '#b0282f'), await productPhoto('shelf-2.jpg', '#c8a02a')]);
    const waiting = uploadRows(dialog);
    await expect(waiting).toHaveCount(2);
    await expect(waiting.getByTestId('upload-state')).toHaveText(['Waiting to upload', 'Waiting to upload']);
    // From the device: the photos themselves (640 px), shown through object URLs.
    await expect.poll(() => thumbnailWidths(waiting)).toEqual([640, 640]);
    expect(await waiting.locator('button img').evaluateAll((images) => images.map((image) => image.getAttribute('src')?.startsWith('blob:')))).toEqual([true, true]);

    await server.start();
    const rows = imageRows(dialog);
    await expectThumbnails(rows, 2);
    await expect(waiting).toHaveCount(0);
    expect(await rows.locator('button img').evaluateAll((images) => images.map((image) => new URL(image.getAttribute('src') ?? '', location.href).pathname.startsWith('/images/')))).toEqual([true, true]);

    // On the server, exactly two, and every variant answers.
    const client = await adminClient();
    try {
      const { images } = LotImagesSchema.parse(okData(await send(client, 'getImagesForLotById', lotId)));
      expect(images.map(({ fileName }) => fileName).sort()).toEqual(['shelf-1.jpg', 'shelf-2.jpg']);
      for (const image of images) {
        for (const path of [image.thumbnail, image.smallImage, image.medium, image.large, image.full]) {
          expect(path).not.toBeNull();
          expect((await fetch(`${server.url}${path ?? ''}`)).status).toBe(200);
        }
      }
    } finally {
      await client.close();
    }
    await page.reload();
    await page.getByRole('button', { name: 'Images', exact: true }).click();
    await expectThumbnails(imageRows(managerDialog(page, lotNumber)), 2);
  });
});

test.describe('the /imagemanager route', () => {
  test('a box id that is not a number and a type other than box or upc show the spec\'s messages', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await page.goto(`${server.url}/imagemanager/abc?type=box`);
    await expect(page.getByText(ClientMessages.invalidLotId('abc'))).toBeVisible();
    await page.goto(`${server.url}/imagemanager/12?type=pdf`);
    await expect(page.getByText(ClientMessages.invalidImageType('pdf'))).toBeVisible();
  });

  test('a UPC\'s manager on its own page: an upload shows its thumbnail; a file the server refuses says why, with Retry and Discard', async ({ page }) => {
    const upc = await catalogueUpc();
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await page.goto(`${server.url}/imagemanager/${upc}?type=upc`);
    await expect(page.getByRole('heading', { name: `Images of ${upc}` })).toBeVisible();
    const main = page.locator('main');
    await uploadInput(main).setInputFiles([await productPhoto('route.jpg', '#3c783c')]);
    await expectThumbnails(imageRows(main), 1);

    await uploadInput(main).setInputFiles([{ name: 'broken.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a jpeg at all') }]);
    await expect(page.getByText(ClientMessages.sendFileFailed('broken.jpg')).first()).toBeVisible({ timeout: 20_000 });
    const refused = uploadRows(main);
    await expect(refused.getByTestId('upload-state')).toHaveText(/^Not sent: .+/);
    await expect(refused.getByRole('button', { name: 'Retry' })).toBeVisible();
    await refused.getByRole('button', { name: 'Discard' }).click();
    await expect(refused).toHaveCount(0);
    await expect(imageRows(main)).toHaveCount(1);
  });
});
