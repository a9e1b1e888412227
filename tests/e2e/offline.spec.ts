// The warehouse floor without Wi-Fi (DESIGN §1, §4): with the server stopped a person keeps working, reloads
// the app, and when the server is back every change arrives once, in order, and the list matches the server.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_LOTS_FILTER, type Lot } from '../../src/protocol/lots';
import { asAdmin, PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { signInHome } from './support/login';
import { untilServiceWorkerControls } from './support/service-worker';

// Each test gets its own server process it can stop, on its own port and data folder.
let nextPort = 18090;

// Long flows: a server started twice and dozens of steps a person takes. A bound against hanging, not a speed test.
test.describe.configure({ timeout: 180_000 });
// The service worker is what this file tests (or what serves the app offline here): allowed, as on a device.
test.use({ serviceWorkers: 'allow' });
let server: ServerProcess;

test.beforeEach(async () => {
  server = serverProcess(nextPort++);
  await server.start();
});

test.afterEach(async () => {
  await server.dispose();
});

async function signInAndInstall(page: Page): Promise<void> {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await untilServiceWorkerControls(page); // or a reload with the server down has nothing to open
}

async function createLot(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Lot' }).click();
  await page.getByRole('dialog').getByLabel('Title').fill(title);
  await page.getByRole('dialog').getByLabel('Title').press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
}

async function renameLot(page: Page, from: string, to: string): Promise<void> {
  await page.getByTestId('lot-row').filter({ hasText: from }).getByRole('button', { name: /^Rename/ }).click();
  const title = page.getByRole('dialog').getByLabel('Title');
  await title.fill(to);
  await title.press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** What the server holds, asked over STOMP as another client would. */
function serverLots(): Promise<Lot[]> {
  const filter = { ...DEFAULT_LOTS_FILTER, Listed: true, Sold: true, myLots: false };
  return asAdmin(server, async (client) => ((await client.request('getLots', filter, 'lots')) as Lot[]).sort((a, b) => a.id - b.id));
}

test('20 lots created and 5 renamed with the server stopped arrive once and in order after a reload and restart', async ({ page }) => {
  await signInAndInstall(page);
  await server.stop();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();

  const titles = Array.from({ length: 20 }, (_, i) => `Floor lot ${String(i + 1).padStart(2, '0')}`);
  for (const title of titles) await createLot(page, title);
  const renamed = new Map([[2, 'Pallet of kettles'], [5, 'Returned speakers'], [9, 'Mixed toys'], [14, 'Shelf pulls'], [20, 'Tool overstock']]);
  for (const [n, title] of renamed) await renameLot(page, titles[n - 1] ?? '', title);
  await expect(page.getByText('25 waiting')).toBeVisible();

  // Reload with no server at all: the app opens from the service worker and the replica still holds the work.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lots (20)' })).toBeVisible();
  await expect(page.getByText('25 waiting')).toBeVisible();

  await server.start();
  await expect(page.getByText(/^\d+ waiting$|^Sending \d+…$/)).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText('Pending')).toHaveCount(0);

  const expected = titles.map((title, i) => renamed.get(i + 1) ?? title);
  const onServer = await serverLots();
  expect(onServer.map((lot) => lot.titleListing)).toEqual(expected); // once each, in the order they were made
  const numbers = onServer.map((lot) => lot.lotNumber);
  expect([...numbers].sort()).toEqual(numbers);

  // The list on the tablet is the server's list.
  for (const lot of onServer) {
    await expect(page.getByTestId('lot-row').filter({ hasText: lot.lotNumber })).toContainText(lot.titleListing);
  }
  await expect(page.getByRole('heading', { name: 'Lots (20)' })).toBeVisible();
});

test('two open tabs replay the queued changes once', async ({ context, page }) => {
  await signInAndInstall(page);
  const second = await context.newPage();
  await second.goto(`${server.url}/home`);
  await expect(second.getByTestId('status-badge')).toHaveText('Ready.');
  await server.stop();

  for (let i = 1; i <= 5; i++) await createLot(page, `Two tabs lot ${i}`);
  await expect(second.getByRole('heading', { name: 'Lots (5)' })).toBeVisible(); // the replica is shared live
  await expect(second.getByText('5 waiting')).toBeVisible();

  await server.start();
  await expect(page.getByText(/^\d+ waiting$|^Sending \d+…$/)).toBeHidden({ timeout: 30_000 });
  await expect(second.getByText(/^\d+ waiting$|^Sending \d+…$/)).toBeHidden({ timeout: 30_000 });
  expect((await serverLots()).map((lot) => lot.titleListing)).toEqual([1, 2, 3, 4, 5].map((i) => `Two tabs lot ${i}`));
});
