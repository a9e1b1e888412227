// Every table at every size (issue 13, layout at every size): the Lots table, Lot edit's items and Data entry's
// UPCs on a 360 px phone (cards), a 768 px tablet and a 1280 px desk (tables), with touch where a finger is used.
// The page never scrolls sideways; the key column and the select checkbox stay in view; every column the spec
// lists is reachable; every action can be tapped; the Columns chooser hides a column and a reload keeps it so.
// A full-page screenshot of each screen at each size is attached to the run.
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { signInHome } from './support/login';
import { keepScreenshot } from './support/screenshots';
import { createLot, createLotWithBox, lotRow, unique } from './support/lots';
import { SIZES as SCREEN_SIZES } from './support/sizes';

const run = unique().toUpperCase();
const UPC = `TL${run}1`;
const TITLES = [`Layout ${run} A`, `Layout ${run} B`, `Layout ${run} C`];
/** Set up once: the lot whose box holds UPC, and the Lots page's first lot number. */
let boxLot = { id: '', lotNumber: '' };
let lotNumber = '';

// On a phone the tables are cards (issue 13).
const SIZES = SCREEN_SIZES.map((size) => ({ ...size, cards: size.name === 'phone' }));
type Size = (typeof SIZES)[number];

test.describe.configure({ timeout: 90_000 });

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await signInAt(page, '/home');
  // A product in the catalogue, scanned into a lot's box, so all three tables have rows.
  await page.goto('/dataentry');
  await page.getByRole('button', { name: 'ADD UPC(+)' }).click();
  await page.getByRole('row').nth(1).getByRole('button', { name: /^Edit UPC:\s*$/ }).click();
  await page.getByRole('textbox', { name: 'UPC' }).fill(UPC);
  await page.getByRole('textbox', { name: 'UPC' }).press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All UPCs Saved.')).toBeVisible();
  await page.goto('/home');
  for (const title of TITLES) lotNumber = await createLot(page, title);
  const number = await createLotWithBox(page, `Layout ${run} box`);
  boxLot = { id: new URL(page.url()).pathname.split('/').pop() ?? '', lotNumber: number };
  const field = page.getByRole('textbox', { name: 'UPC', exact: true });
  await field.fill(UPC);
  await field.press('Enter');
  await expect(page.getByRole('button', { name: `Edit Qnty of ${UPC}:` })).toBeVisible();
  await context.close();
});

async function signInAt(page: Page, path: string): Promise<void> {
  await signInHome(page);
  if (path !== '/home') await page.goto(path);
}

/** A row of the named table: a table row on a desk or tablet, a card (named by its key) on a phone. */
function rowOf(page: Page, size: Size, table: string, key: string): Locator {
  return size.cards
    ? page.getByRole('list', { name: table }).getByRole('listitem', { name: key })
    : page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: key });
}

async function press(size: Size, target: Locator): Promise<void> {
  if (size.hasTouch) await target.tap();
  else await target.click();
}

