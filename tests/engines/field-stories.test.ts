// The field stories on the warehouse floor, in every engine (issue 33), written once against StoryPage: a tablet signs
// in with the keyboard and works the Lots screen (create, search, select, status); fills a box in Lot edit with a
// scanner, the camera and a spreadsheet; goes offline — the server stopped, lots made, the page reloaded from the
// service worker — and the lots arrive once, in order, when the server is back; and a phone counts lots in Inventory.
// The desk's stories are in desk-stories.test.ts; tests/e2e covers every screen in Chromium.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { utils, write } from 'xlsx';
import { CameraMessages, InstallMessages, InventoryScreenMessages, OutboxMessages } from '../../src/protocol/messages';
import type { Lot } from '../../src/protocol/lots';
import { createEntries, newEntry, newUpc } from '../support/catalogue';
import { historyOnServer } from '../support/inventory';
import { allStatuses, createLot as createLotOnServer, listLots } from '../support/staff';
import { barcodePicture, withCheckDigit } from '../e2e/support/fake-camera';
import { asAdmin, serverProcess } from '../e2e/support/server-process';
import type { EngineName } from './page';
import { cameraOff, createCountEvent, createLot, home, holdToCamera, lotNumberIn, lotWithBox, openScreen, rowOf, scan, scanLot, serviceWorkerReady, signIn, unique } from './steps';
import { inEveryEngine, STORAGE_HANG } from './suite';

