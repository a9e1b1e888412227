// Issue 13: a lot created with the server stopped can be opened and filled at once (DESIGN §1, §4). On a tablet
// with a barcode scanner: Create Lot, Edit, Add Box, scan a catalogue UPC twice and one the catalogue lacks, weigh
// the box, rename the lot; when the server is back the lot gets its number, the page follows it to its real id without losing the
// half-typed scan, and the box and items are on the server once (asked by a second client). A reload shows it all.
import { expect, test, type Page } from '@playwright/test';
import type { Box, BoxItemsReply } from '../../src/protocol/entities';
import type { Lot } from '../../src/protocol/lots';
import { CATALOGUE_CACHE_MAX } from '../../src/protocol/catalogue';
import { ClientMessages, ServerMessages } from '../../src/protocol/messages';
import { addBox as addBoxOnServer, scan as scanOnServer } from '../support/boxes';
import { createEntries, newEntry, newUpc } from '../support/catalogue';
import { okData } from '../support/lot-replies';
import { connectClient, type TestClient } from '../support/stomp-client';
import { navigateTo, signInHome } from './support/login';
import { createLotWithBox, lotRow, scan, submitCreateLot, unique } from './support/lots';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { untilServiceWorkerControls } from './support/service-worker';
import { SIZES } from './support/sizes';
import { createLot as createLotOnServer } from '../support/staff';

// A server started twice and a dozen steps: a bound against hanging, not a speed test.
test.describe.configure({ timeout: 120_000 });
// The service worker is what this file tests (or what serves the app offline here): allowed, as on a device.
test.use({ serviceWorkers: 'allow' });
let server: ServerProcess;

test.beforeEach(async () => {
  server = serverProcess(18240);
  await server.start();
});

test.afterEach(async () => {
  await server.dispose();
});

/** A second client of the server, signed in as the admin (the tablet's user). */
async function otherClient(): Promise<TestClient> {
  const client = await connectClient(`${server.url.replace('http', 'ws')}/ws`);
  await client.login('admin', PROCESS_ADMIN_PASSWORD);
  return client;
}

const qnty = (page: Page, upc: string) => page.getByRole('button', { name: new RegExp(`^Edit Qnty of ${upc}:`) });

test('a lot made offline opens, takes a box and scans, and arrives once, in order, when the server is back', async ({ page }) => {
  const title = `Offline pallet ${unique()}`;
  const unknown = newUpc();
  const catalogue = await otherClient();
  const [known] = await createEntries(catalogue, [newEntry({ retailPrice: 12, itemDescription: 'Kettle' })]);
  await catalogue.close();
  const knownUpc = known?.upc ?? '';

  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await untilServiceWorkerControls(page); // or the Lot edit screen's code could not load with the server down
  await server.stop();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  await submitCreateLot(page, title);
  await expect(lotRow(page, title)).toContainText('Pending');
  await lotRow(page, title).getByRole('link', { name: 'Edit new lot' }).click();
  await expect(page).toHaveURL(/\/lotedit\/-\d+$/);
  await expect(page.getByRole('heading', { name: 'New lot' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();

  await page.getByRole('button', { name: 'Add Box' }).click();
  const addBox = page.getByRole('dialog', { name: 'Add Box' });
  await addBox.getByLabel('Box label').fill('A1');
  await addBox.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('tab', { name: 'box A1(pending)', selected: true })).toBeVisible();
  for (const upc of [knownUpc, unknown, knownUpc]) await scan(page, upc);
  await expect(qnty(page, knownUpc)).toHaveText('2.00');
  await expect(qnty(page, unknown)).toHaveText('1.00');

  await page.getByRole('button', { name: 'Update Weight/Dims' }).click();
  const dims = page.getByRole('dialog', { name: 'Update Box Weight and Dimensions' });
  for (const [label, value] of [['Height (inches)', '2'], ['Width (inches)', '3'], ['Length (inches)', '4'], ['Lbs', '5'], ['Ozs', '6']] as const) {
    await dims.getByLabel(label).fill(value);
  }
  await dims.getByRole('button', { name: 'Submit form' }).click();
  await expect(page.getByText('2x3x4 in')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Title' }).click();
  const rename = page.getByRole('dialog', { name: 'Edit Title' });
  await rename.getByLabel('Title').fill(`${title}, sorted`);
  await rename.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText(`${title}, sorted`)).toBeVisible();
  await expect(page.getByText('7 waiting')).toBeVisible(); // the lot, the box, three scans, its weight, the title

  // A cell edited but not yet sent with Update Items, and a scan half typed, when the connection returns: the screen
  // follows the lot to its real id and keeps both.
  await page.getByRole('button', { name: `Edit List Price of ${knownUpc}:` }).click();
  await page.getByRole('textbox', { name: `List Price of ${knownUpc}` }).fill('9');
  await page.getByRole('textbox', { name: `List Price of ${knownUpc}` }).press('Enter');
  const listPrice = page.getByRole('button', { name: `Edit List Price of ${knownUpc}: 9.00 (changed)` });
  await expect(listPrice).toBeVisible();
  const field = page.getByRole('textbox', { name: 'UPC', exact: true });
  await field.focus();
  await expect(field).toBeFocused();
  await field.pressSequentially('0123', { delay: 0 });
  await server.start();
  await expect(page).toHaveURL(/\/lotedit\/\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /^LOT-/ })).toBeVisible();
  await expect(page.getByText(/^\d+ waiting$|^Sending \d+…$/)).toBeHidden({ timeout: 30_000 });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('0123');
  await field.fill('');
  await expect(listPrice).toBeVisible();
  await page.getByRole('button', { name: 'Update Items' }).click();
  await expect(page.getByText('Updated items: 1')).toBeVisible();

  await expect(page.getByRole('tab', { name: 'box A1', exact: true, selected: true })).toBeVisible();
  await expect(qnty(page, knownUpc)).toHaveText('2.00');
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items).not.toContainText('Pending');
  await expect(items).toContainText(`Failed: ${ServerMessages.upcNotFound(unknown)}`); // the server's to refuse

  // On the server, asked by another client: the lot once, its one box, the known UPC counted twice.
  const lotId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const lotNumber = (await page.getByRole('heading', { name: /^LOT-/ }).innerText()).trim();
  const client = await otherClient();
  try {
    const lot = (await client.request('getLotById', lotId, 'lotById')) as Lot;
    expect(lot).toMatchObject({ id: lotId, lotNumber, titleListing: `${title}, sorted`, numberOfUnits: 2 });
    const boxes = (await client.request('getBoxesByLotId', lotId, 'boxesByLotId')) as Box[];
    expect(boxes.map(({ label, manualManiestId, h, w, l, lbs, ozs }) => [label, manualManiestId, h, w, l, lbs, ozs])).toEqual([['A1', lotId, 2, 3, 4, 5, 6]]);
    const reply = okData(await client.request('getItemsByBoxId', boxes[0]?.id, 'incomingMessages')) as BoxItemsReply;
    expect(reply.items.map((item) => [item.upc, item.quantity, item.listingPrice])).toEqual([[knownUpc, 2, 9]]);
  } finally {
    await client.close();
  }

  await page.reload();
  await expect(page.getByRole('heading', { name: lotNumber })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'box A1', exact: true, selected: true })).toBeVisible();
  await expect(qnty(page, knownUpc)).toHaveText('2.00');
  await page.goto(`${server.url}/home`);
  await expect(lotRow(page, `${title}, sorted`)).toHaveCount(1);
  await expect(lotRow(page, `${title}, sorted`)).toContainText(lotNumber);
});

