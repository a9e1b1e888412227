// Lot edit (spec §2 Lot edit, §4 "Box editing", §5, §8) as staff fill boxes on a tablet with a barcode scanner
// (it types the code and presses Enter): a 30-scan session with repeats, the same with the server stopped, an
// unknown UPC, the XLS import of a real file, every dialog's validation message, the UPC field's focus whenever the
// box editor is idle, and a lot the server refuses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { utils, write } from 'xlsx';
import { ClientMessages, ServerMessages } from '../../src/protocol/messages';
import { holdOutbox } from './support/replica';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { signInHome } from './support/login';
import { SIZES } from './support/sizes';
import { expectWholeOnceInView } from './support/targets';
import { createLotWithBox, scan } from './support/lots';

test.describe.configure({ timeout: 90_000 });
let server: ServerProcess;
let files: string;
const run = `${Date.now().toString(36)}`.toUpperCase();
/** Three catalogue products made through Data entry before the tests: UPC and Msrp. */
const PRODUCTS = [
  { upc: `LE${run}1`, msrp: 10 },
  { upc: `LE${run}2`, msrp: 20 },
  { upc: `LE${run}3`, msrp: 5 },
] as const;
const [ONE, TWO, THREE] = PRODUCTS;

async function addProducts(page: Page): Promise<void> {
  await page.goto(`${server.url}/dataentry`);
  for (const { upc, msrp } of PRODUCTS) {
    await page.getByRole('button', { name: 'ADD UPC(+)' }).click();
    await page.getByRole('row').nth(1).getByRole('button', { name: /^Edit UPC:\s*$/ }).click();
    await page.getByRole('textbox', { name: 'UPC' }).fill(upc);
    await page.getByRole('textbox', { name: 'UPC' }).press('Enter');
    await page.getByRole('button', { name: `Edit Msrp of ${upc}:` }).click();
    await page.getByRole('textbox', { name: `Msrp of ${upc}` }).fill(String(msrp));
    await page.getByRole('textbox', { name: `Msrp of ${upc}` }).press('Enter');
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All UPCs Saved.')).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000); // a server's start, a sign-in and three products: slow on a busy two-core machine
  server = serverProcess(18170);
  files = mkdtempSync(join(tmpdir(), 'lotdesk-e2e-xls-'));
  await server.start();
  const page = await browser.newPage();
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await addProducts(page);
  await page.close();
});

test.afterAll(async () => {
  await server.dispose();
  rmSync(files, { recursive: true, force: true });
});

/** Signed in, a new lot with box 'A' open in Lot edit; returns the lot number. */
async function lotWithBox(page: Page, title: string): Promise<string> {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  return createLotWithBox(page, title);
}

const qnty = (page: Page, upc: string) => page.getByRole('button', { name: `Edit Qnty of ${upc}:` });

/** 12 × ONE, 10 × TWO, 8 × THREE, interleaved as a person scans a mixed box. */
const SESSION = [...Array(30).keys()].map((index) => (index % 3 === 0 || index >= 28 ? THREE : index % 3 === 1 ? ONE : TWO));
const expected = (upc: string) => SESSION.filter((product) => product.upc === upc).length;

async function expectSessionTotals(page: Page): Promise<void> {
  for (const { upc } of PRODUCTS) await expect(qnty(page, upc)).toHaveText(`${expected(upc)}.00`);
  await expect(page.getByRole('table', { name: 'Items' })).not.toContainText('Pending');
  const msrp = PRODUCTS.reduce((sum, { upc, msrp: price }) => sum + expected(upc) * price, 0);
  await expect(page.getByText('Items: 30')).toBeVisible();
  await expect(page.getByText(`MSRP: ${msrp.toFixed(2)}`)).toBeVisible();
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.locator('#lot-details')).toContainText('Units30');
  await expect(page.locator('#lot-details')).toContainText(`Retail total${msrp.toFixed(2)}`);
}

test('a scanner session of 30 scans with repeats gives the right quantities and totals', async ({ page }) => {
  await lotWithBox(page, `Scans ${run}`);
  await page.getByRole('textbox', { name: 'UPC', exact: true }).focus();
  for (const product of SESSION) await scan(page, product.upc);
  await expectSessionTotals(page);
});

