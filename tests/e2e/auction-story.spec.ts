// Issue 17's "Done when", as people do it. On a tablet a person creates an auction event, adds twelve lots from the
// Lots page and puts them in order by dragging with a finger; with the server gone they go on (a drag, a move, a
// title and a starting price) and everything arrives once, in order, when it is back. At a desk the order is fixed with
// the buttons, titles and starting prices edited, the lots listed and the catalogue exported as CSV. Listing runs on
// the embedded store and on a WooCommerce shop (the contract server of tests/support).
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { CATALOGUE_CSV_COLUMNS } from '../../src/domains/auctions/catalogue';
import { auctionTitleFrom } from '../../src/domains/auctions/title';
import { CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import type { AuctionEvent, AuctionEventManifest } from '../../src/protocol/entities';
import type { Lot } from '../../src/protocol/lots';
import { AuctionScreenMessages as A, ListingManagerMessages as L } from '../../src/protocol/messages';
import { okData, send } from '../support/lot-replies';
import { startContractServer, type ContractServer } from '../support/woocommerce-contract-server';
import { touchDrag, touchSwipe } from './support/drag';
import { navigateTo, signInHome } from './support/login';
import { unique } from './support/lots';
import { asAdmin, PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';

test.describe.configure({ timeout: 240_000 });

const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true } as const;
const DESK = { viewport: { width: 1280, height: 800 }, hasTouch: false } as const;

const makeLots = (server: ServerProcess, titles: readonly string[]): Promise<Lot[]> =>
  asAdmin(server, async (client) => {
    const lots: Lot[] = [];
    for (const title of titles) lots.push(okData(await send(client, 'createManifest', title)) as Lot);
    return lots;
  });

const serverRows = (server: ServerProcess, eventId: number): Promise<AuctionEventManifest[]> =>
  asAdmin(server, async (client) => (await client.request('getAuctionEventManifestsByEventId', eventId, 'auctionEventManifests')) as AuctionEventManifest[]);

async function open(browser: Browser, server: ServerProcess, size: typeof TABLET | typeof DESK): Promise<Page> {
  const page = await (await browser.newContext(size)).newPage();
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  return page;
}

async function chooseEvent(page: Page, title: string): Promise<number> {
  const picker = page.getByRole('combobox', { name: 'Auction event' }).first();
  const option = picker.locator('option', { hasText: title });
  await expect(option).toHaveCount(1);
  await picker.selectOption((await option.getAttribute('value')) ?? '');
  return Number(await picker.inputValue());
}

const rows = (page: Page): Locator => page.getByTestId('auction-row');
const row = (page: Page, lotNumber: string): Locator => rows(page).filter({ hasText: lotNumber });
const handle = (page: Page, lotNumber: string): Locator => page.getByRole('button', { name: A.dragHandle(lotNumber) });
const shownOrder = (page: Page) => rows(page).evaluateAll((all) => all.map((each) => /LOT-\d+/.exec(each.textContent ?? '')?.[0] ?? ''));
const onServer = async (server: ServerProcess, eventId: number) =>
  (await serverRows(server, eventId)).map((each) => [each.manifest.lotNumber, each.sortOrder, each.auctionTitle, each.startingPrice]);

/** Moves `lotNumber` in front of (or after) the row of `target` with a finger: press, hold, drag, lift. */
async function dragOnto(page: Page, lotNumber: string, target: string): Promise<void> {
  await row(page, target).scrollIntoViewIfNeeded();
  await handle(page, lotNumber).scrollIntoViewIfNeeded();
  await touchDrag(page, handle(page, lotNumber), row(page, target));
}

async function editCell(page: Page, label: 'Auction title' | 'Starting price', lotNumber: string, value: string): Promise<void> {
  await row(page, lotNumber).getByRole('button', { name: `Edit ${label} of ${lotNumber}` }).click();
  const field = page.getByRole('textbox', { name: `${label} of ${lotNumber}` });
  await field.fill(value);
  await field.press('Enter');
}

/** The order after moving the lot at `from` to index `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** Opens the auction listing manager for every row, chooses (or makes) a template and lists them all. */
async function listAll(page: Page, template: string): Promise<void> {
  await page.getByRole('checkbox', { name: A.selectAll }).check();
  await page.getByRole('toolbar', { name: A.actions }).getByRole('button', { name: L.title }).click();
  const dialog = page.getByRole('dialog', { name: L.title });
  await dialog.getByRole('radio', { name: 'Templates' }).check();
  await dialog.getByLabel('Label', { exact: true }).fill(template);
  await dialog.getByLabel('Text', { exact: true }).fill('<h2>{{title}}</h2><p>{{units}} units</p>');
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  await dialog.getByLabel('Template', { exact: true }).selectOption({ label: `template_${template}` });
  await dialog.getByRole('button', { name: L.list, exact: true }).click();
  const progress = page.getByRole('dialog', { name: L.listingTitle });
  await expect(progress.getByText(L.allListed)).toBeVisible({ timeout: 60_000 });
  await progress.getByRole('button', { name: 'Close' }).click();
}

test.describe('on the embedded store', () => {
  let server: ServerProcess;
  test.beforeAll(async () => {
    server = serverProcess(18800);
    await server.start();
  });
  test.afterAll(async () => server.dispose());

  test('an event of twelve lots ordered by drag on a tablet (offline too) and by buttons at a desk, edited, listed and exported', async ({ browser }) => {
    const run = unique().toUpperCase();
    const lots = await makeLots(server, Array.from({ length: 12 }, (_, index) => `Sale ${run} lot ${String(index + 1).padStart(2, '0')}`));
    const tablet = await open(browser, server, TABLET);

    // The event, and the twelve lots added from the Lots page.
    await navigateTo(tablet, 'Auctions');
    await tablet.getByRole('button', { name: A.createEvent }).click();
    const create = tablet.getByRole('dialog', { name: A.createEvent });
    await create.getByLabel(A.eventTitle).fill(`Spring ${run}`);
    await create.getByRole('button', { name: A.createEvent }).click();
    await navigateTo(tablet, 'Lots');
    await tablet.getByRole('checkbox', { name: 'Select all shown lots' }).check();
    await chooseEvent(tablet, `Spring ${run}`);
    await tablet.getByRole('button', { name: A.addToAuction }).click();
    await expect(tablet.getByText('Manifest(s) added to auction event successfully.').first()).toBeVisible();

    await navigateTo(tablet, 'Auctions');
    const eventId = await chooseEvent(tablet, `Spring ${run}`);
    await expect(rows(tablet)).toHaveCount(12);
    let order = await shownOrder(tablet);
    expect([...order].sort()).toEqual(lots.map((lot) => lot.lotNumber).sort());

    // A finger drags the first lot below the third.
    await dragOnto(tablet, order[0] ?? '', order[2] ?? '');
    order = moved(order, 0, 2);
    await expect.poll(() => shownOrder(tablet)).toEqual(order);
    await expect.poll(async () => (await onServer(server, eventId)).map(([lotNumber]) => lotNumber)).toEqual(order);
    // A quick swipe that starts on a handle, with no hold, is a scroll for the browser: it moves no lot.
    const lastHandle = handle(tablet, order[11] ?? '');
    await lastHandle.scrollIntoViewIfNeeded();
    await touchSwipe(tablet, lastHandle, -300);
    await tablet.waitForTimeout(500);
    expect(await shownOrder(tablet)).toEqual(order);

    // The server goes away: a drag, a move with the buttons, a title and a starting price wait on the tablet.
    await server.stop();
    await expect(tablet.getByText('Offline', { exact: true })).toBeVisible();
    await dragOnto(tablet, order[5] ?? '', order[3] ?? '');
    order = moved(order, 5, 3);
    await expect.poll(() => shownOrder(tablet)).toEqual(order);
    const second = order[1] ?? '';
    await tablet.getByRole('button', { name: A.moveUp(second) }).click();
    order = moved(order, 1, 0);
    await expect.poll(() => shownOrder(tablet)).toEqual(order);
    await editCell(tablet, 'Auction title', second, 'Oak chairs, set of four');
    await editCell(tablet, 'Starting price', second, '40');
    await tablet.getByRole('button', { name: A.update, exact: true }).click();
    await server.start();
    await expect(tablet.getByText('Offline', { exact: true })).toBeHidden({ timeout: 60_000 });
    await expect.poll(() => onServer(server, eventId), { timeout: 30_000 }).toEqual(order.map((lotNumber, index) => [
      lotNumber, index + 1, lotNumber === second ? 'Oak chairs, set of four' : '', lotNumber === second ? 40 : 0,
    ]));
    await tablet.context().close();

    // At a desk: the buttons, Create Title and a starting price, then listing and the catalogue.
    const desk = await open(browser, server, DESK);
    await navigateTo(desk, 'Auctions');
    await chooseEvent(desk, `Spring ${run}`);
    await expect.poll(() => shownOrder(desk)).toEqual(order);
    const last = order[11] ?? '';
    await desk.getByRole('button', { name: A.moveUp(last) }).click();
    order = moved(order, 11, 10);
    await expect.poll(() => shownOrder(desk)).toEqual(order);
    await row(desk, last).getByRole('checkbox', { name: `Select ${last}` }).check();
    await desk.getByRole('button', { name: A.createTitle }).click();
    await editCell(desk, 'Starting price', last, '12.5');
    await desk.getByRole('button', { name: A.update, exact: true }).click();
    const lastTitle = auctionTitleFrom(lots.find((lot) => lot.lotNumber === last)?.titleListing ?? '');
    await expect.poll(async () => (await onServer(server, eventId)).find(([lotNumber]) => lotNumber === last)).toEqual([last, 11, lastTitle, 12.5]);

    await listAll(desk, `Auction ${run}`);
    // Each row LISTED with its public page's link: the server's listed lot, not only the change shown at once.
    for (const lotNumber of order) await expect(row(desk, lotNumber).getByRole('link', { name: 'LISTED', exact: true })).toBeVisible();
    // One product each, named by its auction title where one is set.
    const store = await (await desk.request.get(`${server.url}/store`)).text();
    const named = new Map([[second, 'Oak chairs, set of four'], [last, lastTitle]]);
    for (const lot of lots) expect(store.split(named.get(lot.lotNumber) ?? lot.titleListing).length - 1).toBe(1);

    const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByRole('button', { name: A.exportCsv }).click()]);
    expect(download.suggestedFilename()).toBe(`auction-${eventId}-catalogue.csv`);
    const csv = Papa.parse<string[]>(readFileSync(await download.path(), 'utf8'), { skipEmptyLines: true }).data;
    expect(csv[0]).toEqual([...CATALOGUE_CSV_COLUMNS]);
    expect(csv.slice(1).map(([lotNumber, place]) => [lotNumber, place])).toEqual(order.map((lotNumber, index) => [lotNumber, String(index + 1)]));
    expect(csv.find(([lotNumber]) => lotNumber === second)?.slice(2, 5)).toEqual(['Oak chairs, set of four', expect.stringContaining('lot'), '40']);
    await desk.context().close();
  });
});