// Issue 31, item details offline: the device keeps the catalogue entries of the boxes it has seen used (and the most
// used), so a scan with the Wi-Fi gone shows the item's description, MSRP and vendor at once; a UPC it does not hold
// says it will be checked, fails once online with the server's words, and stays visible with Retry and Discard after a
// reload.
for (const size of SIZES.filter((each) => each.hasTouch)) {
  test(`on a ${size.name}, an offline scan shows what the device knows of the UPC, and one it does not know is marked, then failed`, async ({ page, context }) => {
    await page.setViewportSize(size.viewport);
    const catalogue = await otherClient();
    const [kettle] = await createEntries(catalogue, [newEntry({ retailPrice: 12, itemDescription: 'Kettle', vendorName: 'Acme' })]);
    const earlier = await createLotOnServer(catalogue, `Earlier pallet ${unique()}`);
    const earlierBox = await addBoxOnServer(catalogue, earlier);
    await scanOnServer(catalogue, earlierBox, kettle?.upc ?? '');
    await catalogue.close();
    const kettleUpc = kettle?.upc ?? '';
    const unknown = newUpc();

    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await navigateTo(page, 'Data Entry');
    await expect(page.getByTestId('catalogue-on-device')).toHaveText(ClientMessages.catalogueOnDevice(1, CATALOGUE_CACHE_MAX, 8));
    await navigateTo(page, 'Lots');
    await createLotWithBox(page, `Scanned offline ${unique()}`);
    await context.setOffline(true);
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();

    await scan(page, kettleUpc);
    await expect(page.getByRole('button', { name: `Edit Desc of ${kettleUpc}: Kettle` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit Vendor of ${kettleUpc}: Acme` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit Msrp of ${kettleUpc}: 12.00` })).toBeVisible();
    await scan(page, unknown);
    const unknownRow = page.getByRole('row', { name: new RegExp(unknown) }).or(page.getByRole('listitem', { name: unknown }));
    await expect(unknownRow).toContainText(ClientMessages.upcNotOnDevice);

    await context.setOffline(false);
    await expect(unknownRow).toContainText(`Failed: ${ServerMessages.upcNotFound(unknown)}`, { timeout: 30_000 });
    await expect(unknownRow).not.toContainText(ClientMessages.upcNotOnDevice);
    await page.reload();
    await expect(unknownRow).toContainText(`Failed: ${ServerMessages.upcNotFound(unknown)}`);
    await expect(unknownRow.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(unknownRow.getByRole('button', { name: 'Discard' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit Desc of ${kettleUpc}: Kettle` })).toBeVisible();
  });
}

test('a temporary id no lot on this device answers to (its creation refused or discarded) says so, with the way back', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await page.goto(`${server.url}/lotedit/-999`);
  await expect(page.getByText(ClientMessages.lotMadeHereGone)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Lots' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