test('the same session with the server stopped shows at once and arrives once when it starts', async ({ page }) => {
  await lotWithBox(page, `Offline scans ${run}`);
  await server.stop();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'UPC', exact: true }).focus();
  for (const product of SESSION) await scan(page, product.upc);
  for (const { upc } of PRODUCTS) await expect(qnty(page, upc)).toHaveText(`${expected(upc)}.00`);
  await expect(page.getByRole('table', { name: 'Items' })).toContainText('Pending');
  await server.start();
  await expectSessionTotals(page);
  await page.reload();
  for (const { upc } of PRODUCTS) await expect(qnty(page, upc)).toHaveText(`${expected(upc)}.00`);
});

test('an unknown UPC says "UPC … not found." and its row shows it failed', async ({ page }) => {
  await lotWithBox(page, `Unknown ${run}`);
  await page.getByRole('textbox', { name: 'UPC', exact: true }).focus();
  await scan(page, 'NOSUCH123');
  await expect(page.getByText('UPC NOSUCH123 not found.').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items' })).toContainText('Failed: UPC NOSUCH123 not found.');
  await page.getByRole('table', { name: 'Items' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('No items in the current box.')).toBeVisible();
});

for (const size of SIZES) {
  test(`at ${size.viewport.width}×${size.viewport.height} the Vendor field and a failed scan's Discard are whole, not cut off or covered (issue 31)`, async ({ browser }) => {
    const page = await (await browser.newContext({ viewport: size.viewport, hasTouch: size.hasTouch })).newPage();
    await lotWithBox(page, `Whole ${size.name} ${run}`);
    await page.getByRole('textbox', { name: 'UPC', exact: true }).focus();
    await scan(page, ONE.upc);
    await scan(page, 'NOSUCH456');
    const discard = page.getByRole('button', { name: 'Discard', exact: true });
    await expect(discard).toBeVisible();
    // The toasts of the scans go first: they lie over the page's top for 5 s, as designed.
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 20_000 });
    await expectWholeOnceInView(page.getByRole('button', { name: new RegExp(`^Edit Vendor of ${ONE.upc}:`) }));
    await expectWholeOnceInView(discard);
    await (size.hasTouch ? discard.tap() : discard.click());
    await expect(page.getByText('Failed: UPC NOSUCH456 not found.')).toHaveCount(0);
    await page.context().close();
  });
}

test('XLS Data Entry adds a real file\'s rows and marks the unknown UPC not found', async ({ page }) => {
  await lotWithBox(page, `Xls ${run}`);
  const sheet = utils.aoa_to_sheet([['UPC', 'Qnty'], [ONE.upc, 3], [TWO.upc, 2], ['UNKNOWN999', 4]]);
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'Box');
  const path = join(files, `box-${run}.xlsx`);
  writeFileSync(path, new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));
  await page.getByRole('button', { name: 'XLS' }).click();
  const dialog = page.getByRole('dialog', { name: 'XLS Data Entry' });
  await dialog.getByLabel('Select File').setInputFiles(path);
  await expect(dialog.getByRole('table')).toContainText('UNKNOWN999');
  await dialog.getByRole('button', { name: 'Save Changes' }).dblclick(); // a double tap adds the sheet once (issue 31)
  await expect(page.getByText('Successfully added 2 UPCs to the box.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(dialog.getByText(ClientMessages.xlsSaved)).toBeVisible();
  await expect(page.getByText('Error, 1 UPCs were not found/not added.')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'UNKNOWN999' })).toContainText('Not found');
  await expect(dialog.getByRole('row').filter({ hasText: ONE.upc })).toContainText('Added');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(qnty(page, ONE.upc)).toHaveText('3.00');
  await expect(qnty(page, TWO.upc)).toHaveText('2.00');
});