/** The page is no wider than the window: nothing lies outside it horizontally. */
async function expectNoSidewaysPage(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** Scrolled to (inside the table's box when needed), the element lies wholly inside the window's width. */
async function expectReachable(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expectInView(page, target);
}

/** Taps a control that opens a dialog, checks the dialog, closes it with its Close button. */
async function opensDialog(page: Page, size: Size, control: Locator, title: string | RegExp): Promise<void> {
  await expectReachable(page, control);
  await press(size, control);
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await press(size, dialog.getByRole('button', { name: 'Close' }));
  await expect(dialog).toHaveCount(0);
}

/** Taps a numeric cell: its field opens; Escape leaves it unchanged. */
async function editsByTap(page: Page, size: Size, label: string, key: string): Promise<void> {
  const cell = page.getByRole('button', { name: `Edit ${label} of ${key}:` });
  await expectReachable(page, cell);
  await press(size, cell);
  await expect(page.getByRole('textbox', { name: `${label} of ${key}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(cell).toBeVisible();
}

async function selectsByTap(page: Page, size: Size, key: string): Promise<void> {
  const box = page.getByRole('checkbox', { name: `Select ${key}` });
  await expectReachable(page, box);
  await press(size, box);
  await expect(box).toBeChecked();
}

/** Where it is now, without scrolling anything: wholly inside the window's width. */
async function expectInView(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'it is rendered').not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
}

/**
 * A table wider than the screen scrolls inside its own box (always so on the tablet), and wherever it is scrolled
 * the key cell and the select checkbox stay in view: the key column sticks at the start, the select column at the end.
 */
async function expectPinnedWhenScrolled(page: Page, size: Size, table: string, key: string): Promise<void> {
  if (size.cards) return;
  const box = page.getByRole('table', { name: table }).locator('xpath=..');
  const overflows = await box.evaluate((element) => element.scrollWidth > element.clientWidth);
  if (size.name === 'tablet') expect(overflows, 'the table is wider than a tablet').toBe(true);
  if (!overflows) return;
  const row = rowOf(page, size, table, key);
  const keyCell = row.getByRole('cell').first();
  const select = row.getByRole('checkbox', { name: `Select ${key}` });
  await box.evaluate((element) => element.scrollTo({ left: 0 }));
  await expectInView(page, keyCell);
  await expectInView(page, select);
  await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expectInView(page, keyCell);
  await expectInView(page, select);
  await box.evaluate((element) => element.scrollTo({ left: 0 }));
}

async function screenshot(page: Page, testInfo: TestInfo, screen: string, size: Size): Promise<void> {
  await keepScreenshot(page, testInfo, `${screen}-${size.name}-${size.viewport.width}x${size.viewport.height}`);
}

/** Each spec column of a table: reachable as a header on a desk, as the named control or label in a phone card. */
async function expectColumns(page: Page, size: Size, table: string, key: string, headers: readonly (string | RegExp)[]): Promise<void> {
  const row = rowOf(page, size, table, key);
  for (const header of headers) {
    const target = size.cards ? row.getByText(header, { exact: true }).first() : page.getByRole('table', { name: table }).getByRole('columnheader', { name: header });
    await expectReachable(page, target);
  }
}

for (const size of SIZES) {
  test.describe(`at ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test(`the Lots ${size.cards ? 'cards fit' : 'table fits'} the screen and every action can be tapped`, async ({ page }, testInfo) => {
      await signInAt(page, '/home');
      const row = rowOf(page, size, 'Lots', lotNumber);
      await expect(row).toContainText(TITLES[2] ?? '');
      await expect(row).toContainText('NOT_LISTED');
      await expectNoSidewaysPage(page);
      await screenshot(page, testInfo, 'lots', size);

      if (size.cards) {
        await expectColumns(page, size, 'Lots', lotNumber, ['Status', 'Category', 'Units', 'Listing', 'Retail', 'Auction', 'Location']);
        await expectReachable(page, row.getByText(lotNumber, { exact: true }));
      } else {
        await expectColumns(page, size, 'Lots', lotNumber, ['Lot #', 'Status', 'Title', 'Category', 'Units', 'Listing', 'Retail', 'Edit', 'Auction', /^Location/, 'Select all shown lots']);
      }
      if (size.name === 'desk') {
        // At 1280 px the whole table fits: nothing to scroll sideways inside its box either.
        const box = page.getByRole('table', { name: 'Lots' }).locator('xpath=..');
        expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      }
      await expectPinnedWhenScrolled(page, size, 'Lots', lotNumber);

      await opensDialog(page, size, row.getByRole('button', { name: `Status of ${lotNumber}: NOT_LISTED` }), /Status/);
      await opensDialog(page, size, row.getByRole('button', { name: new RegExp(`^Location of ${lotNumber}:`) }), `Update Location for ${lotNumber} NOT_LISTED`);
      await opensDialog(page, size, row.getByRole('button', { name: `Rename ${lotNumber}` }), /.+/);
      for (const label of ['Units', 'Listing', 'Retail']) await editsByTap(page, size, label, lotNumber);
      await selectsByTap(page, size, lotNumber);
      const all = page.getByRole('checkbox', { name: 'Select all shown lots' });
      await expectReachable(page, all);
      await press(size, all);
      await expect(all).toBeChecked();
      await expect(lotRow(page, TITLES[0] ?? '').getByRole('checkbox')).toBeChecked();
      await expectNoSidewaysPage(page);
      const edit = row.getByRole('link', { name: `Edit ${lotNumber}` });
      await expectReachable(page, edit);
      await press(size, edit);
      await expect(page.getByRole('heading', { name: lotNumber })).toBeVisible();
    });

    test('the Columns chooser hides Auction in the Lots table, and a reload keeps it hidden', async ({ page }) => {
      await signInAt(page, '/home');
      const row = rowOf(page, size, 'Lots', lotNumber);
      await expect(row).toBeVisible();
      const auction = size.cards ? row.getByText('Auction', { exact: true }) : page.getByRole('columnheader', { name: 'Auction' });
      await expect(auction).toHaveCount(1);
      const button = page.getByRole('button', { name: 'Columns of Lots' });
      await expectReachable(page, button);
      await press(size, button);
      const dialog = page.getByRole('dialog', { name: 'Columns of Lots' });
      await expect(dialog.getByRole('checkbox', { name: 'Lot #' })).toBeDisabled(); // a key column always shows
      const choice = dialog.getByRole('checkbox', { name: 'Auction' });
      // Its layout height (the dialog's opening animation scales what boundingBox sees): a 44 px target at least.
      expect(await choice.locator('xpath=ancestor::label').evaluate((label: HTMLElement) => label.offsetHeight)).toBeGreaterThanOrEqual(44);
      await press(size, choice);
      await expect(choice).not.toBeChecked();
      await press(size, dialog.getByRole('button', { name: 'Close' }));
      await expect(button).toBeFocused(); // focus returns to the opener
      await expect(auction).toHaveCount(0);

      await page.reload();
      await expect(row).toBeVisible();
      await expect(auction).toHaveCount(0);
      await expect(row.getByRole('button', { name: `Edit Units of ${lotNumber}:` })).toHaveCount(1);
      await press(size, button);
      await press(size, dialog.getByRole('checkbox', { name: 'Auction' }));
      await press(size, dialog.getByRole('button', { name: 'Close' }));
      await expect(auction).toHaveCount(1);
    });

    test(`Lot edit's items ${size.cards ? 'cards fit' : 'table fits'} the screen and every cell can be tapped`, async ({ page }, testInfo) => {
      await signInAt(page, `/lotedit/${boxLot.id}`);
      await expect(page.getByRole('heading', { name: boxLot.lotNumber })).toBeVisible();
      const row = rowOf(page, size, 'Items', UPC);
      await expect(row).toBeVisible();
      await expectNoSidewaysPage(page);
      await screenshot(page, testInfo, 'lot-edit', size);
      if (!size.cards) await expectColumns(page, size, 'Items', UPC, ['UPC', 'Qnty', 'Msrp', 'Your Cost', 'List Price', 'Vendor', 'Desc', 'Color', 'Size', 'Select']);
      await expectPinnedWhenScrolled(page, size, 'Items', UPC);
      for (const label of ['Qnty', 'Msrp', 'Your Cost', 'List Price']) await editsByTap(page, size, label, UPC);
      for (const label of ['Vendor', 'Desc', 'Color', 'Size']) await expectReachable(page, row.getByRole('button', { name: `Edit ${label} of ${UPC}:` }));
      await selectsByTap(page, size, UPC);
      await expectNoSidewaysPage(page);
    });

    test(`Data entry's UPC ${size.cards ? 'cards fit' : 'table fits'} the screen and every action can be tapped`, async ({ page }, testInfo) => {
      await signInAt(page, '/dataentry');
      await page.getByRole('combobox', { name: 'UPC' }).fill(UPC);
      await page.getByRole('combobox', { name: 'UPC' }).press('Enter');
      const row = rowOf(page, size, 'UPCs', UPC);
      await expect(row).toBeVisible();
      await expectNoSidewaysPage(page);
      await screenshot(page, testInfo, 'data-entry', size);
      if (!size.cards) await expectColumns(page, size, 'UPCs', UPC, ['UPC', 'Brand', 'Msrp', 'Style', 'Color', 'Size', 'Desc', 'Images', 'Select']);
      await expectPinnedWhenScrolled(page, size, 'UPCs', UPC);
      await editsByTap(page, size, 'Msrp', UPC);
      for (const label of ['UPC', 'Brand', 'Style', 'Color', 'Size', 'Desc']) {
        const name = label === 'UPC' ? `Edit UPC of ${UPC}:` : `Edit ${label} of ${UPC}:`;
        await expectReachable(page, row.getByRole('button', { name }));
      }
      await opensDialog(page, size, row.getByRole('button', { name: `Images of ${UPC}` }), /.+/);
      await selectsByTap(page, size, UPC);
      await expectNoSidewaysPage(page);
    });
  });
}
