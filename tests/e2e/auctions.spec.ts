// Issue 17, the Auctions screen: at 360×740 (touch), 768×1024 (touch) and 1280×800 every part is reachable and
// nothing overflows sideways; at a desk a person creates an event, adds lots to it from the Lots page, moves one up
// and one down, edits an auction title and a starting price, and Update saves them on the server; and orders lots by
// dragging with the mouse and the keyboard (the tablet's finger, listing and the CSV: auction-story.spec.ts).
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import type { AuctionEvent, AuctionEventManifest } from '../../src/protocol/entities';
import type { Lot } from '../../src/protocol/lots';
import { okData, send } from '../support/lot-replies';
import { connectClient, type TestClient } from '../support/stomp-client';
import { keyboardDrag, mouseDrag } from './support/drag';
import { sentTo } from './support/frames';
import { ADMIN, navigateTo, signInHome } from './support/login';
import { lotRow, unique } from './support/lots';
import { keepScreenshot } from './support/screenshots';
import { noSidewaysScroll, openAt, SIZES } from './support/sizes';
import { expectUncovered } from './support/targets';

test.describe.configure({ timeout: 120_000 });

async function adminClient(baseURL: string | undefined): Promise<TestClient> {
  const client = await connectClient(`${(baseURL ?? '').replace('http', 'ws')}/ws`);
  await client.login(ADMIN.username, ADMIN.password);
  return client;
}

/** Lots made by the admin (the browser's user); with an event, an auction event holding them in this order too. */
async function seed(baseURL: string | undefined, titles: readonly string[], event?: string): Promise<{ lots: Lot[]; event: AuctionEvent | undefined }> {
  const client = await adminClient(baseURL);
  try {
    const lots: Lot[] = [];
    for (const title of titles) lots.push(okData(await send(client, 'createManifest', title)) as Lot);
    if (event === undefined) return { lots, event: undefined };
    const made = (await client.request('createAuctionEvent', { label: event }, 'createdAuctionEvent', { [CLIENT_MSG_ID_HEADER]: unique() })) as AuctionEvent;
    await client.request('addManifestsToAuctionEvent', { auctionEventId: made.id, manifestIds: lots.map((lot) => lot.id) }, 'manifestsAddedToAuctionEvent', { [CLIENT_MSG_ID_HEADER]: unique() });
    return { lots, event: made };
  } finally {
    await client.close();
  }
}

async function serverRows(baseURL: string | undefined, eventId: number): Promise<AuctionEventManifest[]> {
  const client = await adminClient(baseURL);
  try {
    return (await client.request('getAuctionEventManifestsByEventId', eventId, 'auctionEventManifests')) as AuctionEventManifest[];
  } finally {
    await client.close();
  }
}