test('every dialog says what is wrong: blank UPC, blank box label, blank title, box weight and dimensions', async ({ page }) => {
  const lotNumber = await lotWithBox(page, `Dialogs ${run}`);
  await page.getByRole('textbox', { name: 'UPC', exact: true }).press('Enter');
  await expect(page.getByText('Please specify a UPC when adding the item.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Box' }).click();
  const addBox = page.getByRole('dialog', { name: 'Add Box' });
  await addBox.getByLabel('Box label').fill('  ');
  await addBox.getByLabel('Box label').blur();
  await expect(addBox.getByText('Error, box label cannot be empty.')).toBeVisible();
  await expect(addBox.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await addBox.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Edit Title' }).click();
  const title = page.getByRole('dialog', { name: 'Edit Title' });
  await title.getByLabel('Title').fill('');
  await title.getByLabel('Title').blur();
  await expect(title.getByText('Title cannot be empty')).toBeVisible();
  await title.getByLabel('Title').fill(`Renamed ${run}`);
  await title.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText(`Renamed ${run}`).first()).toBeVisible();

  await page.getByRole('button', { name: 'Update Weight/Dims' }).click();
  const dims = page.getByRole('dialog', { name: 'Update Box Weight and Dimensions' });
  await dims.getByLabel('Height (inches)').fill('');
  await dims.getByRole('button', { name: 'Submit form' }).click();
  await expect(dims).toBeVisible(); // a required field left blank keeps the form open
  expect(await dims.getByLabel('Height (inches)').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  for (const [label, value] of [['Height (inches)', '2'], ['Width (inches)', '3'], ['Length (inches)', '4'], ['Lbs', '5'], ['Ozs', '6']] as const) {
    await dims.getByLabel(label).fill(value);
  }
  await dims.getByRole('button', { name: 'Submit form' }).click();
  await expect(page.getByText('2x3x4 in')).toBeVisible();
  await expect(page.getByText('5 lbs 6 ozs')).toBeVisible();

  await page.getByRole('button', { name: 'Duplicate Lot' }).click();
  await page.getByRole('dialog', { name: 'Duplicate Lot' }).getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByText(/^Copied manifest: LOT-/)).toBeVisible();

  await page.getByRole('button', { name: 'Delete Box' }).click();
  await page.getByRole('dialog', { name: 'Delete Box' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('tab', { name: 'box A' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: lotNumber })).toBeVisible();
});

test('Update Items sends only the changed rows, Delete Items asks first', async ({ page }) => {
  await lotWithBox(page, `Items ${run}`);
  await page.getByRole('button', { name: 'Update Items' }).click();
  await expect(page.getByText('No items selected to update...')).toBeVisible();
  await page.getByRole('textbox', { name: 'UPC', exact: true }).focus();
  await scan(page, ONE.upc);
  await scan(page, TWO.upc);
  await expect(page.getByRole('table', { name: 'Items' })).not.toContainText('Pending');

  await qnty(page, ONE.upc).click();
  await page.getByRole('textbox', { name: `Qnty of ${ONE.upc}` }).fill('7');
  await page.getByRole('textbox', { name: `Qnty of ${ONE.upc}` }).press('Enter');
  await expect(page.getByRole('button', { name: `Edit Qnty of ${ONE.upc}: 7.00 (changed)` })).toBeVisible();
  await page.getByRole('button', { name: 'Update Items' }).click();
  await expect(page.getByText('Updated items: 1')).toBeVisible();
  await expect(page.getByText('Items: 8')).toBeVisible();
  await page.reload();
  await expect(qnty(page, ONE.upc)).toHaveText('7.00');
  await expect(qnty(page, TWO.upc)).toHaveText('1.00');

  await page.getByRole('checkbox', { name: `Select ${TWO.upc}` }).check();
  await page.getByRole('button', { name: 'Delete Items' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Items' });
  await expect(confirm).toContainText('Delete 1 items from this box?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted items: 1')).toBeVisible();
  await expect(qnty(page, TWO.upc)).toHaveCount(0);
  await expect(page.getByText('Items: 7')).toBeVisible();
});

test('a cell being edited keeps the caret when a scan made just before it finishes adding', async ({ page }) => {
  await lotWithBox(page, `Caret ${run}`);
  await scan(page, ONE.upc);
  await expect(qnty(page, ONE.upc)).toHaveText('1.00');
  await holdOutbox(page, 3000); // long enough for the tap and the editor even on a busy machine
  await scan(page, TWO.upc); // its add waits for the hold
  await qnty(page, ONE.upc).click();
  const editor = page.getByRole('textbox', { name: `Qnty of ${ONE.upc}` });
  await expect(editor).toBeFocused();
  await expect(qnty(page, TWO.upc)).toHaveText('1.00'); // the add has finished
  await expect(editor).toBeFocused(); // and did not take the caret
  await editor.fill('7');
  await editor.press('Enter');
  await expect(page.getByRole('button', { name: `Edit Qnty of ${ONE.upc}: 7.00 (changed)` })).toBeVisible();
});

const upcField = (page: Page) => page.getByRole('textbox', { name: 'UPC', exact: true });

test('the UPC field has focus when a lot opens, after Add Box, after every dialog, a toast, a tab and a scan', async ({ page }) => {
  await lotWithBox(page, `Focus ${run}`);
  await expect(upcField(page)).toBeFocused(); // the first box added
  await page.reload();
  await expect(page.getByRole('tab', { name: 'box A', selected: true })).toBeVisible();
  await expect(upcField(page)).toBeFocused(); // a lot with a box opens

  await page.getByRole('button', { name: 'Add Box' }).click();
  await page.getByRole('dialog', { name: 'Add Box' }).getByLabel('Box label').fill('B');
  await page.getByRole('dialog', { name: 'Add Box' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('tab', { name: 'box B' })).toBeVisible();
  await expect(upcField(page)).toBeFocused();

  for (const [button, dialog] of [['Update Weight/Dims', 'Update Box Weight and Dimensions'], ['Edit Title', 'Edit Title'], ['Duplicate Lot', 'Duplicate Lot'], ['XLS', 'XLS Data Entry']]) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(upcField(page), `after ${dialog} closed with Esc`).toBeFocused();
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.getByRole('dialog', { name: dialog }).getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(upcField(page), `after ${dialog} closed with Close`).toBeFocused();
  }
  await page.getByRole('button', { name: 'Update Weight/Dims' }).click();
  await page.getByRole('dialog', { name: 'Update Box Weight and Dimensions' }).getByRole('button', { name: 'Submit form' }).click();
  await expect(upcField(page), 'after a dialog\'s action').toBeFocused();

  await page.getByRole('button', { name: 'Update Items' }).click();
  await expect(page.getByText('No items selected to update...')).toBeVisible();
  await expect(upcField(page), 'after a toast').toBeFocused();
  await page.getByRole('tab', { name: 'box B' }).click();
  await expect(page.getByRole('tab', { name: 'box B', selected: true })).toBeVisible();
  await expect(upcField(page), 'after a tab is chosen').toBeFocused();
  await scan(page, ONE.upc);
  await expect(qnty(page, ONE.upc)).toHaveText('1.00');
  await expect(upcField(page), 'after a scan').toBeFocused();
});

test('a scanner\'s typing and Enter add the item with no click on the field, wherever focus was left', async ({ page }) => {
  const lotNumber = await lotWithBox(page, `Wedge ${run}`);
  await page.getByRole('heading', { name: lotNumber }).click(); // focus leaves the field for the page
  await expect(upcField(page)).not.toBeFocused();
  await page.keyboard.type(TWO.upc);
  await page.keyboard.press('Enter');
  await expect(qnty(page, TWO.upc)).toHaveText('1.00');
  await page.getByRole('button', { name: 'Details' }).click(); // a button keeps focus after a click
  await page.keyboard.type(TWO.upc);
  await page.keyboard.press('Enter');
  await expect(qnty(page, TWO.upc)).toHaveText('2.00');
  await expect(upcField(page)).toBeFocused();
});

for (const size of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
  test(`a lot that is not there shows the server's message once and the way back to Lots (${size.width}×${size.height})`, async ({ page }) => {
    await page.setViewportSize(size);
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await page.goto(`${server.url}/lotedit/999999`);
    const message = page.getByText(ServerMessages.lotNotFoundOrNotOwned);
    await expect(message).toBeVisible();
    await expect(message).toHaveCount(1);
    await expect(page.getByText('Loading the lot…')).toHaveCount(0);
    const back = page.getByRole('link', { name: 'Back to Lots' });
    await expect(back).toBeInViewport();
    await back.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
    await expect(message).toHaveCount(0); // no toast of it either, then or later
  });
}
