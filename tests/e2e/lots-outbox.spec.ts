// The Lots list through the outbox, as a person on a tablet whose Wi-Fi drops sees it (DESIGN §4, §7): a lot
// created online, then — with the socket gone — a lot created and another renamed, shown at once as
// Pending with 'Offline' and '2 waiting' in the badge; when the connection is back, everything reaches the
// server exactly once (a second, fresh browser sees the same lots) and the marks go.
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { signInHome } from './support/login';

// Its own server process and data folder, so the lots made here are nobody else's count.
let nextPort = 18190;
let server: ServerProcess;

test.beforeEach(async () => {
  server = serverProcess(nextPort++);
  await server.start();
});

test.afterEach(async () => {
  await server.dispose();
});

/** Routes the page's /ws through Playwright, so the test can cut the connection and refuse new ones. */
async function cuttableSocket(page: Page) {
  let online = true;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket('**/ws', (socket) => {
    sockets.push(socket);
    if (online) socket.connectToServer();
    else void socket.close(); // a refused reconnect, as with no Wi-Fi
  });
  return {
    async cut() {
      online = false;
      for (const socket of sockets.splice(0)) await socket.close();
    },
    restore() {
      online = true;
    },
  };
}

async function prompt(page: Page, opener: string | RegExp, title: string): Promise<void> {
  await page.getByRole('button', { name: opener }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog).toHaveCount(0);
}

test('lots made and renamed offline show at once and reach the server once when the connection is back', async ({ page, browser }) => {
  const suffix = Date.now().toString(36);
  const socket = await cuttableSocket(page);
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');

  await prompt(page, 'Create Lot', `Kitchenware ${suffix}`);
  const kitchenware = page.getByRole('row').filter({ hasText: `Kitchenware ${suffix}` });
  await expect(kitchenware).toContainText('LOT-');
  await expect(kitchenware).not.toContainText('Pending');
  const lotNumber = (await kitchenware.getByRole('cell').first().innerText()).trim();

  await socket.cut();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible();
  await prompt(page, 'Create Lot', `Offline lot ${suffix}`);
  await prompt(page, `Rename ${lotNumber}`, `Kitchenware sorted ${suffix}`);
  await expect(page.getByText('2 waiting')).toBeVisible();
  const offlineLot = page.getByRole('row').filter({ hasText: `Offline lot ${suffix}` });
  await expect(offlineLot).toContainText('New lot');
  await expect(offlineLot).toContainText('Pending');
  await expect(page.getByRole('row').filter({ hasText: `Kitchenware sorted ${suffix}` })).toContainText('Pending');

  socket.restore();
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText(/^\d+ waiting$|^Sending \d+…$/)).toHaveCount(0);
  await expect(offlineLot).toContainText('LOT-');
  await expect(page.getByText('Pending')).toHaveCount(0);

  // A second browser with an empty replica sees what the server holds: each change once.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInHome(second, server.url, PROCESS_ADMIN_PASSWORD);
  await expect(second.getByRole('row').filter({ hasText: `Kitchenware sorted ${suffix}` })).toHaveCount(1);
  await expect(second.getByRole('row').filter({ hasText: `Offline lot ${suffix}` })).toHaveCount(1);
  await expect(second.getByRole('row').filter({ hasText: `Kitchenware ${suffix}` })).toHaveCount(0);
  await other.close();
});

test('Create Lot asks for a title: Proceed stays disabled while it is blank', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Create Lot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Lot' });
  await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('x');
  await dialog.getByLabel('Title').fill('   ');
  await expect(dialog.getByText('Title cannot be empty')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