test.describe('on a WooCommerce shop (the contract server)', () => {
  let shop: ContractServer;
  let server: ServerProcess;
  test.beforeAll(async () => {
    shop = await startContractServer();
    server = serverProcess(18820, { env: { WC_URL: shop.origin, WC_KEY: shop.key, WC_SECRET: shop.secret, WP_USER: shop.mediaLogin.user, WP_APP_PASSWORD: shop.mediaLogin.password } });
    await server.start();
  });
  test.afterAll(async () => {
    await server.dispose();
    await shop.stop();
  });

  test("an auction's lots listed from the Auctions screen become the auction plugin's products with their starting prices", async ({ browser }) => {
    const run = unique().toUpperCase();
    const lots = await makeLots(server, [`Shop ${run} kettles`, `Shop ${run} lamps`]);
    await asAdmin(server, async (client) => {
      const event = (await client.request('createAuctionEvent', { label: `Shop ${run}` }, 'createdAuctionEvent', { [CLIENT_MSG_ID_HEADER]: unique() })) as AuctionEvent;
      await client.request('addManifestsToAuctionEvent', { auctionEventId: event.id, manifestIds: lots.map((lot) => lot.id) }, 'manifestsAddedToAuctionEvent', { [CLIENT_MSG_ID_HEADER]: unique() });
    });
    const desk = await open(browser, server, DESK);
    await navigateTo(desk, 'Auctions');
    await chooseEvent(desk, `Shop ${run}`);
    const [kettles] = lots;
    await editCell(desk, 'Starting price', kettles?.lotNumber ?? '', '25');
    await desk.getByRole('button', { name: A.update, exact: true }).click();
    await listAll(desk, `Shop ${run}`);
    const [, lamps] = lots;
    expect(shop.catalog.bySku(kettles?.lotNumber ?? '')).toMatchObject({ type: 'auction', metaData: expect.arrayContaining([{ key: '_auction_start_price', value: '25.00' }]) });
    expect(shop.catalog.bySku(lamps?.lotNumber ?? '')).toMatchObject({ type: 'auction', metaData: expect.arrayContaining([{ key: '_auction_start_price', value: '0.00' }]) });
    await desk.context().close();
  });
});