/** Chooses the event whose option names `title` in the picker `name`. */
async function chooseEvent(page: Page, name: string, title: string): Promise<void> {
  const picker = page.getByRole('combobox', { name }).first();
  const option = picker.locator('option', { hasText: title });
  await expect(option).toHaveCount(1);
  // An event made a moment ago may still have its temporary id, and its option a new value once the server names it
  // (a busy machine's reply can land between reading the value and choosing it): choose until it stays chosen.
  await expect(async () => {
    await picker.selectOption((await option.getAttribute('value')) ?? '', { timeout: 2_000 });
    await expect(picker.locator('option:checked')).toContainText(title, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

const rowOrder = (page: Page) => page.getByTestId('auction-row').evaluateAll((rows) => rows.map((row) => /LOT-\d+/.exec(row.textContent ?? '')?.[0] ?? ''));

for (const size of SIZES) {
  test(`at ${size.name} size every part of Auctions is reachable and nothing overflows`, async ({ browser, baseURL }, testInfo: TestInfo) => {
    const run = unique().toUpperCase();
    const { lots, event } = await seed(baseURL, [`Layout ${run} a rather long lot title with many words in it`, `Layout B ${run}`], `Sale ${run}`);
    const page = await openAt(browser, size, baseURL);
    await navigateTo(page, 'Auctions');
    await expect(page.getByRole('heading', { name: 'Auctions', level: 1 })).toBeVisible();
    await chooseEvent(page, 'Auction event', `Sale ${run}`);
    await expect(page.getByRole('definition').filter({ hasText: `Sale ${run}` })).toBeVisible();
    await expect(page.getByTestId('auction-row')).toHaveCount(2);
    const first = lots[0]?.lotNumber ?? '';
    const row = page.getByTestId('auction-row').filter({ hasText: first });
    for (const name of [`Move ${first} down`, `Edit Auction title of ${first}`, `Edit Starting price of ${first}`]) await expect(row.getByRole('button', { name })).toBeVisible();
    await expect(row.getByRole('link', { name: `Edit ${first}` })).toHaveAttribute('href', `/lotedit/${lots[0]?.id ?? 0}`);
    await expect(row.getByRole('checkbox', { name: `Select ${first}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
    const more = ['Remove Lot', 'Create Title', 'Listing Manager', 'Select Category', 'Export CSV'];
    if (size.name === 'phone') {
      await page.getByRole('button', { name: 'More actions' }).click();
      const sheet = page.getByRole('dialog', { name: 'More actions' });
      for (const name of more) await expect(sheet.getByRole('button', { name })).toBeVisible();
      await sheet.getByRole('button', { name: 'Remove Lot' }).click();
    } else {
      for (const name of more) await expect(page.getByRole('button', { name })).toBeVisible();
      await page.getByRole('button', { name: 'Remove Lot' }).click();
    }
    // Nothing selected: the dialog asks for a selection.
    const ask = page.getByRole('dialog', { name: 'Select lots' });
    await expect(ask).toContainText('Please select at least one lot in the auction first.');
    await ask.getByRole('button', { name: 'Close' }).click();
    await expect(ask).toHaveCount(0);
    const short = await page.locator('main button:visible, main select:visible').evaluateAll((elements) =>
      elements.filter((element) => element.getBoundingClientRect().height < 44).map((element) => element.textContent ?? element.getAttribute('aria-label')));
    expect(short).toEqual([]);
    await noSidewaysScroll(page);
    await keepScreenshot(page, testInfo, `auctions-${size.name}`);
    expect(event).toBeDefined();
    await page.context().close();
  });
}

test('at 768×1024 with touch, a lot\'s ↓, auction title, starting price and Edit are in view and uncovered without scrolling sideways (issue 31)', async ({ browser, baseURL }) => {
  const run = unique().toUpperCase();
  const { lots } = await seed(baseURL, [`Reach ${run} A`, `Reach ${run} B`], `Reach ${run}`);
  const [first, second] = lots.map((lot) => lot.lotNumber);
  const page = await openAt(browser, SIZES[1], baseURL);
  await navigateTo(page, 'Auctions');
  await chooseEvent(page, 'Auction event', `Reach ${run}`);
  await expect(page.getByTestId('auction-row')).toHaveCount(2);
  const row = page.getByTestId('auction-row').filter({ hasText: first ?? '' });
  const targets = [
    row.getByRole('button', { name: `Move ${first ?? ''} down` }), row.getByRole('button', { name: `Edit Auction title of ${first ?? ''}` }),
    row.getByRole('button', { name: `Edit Starting price of ${first ?? ''}` }), row.getByRole('link', { name: `Edit ${first ?? ''}` }),
  ];
  for (const target of targets) await expectUncovered(target);
  // Neither the page nor the table's own box scrolls sideways to reach them.
  await noSidewaysScroll(page);
  const box = page.getByRole('table', { name: 'Lots in this auction' }).locator('xpath=..');
  expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  // A finger moves it down.
  await targets[0]?.tap();
  await expect.poll(() => rowOrder(page)).toEqual([second, first]);
  // The columns left out at this width come back with the Columns chooser.
  await page.getByRole('button', { name: 'Columns of Lots in this auction' }).tap();
  const chooser = page.getByRole('dialog', { name: 'Columns of Lots in this auction' });
  await expect(chooser.getByRole('checkbox', { name: 'Name' })).not.toBeChecked();
  await chooser.getByRole('checkbox', { name: 'Name' }).check();
  await chooser.getByRole('button', { name: 'Close' }).tap();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await page.context().close();
});

test('at a desk: an event made, lots added from the Lots page, moved, a title and a starting price edited and saved', async ({ browser, baseURL }) => {
  const run = unique().toUpperCase();
  const { lots } = await seed(baseURL, [`Alpha ${run}`, `Bravo ${run}`, `Charlie ${run}`]);
  const [a, b, c] = lots.map((lot) => lot.lotNumber);
  const page = await openAt(browser, SIZES[2], baseURL);

  await navigateTo(page, 'Auctions');
  await page.getByRole('button', { name: 'Create Auction Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Auction Event' });
  await expect(dialog.getByLabel('Title')).not.toHaveValue(''); // spec §9: the local date and time by default
  await dialog.getByLabel('Title').fill(`Desk ${run}`);
  await dialog.getByRole('button', { name: 'Create Auction Event' }).click();
  await expect(page.getByRole('definition').filter({ hasText: `Desk ${run}` })).toBeVisible();

  await navigateTo(page, 'Lots');
  await expect(lotRow(page, `Charlie ${run}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Auction' })).toHaveCount(0);
  await chooseEvent(page, 'Auction event', `Desk ${run}`);
  await page.getByRole('button', { name: 'Add to Auction' }).click();
  await expect(page.getByText('No auction event selected or no lots selected.', { exact: false }).first()).toBeVisible();
  for (const lotNumber of [a, b, c]) await page.getByRole('checkbox', { name: `Select ${lotNumber}` }).check();
  await page.getByRole('button', { name: 'Add to Auction' }).click();
  await expect(page.getByText('Manifest(s) added to auction event successfully.').first()).toBeVisible();
  await expect(lotRow(page, `Alpha ${run}`)).toContainText(`Desk ${run}:`); // the Auction column names the event (issue 31)

  await navigateTo(page, 'Auctions');
  await chooseEvent(page, 'Auction event', `Desk ${run}`);
  // Added in the Lots table's order (newest first).
  await expect.poll(() => rowOrder(page)).toEqual([c, b, a]);
  await page.getByRole('button', { name: `Move ${a} up` }).click();
  await expect.poll(() => rowOrder(page)).toEqual([c, a, b]);
  await page.getByRole('button', { name: `Move ${c} down` }).click();
  await expect.poll(() => rowOrder(page)).toEqual([a, c, b]);

  await page.getByRole('button', { name: `Edit Auction title of ${a}` }).click();
  await page.getByRole('textbox', { name: `Auction title of ${a}` }).fill('Alpha for the sale');
  await page.getByRole('textbox', { name: `Auction title of ${a}` }).press('Enter');
  await page.getByRole('button', { name: `Edit Starting price of ${a}` }).click();
  await page.getByRole('textbox', { name: `Starting price of ${a}` }).fill('$12,50'); // as people type a price (issue 31): a currency sign, a decimal comma
  await page.getByRole('textbox', { name: `Starting price of ${a}` }).press('Enter');
  await page.getByRole('button', { name: 'Update', exact: true }).click();

  const eventId = Number((await page.getByRole('combobox', { name: 'Auction event' }).inputValue()));
  await expect.poll(async () => (await serverRows(baseURL, eventId)).map((row) => [row.manifest.lotNumber, row.auctionTitle, row.startingPrice]))
    .toEqual([[a, 'Alpha for the sale', 12.5], [c, '', 0], [b, '', 0]]);
  await page.context().close();
});

test('on a tablet a double tap on Add to Auction adds the lot once: one request, the button waits for its answer (issue 31)', async ({ browser, baseURL }) => {
  const run = unique().toUpperCase();
  const { lots } = await seed(baseURL, [`Twice ${run}`]);
  const client = await adminClient(baseURL);
  const event = (await client.request('createAuctionEvent', { label: `Twice ${run}` }, 'createdAuctionEvent', { [CLIENT_MSG_ID_HEADER]: unique() })) as AuctionEvent;
  await client.close();
  const lotNumber = lots[0]?.lotNumber ?? '';
  const context = await browser.newContext({ viewport: SIZES[1].viewport, hasTouch: true, baseURL });
  const page = await context.newPage();
  const sent = sentTo(page, '/app/addManifestsToAuctionEvent');
  await signInHome(page);
  await page.getByRole('checkbox', { name: `Select ${lotNumber}` }).check();
  await chooseEvent(page, 'Auction event', `Twice ${run}`);
  const add = page.getByRole('button', { name: 'Add to Auction' });
  await add.dblclick();
  await expect(page.getByText('Manifest(s) added to auction event successfully.').first()).toBeVisible();
  await expect(add).toBeEnabled(); // answered: a new choice of lots may be added
  await expect(page.getByText(/^Sending \d+…$/)).toHaveCount(0); // nothing more on its way
  expect(sent).toEqual([{ auctionEventId: event.id, manifestIds: [lots[0]?.id] }]);
  expect((await serverRows(baseURL, event.id)).map((row) => row.manifest.lotNumber)).toEqual([lotNumber]);
  await context.close();
});

test('at a desk: a lot dragged by its handle with the mouse, another moved with the keyboard; the server keeps the sale 1..N', async ({ browser, baseURL }) => {
  const run = unique().toUpperCase();
  const { lots, event } = await seed(baseURL, ['One', 'Two', 'Three', 'Four'].map((name) => `${name} ${run}`), `Drag ${run}`);
  const [one, two, three, four] = lots.map((lot) => lot.lotNumber);
  const page = await openAt(browser, SIZES[2], baseURL);
  await navigateTo(page, 'Auctions');
  await chooseEvent(page, 'Auction event', `Drag ${run}`);
  await expect.poll(() => rowOrder(page)).toEqual([one, two, three, four]);
  const handle = (lotNumber: string | undefined) => page.getByRole('button', { name: `Drag ${lotNumber} to a new place in the sale` });
  const row = (lotNumber: string | undefined) => page.getByTestId('auction-row').filter({ hasText: lotNumber });

  await mouseDrag(page, handle(four), row(two));
  await expect.poll(() => rowOrder(page)).toEqual([one, four, two, three]);
  await keyboardDrag(handle(one), 2);
  await expect.poll(() => rowOrder(page)).toEqual([four, two, one, three]);
  await expect(page.getByText(`${one} moved to place 3 of 4.`)).toBeAttached(); // the screen reader's words
  // Escape puts a picked-up lot back.
  await handle(three).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Escape');
  await expect.poll(() => rowOrder(page)).toEqual([four, two, one, three]);

  await expect.poll(async () => (await serverRows(baseURL, event?.id ?? 0)).map((each) => [each.manifest.lotNumber, each.sortOrder]))
    .toEqual([[four, 1], [two, 2], [one, 3], [three, 4]]);
  await expect(row(three).getByText('4', { exact: true })).toBeVisible(); // the sale order shown
  await page.context().close();
});