/** Each engine is the one it says: Chrome's, Safari's (WebKit without Chrome) or Firefox's user agent. */
const USER_AGENT: Readonly<Record<EngineName, RegExp>> = { chromium: /Chrome\/\d+/, webkit: /^(?!.*Chrome).*AppleWebKit\/.*Safari\//, firefox: /Firefox\/\d+/ };

/** The Qnty button of a box's row names the UPC and the quantity: 'Edit Qnty of {upc}: 3.00'. */
const qnty = (upc: string, quantity: number, changed = false) => ({ button: `Edit Qnty of ${upc}: ${quantity.toFixed(2)}${changed ? ' (changed)' : ''}` });

const server = serverProcess(18830);
const files = mkdtempSync(join(tmpdir(), 'lotdesk-engines-'));
const [ONE, TWO] = [newUpc(), newUpc()];
/** A product whose box carries a real UPC-A barcode (with its check digit), for the camera. */
const BARCODED = withCheckDigit(String(Date.now()).slice(-11).padStart(11, '7'));
/** Two lots on the server before any device signs in, for the count. */
let counted: Lot[] = [];

/** How many of the server's lots carry this title. */
const heldOnServer = (title: string): Promise<number> =>
  asAdmin(server, async (client) => (await listLots(client, allStatuses(false))).filter((lot) => lot.titleListing === title).length);

/** A spreadsheet as staff export it: two known UPCs and one the catalogue does not hold. */
let sheet = '';

beforeAll(async () => {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([['UPC', 'Qnty'], [ONE, 3], [TWO, 2], ['UNKNOWN999', 4]]), 'Box');
  sheet = join(files, 'box.xlsx');
  writeFileSync(sheet, new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
  await server.start();
  await asAdmin(server, async (client) => {
    await createEntries(client, [newEntry({ upc: ONE, itemDescription: 'Kettle', retailPrice: 20 }), newEntry({ upc: TWO, itemDescription: 'Toaster', retailPrice: 35 }), newEntry({ upc: BARCODED, itemDescription: 'Camera kettle', retailPrice: 20 })]);
    counted = [await createLotOnServer(client, 'Counted pallet A'), await createLotOnServer(client, 'Counted pallet B')];
  });
}, 120_000);
// A story that failed with the server stopped leaves it running for the next.
afterEach(() => server.start().catch(() => undefined));
afterAll(async () => {
  await server.dispose();
  rmSync(files, { recursive: true, force: true });
});

inEveryEngine(() => server.url, (story, engine) => {
  story('Lots: signs in with Enter, creates lots (numbered by the server), finds one by search, selects it and sets its status', async (page) => {
    expect(await page.run(() => navigator.userAgent)).toMatch(USER_AGENT[engine]);
    await signIn(page);
    const word = `Zq${unique()}`;
    await createLot(page, `${word} first`);
    await createLot(page, `${word} second`);
    const lotNumber = lotNumberIn(await rowOf(page, `${word} second`, 'LOT-'));
    expect(await heldOnServer(`${word} second`)).toBe(1);

    await page.fill({ field: 'Search lots' }, word);
    await page.find({ option: `${word} first` }); // the list complete (the device's own lots, then the server's)
    await page.tap({ option: `${word} second` });
    await page.sees('Lots (1)');
    await page.seesNo(`${word} first`);
    await page.tap({ field: `Select ${lotNumber}` });
    await page.waitFor('the lot selected', (name: string) => (document.querySelector(`[aria-label="${name}"]`) as HTMLInputElement | null)?.checked === true, `Select ${lotNumber}`);
    await page.tap({ button: `Status of ${lotNumber}: NOT_LISTED` });
    await page.tap({ field: 'SHIPPED', in: 'Update Lot(s) Status' });
    await page.tap({ button: 'Update', in: 'Update Lot(s) Status' });
    await page.hasText({ button: `Status of ${lotNumber}: SHIPPED` }, 'SHIPPED');
    await page.tap({ button: 'Show all lots' });
    await rowOf(page, `${word} first`);
  });

  story('offers to install the app the way the engine allows; Not now puts it away for good', async (page) => {
    await home(page);
    // Chrome installs through its own prompt (offered once it fires), Safari's engine by the person's own steps
    // (here GNOME Web's), Firefox on a desktop not at all.
    if (engine !== 'webkit') {
      await page.seesNo(InstallMessages.gnomeSteps);
      if (engine === 'firefox') await page.seesNo(InstallMessages.offer);
      return;
    }
    await page.sees(`${InstallMessages.offer} ${InstallMessages.gnomeSteps}`);
    await page.tap({ button: InstallMessages.notNow });
    await page.seesNo(InstallMessages.offer);
    await page.reload();
    await page.sees('Ready.');
    await page.seesNo(InstallMessages.offer);
  });

  story('Lot edit: a box, five scans by keyboard and Enter, and a quantity edited', async (page) => {
    await home(page);
    await lotWithBox(page, `Scans ${engine} ${unique()}`);
    for (const upc of [ONE, TWO, ONE, ONE, TWO]) await scan(page, upc);
    await page.find(qnty(ONE, 3));
    await page.find(qnty(TWO, 2));
    await page.sees('Items: 5');
    await page.tap(qnty(ONE, 3));
    await page.fill({ field: `Qnty of ${ONE}` }, '7');
    await page.press({ field: `Qnty of ${ONE}` }, 'Enter');
    await page.find(qnty(ONE, 7, true));
    await page.tap({ button: 'Update Items' });
    await page.sees('Updated items: 1');
    await page.sees('Items: 9');
  });

  story('Lot edit: a real .xlsx read by the worker adds its known UPCs to the box and marks the unknown one', async (page) => {
    await home(page);
    await lotWithBox(page, `Xls ${engine} ${unique()}`);
    await page.tap({ button: 'XLS' });
    await page.upload({ field: 'Select File', in: 'XLS Data Entry' }, sheet);
    await page.sees('UNKNOWN999');
    await page.tap({ button: 'Save Changes', in: 'XLS Data Entry' });
    await page.sees('Successfully added 2 UPCs to the box.');
    await page.sees('Error, 1 UPCs were not found/not added.');
  });

  story('Lot edit: the camera scanner starts on the device\'s camera, then reads a product\'s barcode into the box', async (page) => {
    await home(page);
    await lotWithBox(page, `Camera ${engine} ${unique()}`);
    // The device's own camera first: WebKit's mock camera here (the scanner starts and waits for a code); Chromium
    // and Firefox have none on this machine, and the scanner says so.
    await page.tap({ button: CameraMessages.open });
    await page.sees(engine === 'webkit' ? CameraMessages.aim : CameraMessages.noCamera);
    await page.tap({ button: CameraMessages.close, in: CameraMessages.title });
    await page.seesNo(CameraMessages.title);
    // Then a box's barcode held to the camera: the same video element and reader, fed a picture of the label.
    await holdToCamera(page, await barcodePicture({ bcid: 'ean13', text: `0${BARCODED}` }));
    await page.tap({ button: CameraMessages.open });
    await page.find(qnty(BARCODED, 1), 30_000); // read, and handed to the box as a scan
    await page.sees('Camera kettle');
    await page.sees(CameraMessages.read(BARCODED)); // the camera stays open for the next item, until closed
    await page.tap({ button: CameraMessages.close, in: CameraMessages.title });
    await page.waitFor('the camera to be off again', cameraOff as (arg: never) => boolean);
  });

  story('offline: lots made with the server away survive a reload and arrive once, in order, when it is back', async (page) => {
    await home(page);
    await page.waitFor('the service worker', serviceWorkerReady as (arg: never) => Promise<boolean>, undefined, 20_000);
    await server.stop();
    await page.sees(OutboxMessages.offline);
    const titles = [`Offline ${engine} ${unique()} first`, `Offline ${engine} ${unique()} second`];
    for (const title of titles) await createLot(page, title);
    await page.sees(OutboxMessages.waitingPill(2));

    await page.reload();
    for (const title of titles) await rowOf(page, title, '', 30_000);
    await page.sees(OutboxMessages.waitingPill(2));

    await server.start();
    const numbers = [];
    for (const title of titles) numbers.push(Number(lotNumberIn(await rowOf(page, title, 'LOT-', 60_000)).replace(/\D/g, '')));
    expect(numbers[0]).toBeLessThan(numbers[1] ?? 0); // numbered by the server in the order they were made
    for (const title of titles) expect(await heldOnServer(title)).toBe(1);
  }, STORAGE_HANG(engine));

  story('Inventory on a phone: an event, a location chosen, two lots counted by scanner, a repeat told', async (page) => {
    expect(await page.resize(360, 740)).toBeLessThan(640); // a phone's layout: the navigation behind Menu
    try {
      await home(page);
      await openScreen(page, 'Inventory');
      const label = `Count ${engine} ${unique()}`;
      await createCountEvent(page, label);
      await page.choose({ field: 'Zone' }, '2');
      const [a, b] = counted.map((lot) => lot.lotNumber);
      await scanLot(page, a ?? '');
      await page.sees(`${InventoryScreenMessages.outcome.found} Lot ${a ?? ''} counted.`);
      await scanLot(page, String(Number((b ?? '').replace(/\D/g, '')))); // typed as digits alone on a phone keyboard
      await page.sees(`${InventoryScreenMessages.outcome.found} Lot ${b ?? ''} counted.`);
      await scanLot(page, a ?? '');
      await page.sees(`${InventoryScreenMessages.outcome.already} Lot ${a ?? ''} already in history.`);
      await page.seesNo('Pending', 30_000);
      const history = await asAdmin(server, (client) => historyOnServer(client, label));
      expect(history.map((entry) => [entry.lotNumber, entry.locZone])).toEqual([[a, 2], [b, 2]]);
    } finally {
      await page.resize(768, 1024);
    }
  });
});
