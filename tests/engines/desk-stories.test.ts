// The field stories of the desk and of the app itself, in every engine (issue 33), written once against StoryPage: a
// UPC saved in Data entry; a photo uploaded into a lot and its thumbnail shown; a lot priced, previewed in the
// sandboxed viewer and listed on the embedded store; an auction's sale reordered by buttons and by keyboard; the
// update prompt after a new build; and persistent storage asked for, with the storage warning shown. The server here
// serves its own copy of the build, so the update story can replace its service worker.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { AuctionEvent, AuctionEventManifest } from '../../src/protocol/entities';
import type { Lot } from '../../src/protocol/lots';
import { AuctionScreenMessages, ImageManagerMessages, ListingManagerMessages as L, UpdateMessages } from '../../src/protocol/messages';
import { packedBox } from '../support/boxes';
import { createLot as createLotOnServer, outboxHeader, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';
import { asAdmin, serverProcess } from '../e2e/support/server-process';
import { checkForUpdate, NEW_BUILD, withNewBuild, workerState } from '../e2e/support/service-worker';
import type { StoryPage } from './page';
import { home, lotWithBox, openScreen, rowOf, serviceWorkerReady, signInHere, unique } from './steps';
import { inEveryEngine, STORAGE_HANG } from './suite';

const files = mkdtempSync(join(tmpdir(), 'lotdesk-engines-desk-'));
/** The server's own copy of the build (its sw.js is replaced for a moment by the update story). */
const app = join(files, 'app');
const server = serverProcess(18850, { env: { STATIC_DIR: app } });
/** A product photo as staff take it: a coloured box on a light backdrop. */
const photo = join(files, 'kettle.jpg');

beforeAll(async () => {
  cpSync(resolve(process.env.STATIC_DIR ?? 'dist'), app, { recursive: true });
  const item = await sharp({ create: { width: 220, height: 260, channels: 3, background: '#b0282f' } }).png().toBuffer();
  writeFileSync(photo, await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f3f3f1' } }).composite([{ input: item, left: 210, top: 110 }]).jpeg().toBuffer());
  await server.start();
}, 120_000);
// A story that failed with the server stopped leaves it running for the next.
afterEach(() => server.start().catch(() => undefined));
afterAll(async () => {
  await server.dispose();
  rmSync(files, { recursive: true, force: true });
});

/** The sale's rows, top to bottom, name these lots. */
function saleOrderIs(expected: string[]): boolean {
  const shown = [...document.querySelectorAll('[data-testid="auction-row"]')].map((row) => /LOT-\d+/.exec(row.textContent ?? '')?.[0] ?? '');
  return JSON.stringify(shown) === JSON.stringify(expected);
}

/** A keyboard drag's steps go a moment apart, as a person presses them (the list animates each move). */
const KEY_PAUSE_MS = 300;

/** An auction event on the server holding new lots titled `titles`, in that order. */
async function saleOf(client: TestClient, label: string, titles: readonly string[]): Promise<{ event: AuctionEvent; lots: Lot[] }> {
  const lots: Lot[] = [];
  for (const title of titles) lots.push(await createLotOnServer(client, `${title} ${label}`));
  const event = (await client.request('createAuctionEvent', { label }, 'createdAuctionEvent', outboxHeader(uniqueName('story')))) as AuctionEvent;
  await client.request('addManifestsToAuctionEvent', { auctionEventId: event.id, manifestIds: lots.map((lot) => lot.id) }, 'manifestsAddedToAuctionEvent', outboxHeader(uniqueName('story')));
  return { event, lots };
}

/** The natural widths of the image manager's thumbnails, once every one has loaded (null until then). */
function thumbnailWidths(): number[] | null {
  const images = [...document.querySelectorAll('[data-testid="image-row"] button img')] as HTMLImageElement[];
  return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0) ? images.map((image) => image.naturalWidth) : null;
}

/** The value of the option of a <select> (by its label) that reads `text`, once the server has numbered it (a note
 *  made on the device is listed at once under a temporary negative id, which the server's answer replaces). */
function savedOptionValue({ field, text }: { field: string; text: string }): string | null {
  const select = [...document.querySelectorAll('label')].find((label) => label.textContent?.trim() === field)?.control;
  const value = [...(select?.querySelectorAll('option') ?? [])].find((option) => option.textContent?.trim() === text)?.value;
  return value === undefined || value.startsWith('-') ? null : value;
}

/** The Listing Manager, from the Lots toolbar (under More actions where the toolbar is narrow). */
async function openListingManager(page: StoryPage): Promise<void> {
  if (!(await page.has({ button: L.title }))) await page.tap({ button: 'More actions' });
  await page.tap({ button: L.title });
  await page.find({ button: L.calculate, in: L.title });
}

/** The preview's frame: sandboxed with no permission at all, and its document closed to the page around it. */
function sandboxedPreview(): { sandbox: string | null; srcdoc: string; readable: boolean } | null {
  const frame = document.querySelector('iframe[title="Preview"]') as HTMLIFrameElement | null;
  return frame === null ? null : { sandbox: frame.getAttribute('sandbox'), srcdoc: frame.getAttribute('srcdoc') ?? '', readable: frame.contentDocument !== null };
}

/** On the Login screen, before sign-in: the Storage API's calls are kept, and the device reports itself 95 % full. */
function watchStorageCalls(): boolean {
  const calls: string[] = [];
  // The page holds on to navigator.storage too: WebKit may otherwise drop its wrapper, and the methods set on it here.
  Object.assign(window, { storyStorageCalls: calls, storyStorage: navigator.storage });
  const { persisted, persist } = navigator.storage;
  navigator.storage.persisted = () => (calls.push('persisted'), persisted.call(navigator.storage));
  navigator.storage.persist = () => (calls.push('persist'), persist.call(navigator.storage));
  navigator.storage.estimate = () => Promise.resolve({ usage: 950_000_000, quota: 1_000_000_000 });
  return true;
}

const storageCalls = (): string[] => (window as unknown as { storyStorageCalls: string[] }).storyStorageCalls;

inEveryEngine(() => server.url, (story, engine) => {
  story('Data entry: a new UPC saved, then found by the brand type-ahead and Search', async (page) => {
    await home(page);
    await openScreen(page, 'Data Entry');
    const id = unique().toUpperCase();
    const upc = `${id}7`;
    await page.tap({ button: 'ADD UPC(+)' });
    await page.tap({ button: 'Edit UPC:' });
    await page.enterInFocus(upc);
    await page.tap({ button: `Edit Brand of ${upc}:` });
    await page.enterInFocus(`Acme ${id}`);
    await page.tap({ button: 'Save' });
    await page.sees('All UPCs Saved.');

    await page.reload();
    await page.fill({ field: 'Brand/Vendor' }, `acme ${id.slice(0, 4).toLowerCase()}`);
    await page.tap({ option: `Acme ${id}` });
    await page.tap({ button: 'Search' });
    await page.find({ button: `Edit UPC of ${upc}: ${upc}` });
  });

  story('Image manager: a photo uploaded into the lot, its thumbnail shown', async (page) => {
    await home(page);
    const lotNumber = await lotWithBox(page, `Photos ${engine} ${unique()}`);
    await page.tap({ button: 'Images' });
    const manager = ImageManagerMessages.title(lotNumber);
    await page.upload({ field: ImageManagerMessages.upload, in: manager }, photo);
    await page.sees('kettle.jpg');
    const widths = await page.waitFor('the thumbnail', thumbnailWidths as (arg: never) => number[] | null, undefined, 30_000);
    expect(widths).toHaveLength(1);
    expect(widths[0]).toBeLessThanOrEqual(100); // the server's thumbnail variant, not the 640 px photo
    await page.find({ button: 'Show kettle.jpg full size', in: manager });
  });

  story('Listing Manager: a lot priced by Calculate, previewed in the sandboxed viewer, listed on the embedded store', async (page) => {
    const { lot } = await asAdmin(server, (client) => packedBox(client, `Listing ${engine} ${unique()}`));
    await home(page);
    await page.tap({ field: 'LISTED' }); // listed lots stay in the table
    await rowOf(page, lot.titleListing);
    await page.tap({ field: `Select ${lot.lotNumber}` });
    await openListingManager(page);
    const label = `Story ${engine} ${unique()}`;
    await page.tap({ field: 'Templates', in: L.title });
    await page.fill({ field: 'Label', in: L.title }, label);
    await page.fill({ field: 'Text', in: L.title }, '<h2>{{title}}</h2><p>{{units}} units</p>');
    await page.tap({ button: 'Create', in: L.title });
    const template = await page.waitFor('the new template, saved', savedOptionValue as (arg: never) => string | null, { field: 'Template', text: `template_${label}` });
    await page.choose({ field: 'Template', in: L.title }, template);

    await page.tap({ button: L.calculate, in: L.title });
    await rowOf(page, lot.titleListing, '8.87'); // 7.50 + 1.37 by the default multipliers

    await page.tap({ button: L.createPreview, in: L.title });
    const preview = await page.waitFor('the preview', sandboxedPreview as (arg: never) => ReturnType<typeof sandboxedPreview>);
    expect(preview).toEqual({ sandbox: '', srcdoc: expect.stringContaining(`<h2>${lot.titleListing}</h2>`) as string, readable: false });
    await page.tap({ button: 'Close', in: L.viewerTitle(lot.lotNumber) });

    await page.tap({ button: L.list, in: L.title });
    await page.sees(L.allListed, 30_000);
    await page.tap({ button: 'Close', in: L.listingTitle });
    await page.hasText({ button: `Status of ${lot.lotNumber}: LISTED` }, 'LISTED');
    await openListingManager(page);
    const link = await page.waitFor('the public listing', () => document.querySelector('a[href^="/store/"]')?.getAttribute('href') ?? null);
    const shop = await fetch(`${server.url}${link}`);
    expect(shop.status).toBe(200);
    expect(await shop.text()).toContain(lot.titleListing);
  });

  story('Auctions: the sale reordered by the Move buttons and by keyboard (Space, arrow, Space), as the server keeps it', async (page) => {
    const { event, lots } = await asAdmin(server, (client) => saleOf(client, `Sale ${engine} ${unique()}`, ['Alpha', 'Bravo', 'Charlie']));
    const [a, b, c] = lots.map((lot) => lot.lotNumber);
    await home(page);
    await openScreen(page, 'Auctions');
    await page.choose({ field: 'Auction event' }, String(event.id));
    const order = (expected: Array<string | undefined>) => page.waitFor(`the sale in the order ${expected.join(', ')}`, saleOrderIs as (arg: never) => boolean, expected);
    await order([a, b, c]);
    await page.tap({ button: AuctionScreenMessages.moveUp(c ?? '') });
    await order([a, c, b]);
    const handle = { button: AuctionScreenMessages.dragHandle(a ?? '') };
    for (const key of ['Space', 'ArrowDown', 'Space'] as const) {
      await page.press(handle, key);
      await new Promise((done) => setTimeout(done, KEY_PAUSE_MS));
    }
    await order([c, a, b]);
    const kept = (await asAdmin(server, (client) => client.request('getAuctionEventManifestsByEventId', event.id, 'auctionEventManifests'))) as AuctionEventManifest[];
    expect([...kept].sort((x, y) => (x.sortOrder ?? 0) - (y.sortOrder ?? 0)).map((row) => row.manifest.lotNumber)).toEqual([c, a, b]);
  });

  story('after a new build the update prompt appears, and Reload runs the new version', async (page) => {
    await home(page);
    await page.waitFor('the service worker', serviceWorkerReady as (arg: never) => Promise<boolean>, undefined, 20_000);
    await page.reload(); // the page itself now comes through the worker, as on any later visit
    await page.sees('Ready.');
    await withNewBuild(app, async () => {
      await page.run(checkForUpdate as (arg: never) => Promise<boolean>);
      await page.sees(UpdateMessages.available, 30_000);
      await page.run(() => (document.documentElement.dataset.storyOldPage = 'yes'));
      await page.tap({ button: UpdateMessages.reload });
      await page.waitFor('a new page', () => document.documentElement.dataset.storyOldPage === undefined && document.body.innerText.includes('Ready.'));
      await page.seesNo(UpdateMessages.available);
      expect(await page.run(workerState as (arg: never) => Promise<{ waiting: boolean; build: string }>)).toEqual({ waiting: false, build: NEW_BUILD });
    });
  }, STORAGE_HANG(engine));

  story('signing in asks for persistent storage the engine\'s way; a device near its quota, or out of it, is told', async (page) => {
    await page.open('/login');
    await page.run(watchStorageCalls as (arg: never) => boolean);
    await signInHere(page);
    await page.sees('Storage is almost full: 95 % used (950 MB of 1.0 GB)');
    // Asked once, after sign-in: Chromium and WebKit answer at once (here: not granted, as for a site not installed);
    // Firefox asks the person, and the app does not wait for the answer.
    expect(await page.run(storageCalls as (arg: never) => string[])).toEqual(['persisted', 'persist']);
    await page.tap({ button: 'Dismiss' });
    await page.seesNo('Storage is almost full');

    await page.run(() => void Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')));
    await page.sees('Storage is full: a change could not be saved on this device');
  });
});
