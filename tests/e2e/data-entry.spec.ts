// Data entry (spec §2 Data entry, §4, §8) as staff use it on a tablet: type-ahead search, ADD UPC(+) and Save,
// an Update of one changed cell, the admin-only Delete, an Excel import of a real .xlsx file, and the same work
// with the server stopped, arriving once it is back.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { utils, write } from 'xlsx';
import { addUser, PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { signInHome } from './support/login';
import { untilServiceWorkerControls } from './support/service-worker';

test.describe.configure({ timeout: 60_000 });
let server: ServerProcess;
let files: string;
const CLERK = { username: 'clerk', password: 'clerk-password-1' } as const;

test.beforeAll(async () => {
  test.setTimeout(120_000); // two CLI runs and a server start: a hook keeps the default 30 s otherwise
  server = serverProcess(18150);
  files = mkdtempSync(join(tmpdir(), 'lotdesk-e2e-files-'));
  // The accounts, made with the users CLI before the server takes the data folder: the admin (no first-start
  // admin is made once a user exists) and a ROLE_USER.
  addUser(server.dataDir, 'admin', '--admin', '--password', PROCESS_ADMIN_PASSWORD);
  addUser(server.dataDir, CLERK.username, '--password', CLERK.password);
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
  rmSync(files, { recursive: true, force: true });
});

const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function openDataEntry(page: Page): Promise<void> {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await page.goto(`${server.url}/dataentry`);
  await expect(page.getByRole('heading', { name: 'Data Entry' })).toBeVisible();
  await expect(page.getByTestId('status-badge')).not.toHaveText(/Offline/);
}

/** Types into an editable cell: a tap opens it, Enter commits. */
async function fillCell(scope: Locator | Page, button: string | RegExp, text: string): Promise<void> {
  await scope.getByRole('button', { name: button }).first().click();
  const input = scope.getByRole('textbox').first();
  await input.fill(text);
  await input.press('Enter');
}

const rowOf = (page: Page, upc: string): Locator => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit UPC of ${upc}:` }) });

/** ADD UPC(+), then the UPC and brand of the new (top) row. */
async function addRow(page: Page, upc: string, brand: string): Promise<void> {
  await page.getByRole('button', { name: 'ADD UPC(+)' }).click();
  const fresh = page.getByRole('row').nth(1);
  await fillCell(fresh, /^Edit UPC:\s*$/, upc);
  await fillCell(rowOf(page, upc), /^Edit Brand of /, brand);
}

/** Types into a search field and presses Enter, as a barcode scanner does: that runs the Search. */
async function search(page: Page, field: string, text: string): Promise<void> {
  await page.getByRole('combobox', { name: field }).fill(text);
  await page.getByRole('combobox', { name: field }).press('Enter');
}

test('Save with no new row selected says "No items selected to save..."', async ({ page }) => {
  await openDataEntry(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('No items selected to save...')).toBeVisible();
});

test('ADD UPC(+) three rows and Save sends them one by one until "All UPCs Saved."', async ({ page }) => {
  await openDataEntry(page);
  const id = unique();
  const upcs = [`${id}1`, `${id}2`, `${id}3`];
  for (const upc of upcs) await addRow(page, upc, `Brand ${id}`);
  for (const upc of upcs) await expect(rowOf(page, upc)).toContainText('New');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All UPCs Saved.')).toBeVisible();
  for (const upc of upcs) await expect(rowOf(page, upc)).not.toContainText(/New|Pending/);
  // They are in the catalogue: a search by UPC on a fresh page finds them.
  await page.reload();
  await search(page, 'UPC', id);
  await expect(page.getByRole('button', { name: /^Edit UPC of / })).toHaveCount(3);
});

test('type-ahead suggests brands from the catalogue and Search fills the table', async ({ page }) => {
  await openDataEntry(page);
  const id = unique();
  await addRow(page, `${id}7`, `Acme ${id}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All UPCs Saved.')).toBeVisible();
  await page.reload();
  const brand = page.getByRole('combobox', { name: 'Brand/Vendor' });
  await brand.fill(`acme ${id.slice(0, 4).toLowerCase()}`);
  const option = page.getByRole('listbox', { name: 'Brand/Vendor' }).getByRole('option', { name: `Acme ${id}` });
  await option.click();
  await expect(brand).toHaveValue(`Acme ${id}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(rowOf(page, `${id}7`)).toBeVisible();
});

test('Update sends only the changed row, marked until it is sent', async ({ page }) => {
  await openDataEntry(page);
  const id = unique();
  await addRow(page, `${id}5`, 'Before');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All UPCs Saved.')).toBeVisible();
  await page.reload();
  await search(page, 'UPC', `${id}5`);
  const row = rowOf(page, `${id}5`);
  await fillCell(row, /^Edit Color of /, 'Teal');
  await expect(row.getByRole('button', { name: /^Edit Color of .*\(changed\)$/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Edit Brand of .*\(changed\)$/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(row.getByRole('button', { name: /\(changed\)$/ })).toHaveCount(0);
  await expect(row).not.toContainText('Pending');
  await page.reload();
  await search(page, 'UPC', `${id}5`);
  await expect(rowOf(page, `${id}5`).getByRole('button', { name: /^Edit Color of / })).toHaveText('Teal');
  await expect(rowOf(page, `${id}5`).getByRole('button', { name: /^Edit Brand of / })).toHaveText('Before');
});

test('Delete is for admins: a user sees it disabled, an admin deletes the selected UPC', async ({ page, browser }) => {
  await openDataEntry(page);
  const id = unique();
  await addRow(page, `${id}9`, 'Doomed');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All UPCs Saved.')).toBeVisible();

  const clerk = await browser.newPage();
  await clerk.goto(`${server.url}/login`);
  await clerk.getByLabel('Username').fill(CLERK.username);
  await clerk.getByLabel('Password').fill(CLERK.password);
  await clerk.getByLabel('Password').press('Enter');
  await expect(clerk).toHaveURL(/\/home$/);
  await clerk.goto(`${server.url}/dataentry`);
  await expect(clerk.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await clerk.close();

  await rowOf(page, `${id}9`).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete UPCs' }).getByRole('button', { name: 'Delete' }).click();
  await expect(rowOf(page, `${id}9`)).toHaveCount(0);
  await page.reload();
  await search(page, 'UPC', `${id}9`);
  await expect(page.getByText('No UPCs to show.')).toBeVisible();
});

test('an Excel file (.xlsx) becomes new rows (source excel) that Save stores', async ({ page }) => {
  await openDataEntry(page);
  const id = unique();
  const sheet = utils.aoa_to_sheet([
    ['UPC', 'Brand', 'MSRP', 'Style', 'Color', 'Size', 'Description'],
    [`${id}01`, 'Xl Brand', 19.99, 'ST-1', 'Red', 'M', 'A red shirt'],
    [`${id}02`, 'Xl Brand', '5', 'ST-2', 'Blue', 'L', 'A blue shirt'],
    ['', 'No upc here', 3, '', '', '', ''],
  ]);
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, 'Products');
  const path = join(files, `products-${id}.xlsx`);
  writeFileSync(path, new Uint8Array(write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer));

  await expect(page.getByText('No file selected')).toBeVisible();
  await page.getByLabel('Select Excel File').setInputFiles(path);
  await expect(page.getByText(`products-${id}.xlsx`, { exact: true })).toBeVisible();
  await expect(rowOf(page, `${id}01`)).toContainText('A red shirt');
  await expect(rowOf(page, `${id}01`).getByRole('button', { name: /^Edit Msrp of / })).toHaveText('19.99');
  await expect(rowOf(page, `${id}02`)).toContainText('New');
  await expect(page.getByText(/Skipped 1 rows/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('All UPCs Saved.')).toBeVisible();
});

test.describe('offline', () => {
  // The app comes from its service worker while the server is away.
  test.use({ serviceWorkers: 'allow' });

  test('with the server stopped, a search finds the entries on the device and a Save arrives once it is back', async ({ page }) => {
    await openDataEntry(page);
    const id = unique();
    await addRow(page, `${id}41`, `Offline ${id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('All UPCs Saved.')).toBeVisible();
    await untilServiceWorkerControls(page); // or the reload below, with the server away, has nothing to open

    await server.stop();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await page.reload();
    await search(page, 'UPC', `${id}4`);
    await expect(rowOf(page, `${id}41`)).toBeVisible();
    await addRow(page, `${id}42`, `Offline ${id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('UPCs wait for the connection')).toBeVisible();
    await expect(rowOf(page, `${id}42`)).toContainText('Pending');

    await server.start();
    await expect(page.getByText('All UPCs Saved.')).toBeVisible({ timeout: 30_000 });
    await expect(rowOf(page, `${id}42`)).not.toContainText('Pending');
  });
});
