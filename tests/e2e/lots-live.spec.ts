// The Lots list beyond one tablet on the Wi-Fi (spec §2 Lots list, §8, §9; DESIGN §4): a change in one browser
// reaches a second one live, the filter and search keep working with the server stopped, Multiple SKUs never
// leaves its progress dialog hanging, a 360 px phone gets a usable page, and 10,000 lots stay a short DOM (as table
// rows on a tablet, as cards on a phone).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page, type WebSocketRoute } from '@playwright/test';
import { MessageType } from '../../src/protocol/message-types';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { signInHome } from './support/login';
import { createLot, lotRow, unique } from './support/lots';
import { expectTouchTargets } from './support/targets';

const row = lotRow;

async function signedInPage(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 768, height: 1024 } })).newPage();
  await signInHome(page, url, PROCESS_ADMIN_PASSWORD);
  return page;
}

test.describe('with the server on and off', () => {
  // A server of its own, stopped and started by the offline test.
  test.describe.configure({ timeout: 120_000 });
  let server: ServerProcess;
  test.beforeAll(async () => {
    server = serverProcess(18131);
    await server.start();
  });
  test.afterAll(async () => {
    await server.dispose();
  });

  test('shows "Table Lot Updated." in the second tab without a reload, keeping its selection', async ({ page, browser }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const suffix = unique();
    const lotNumber = await createLot(page, `Shared ${suffix}`);
    await createLot(page, `Other ${suffix}`);

    const second = await signedInPage(browser, server.url);
    try {
      await expect(row(second, `Shared ${suffix}`)).toHaveCount(1);
      // A reload would lose this mark: it proves the change arrived live.
      await second.evaluate(() => document.body.setAttribute('data-no-reload', 'yes'));
      await second.getByRole('checkbox', { name: `Select ${lotNumber}` }).check();

      await row(page, `Shared ${suffix}`).getByRole('button', { name: `Rename ${lotNumber}` }).click();
      const title = page.getByRole('dialog').getByLabel('Title');
      await title.fill(`Renamed ${suffix}`);
      await title.press('Enter');

      await expect(row(second, lotNumber)).toContainText(`Renamed ${suffix}`);
      await expect(second.getByText('Table Lot Updated.')).toBeVisible();
      await expect(second.getByRole('checkbox', { name: `Select ${lotNumber}` })).toBeChecked();
      await expect(second.locator('body')).toHaveAttribute('data-no-reload', 'yes');
    } finally {
      await second.context().close();
    }
  });

  test('the filter and the search work from the replica with the server stopped', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const word = `Qv${unique()}`;
    const shippedNumber = await createLot(page, `${word} shipped`);
    const notListedNumber = await createLot(page, `${word} waiting`);
    await page.getByRole('button', { name: `Status of ${shippedNumber}` }).click();
    await page.getByRole('dialog', { name: 'Update Lot(s) Status' }).getByRole('radio', { name: 'SHIPPED' }).check();
    await page.getByRole('dialog', { name: 'Update Lot(s) Status' }).getByRole('button', { name: 'Update' }).click();
    await expect(row(page, shippedNumber)).not.toContainText('Pending');

    await server.stop();
    try {
      await expect(page.getByText('Offline', { exact: true })).toBeVisible();

      // The filter: each checkbox changes the rows at once.
      await page.getByRole('checkbox', { name: 'SHIPPED' }).uncheck();
      await expect(row(page, shippedNumber)).toHaveCount(0);
      await expect(row(page, notListedNumber)).toHaveCount(1);
      await page.getByRole('checkbox', { name: 'NOT_LISTED' }).uncheck();
      await expect(row(page, notListedNumber)).toHaveCount(0);
      await page.getByRole('checkbox', { name: 'SHIPPED' }).check();
      await page.getByRole('checkbox', { name: 'NOT_LISTED' }).check();
      await expect(row(page, shippedNumber)).toHaveCount(1);
      await expect(row(page, notListedNumber)).toHaveCount(1);

      // The search: suggestions above 2 characters, from the lots this device holds (none were asked online).
      const search = page.getByRole('combobox', { name: 'Search lots' });
      const options = page.getByRole('listbox', { name: 'Search lots' }).getByRole('option');
      await search.fill(word.slice(0, 2));
      await expect(options).toHaveCount(0);
      await search.fill(word.toLowerCase());
      await expect(options).toHaveText([`${shippedNumber} ${word} shipped`, `${notListedNumber} ${word} waiting`]);
      await search.fill(notListedNumber);
      await expect(options).toHaveText([`${notListedNumber} ${word} waiting`]);
      await options.first().click();
      await expect(page.getByRole('heading', { name: 'Lots (1)' })).toBeVisible();
      await expect(row(page, notListedNumber)).toHaveCount(1);
      await page.getByRole('button', { name: 'Show all lots' }).click();
      await expect(row(page, shippedNumber)).toHaveCount(1);

      // Multiple SKUs is a query: offline nothing is sent, it says so and shows no progress left waiting.
      await page.getByRole('button', { name: 'Multiple SKUs' }).click();
      await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByLabel('SKUs, one per line').fill(shippedNumber);
      await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByRole('button', { name: 'Proceed' }).click();
      await page.getByRole('dialog', { name: 'Getting Lots by SKUs for 1 lots.' }).getByRole('button', { name: 'Update Categories' }).click();
      await expect(page.getByText('Multiple SKUs needs the server: try again when back online.')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } finally {
      await server.start();
    }
  });

  test('Multiple SKUs closes its progress dialog when the connection drops before the reply', async ({ page }) => {
    // The socket goes through the test, which swallows the FOUND_LOTS reply, then cuts the connection and
    // refuses the reconnects, so only the connection going down can end the run (not a later reply).
    let client: WebSocketRoute | undefined;
    let toServer: WebSocketRoute | undefined;
    let swallowed = 0;
    let cut = false;
    await page.routeWebSocket(/\/ws$/, async (socket) => {
      if (cut) return socket.close({ code: 1006, reason: 'no network' });
      const upstream = socket.connectToServer();
      client = socket;
      toServer = upstream;
      socket.onMessage((message) => upstream.send(message));
      upstream.onMessage((message) => {
        if (typeof message === 'string' && message.includes(`"messageType":${MessageType.FOUND_LOTS},`)) swallowed++;
        else socket.send(message);
      });
    });
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const lotNumber = await createLot(page, `Dropped ${unique()}`);
    await page.getByRole('button', { name: 'Multiple SKUs' }).click();
    await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByLabel('SKUs, one per line').fill(lotNumber);
    await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('dialog', { name: 'Getting Lots by SKUs for 1 lots.' }).getByRole('button', { name: 'Update Categories' }).click();
    const progress = page.getByRole('dialog', { name: 'Getting Lots by SKUs', exact: true });
    await expect(progress).toBeVisible();
    await expect.poll(() => swallowed).toBe(1);
    await expect(progress).toBeVisible(); // no reply, no end

    // Both ends go, as when the tablet leaves the Wi-Fi.
    cut = true;
    await toServer?.close();
    await client?.close({ code: 1001, reason: 'connection lost' });
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await expect(progress).toHaveCount(0);
    // No longer busy: no spinner, and no run's message left (offline the badge says Offline, not a stale 'Ready.').
    await expect(page.getByRole('status', { name: 'Working' })).toHaveCount(0);
    await expect(page.getByTestId('status-badge')).toHaveText('');
  });

  test('at 360 px the page does not scroll sideways, each lot is a card that fits, and toolbar buttons are 44 px tall', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    const lotNumber = await createLot(page, `Phone ${unique()}`);

    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    await expect(page.getByRole('table', { name: 'Lots' })).toHaveCount(0);
    const list = page.getByRole('list', { name: 'Lots' });
    const box = list.locator('xpath=..');
    await expect(list.getByRole('listitem', { name: lotNumber })).toBeVisible();
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    expect(await box.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(360);

    // On a phone the row keeps Create Lot; the other actions are under More actions (issue 13).
    const rowControls = await page.getByRole('toolbar', { name: 'Lot actions' }).locator('button:visible, select:visible').all();
    expect(rowControls).toHaveLength(2); // Create Lot, More actions
    await expectTouchTargets(rowControls);
    await page.getByRole('button', { name: 'More actions' }).click();
    const sheet = page.getByRole('dialog', { name: 'More actions' });
    await expect(sheet.getByRole('button', { name: 'Unlist Lots' })).toBeVisible();
    await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished))); // measured once popped in
    const sheetControls = await sheet.locator('button, select').all();
    expect(sheetControls).toHaveLength(8); // the other seven actions (Print labels too) and the auction-event picker
    await expectTouchTargets(sheetControls);
    await page.keyboard.press('Escape');
    await box.evaluate((element) => element.scrollBy({ left: 10_000 }));
    expect(await overflow()).toBe(0);
  });
});

const run = promisify(execFile);
const LOT_COUNT = 10_000;

test.describe('with 10,000 lots', () => {
  // Seeding 10,000 lots with boxes and items and loading them all is long work: a bound against hanging.
  test.describe.configure({ timeout: 300_000 });
  let server: ServerProcess;
  test.beforeAll(async () => {
    test.setTimeout(300_000); // a hook keeps the default timeout otherwise
    server = serverProcess(18132);
    await run(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--demo', '--lots', String(LOT_COUNT)], {
      env: { ...process.env, DATA_DIR: server.dataDir, ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD, LOG_LEVEL: 'warn' },
    });
    await server.start();
  });
  test.afterAll(async () => {
    await server.dispose();
  });

  test('the table renders only a window of the 10,000 rows, says the count, and scrolls to the last lot', async ({ page }) => {
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await page.getByRole('checkbox', { name: 'LISTED', exact: true }).check();
    await page.getByRole('checkbox', { name: 'SOLD' }).check();
    await page.getByRole('checkbox', { name: 'My Lots' }).uncheck();
    await expect(page.getByRole('heading', { name: `Lots (${LOT_COUNT})` })).toBeVisible({ timeout: 120_000 });

    const table = page.getByRole('table', { name: 'Lots' });
    await expect(table).toHaveAttribute('aria-rowcount', String(LOT_COUNT + 1));
    const rendered = await table.locator('tr').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);

    // Newest first: the last row is the first lot seeded.
    await table.locator('xpath=..').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const last = table.locator(`tr[aria-rowindex="${LOT_COUNT + 1}"]`);
    await expect(last).toBeVisible();
    await expect(last).toHaveAttribute('data-testid', 'lot-row');
    await expect(last).toContainText('LOT-000001');
    expect(await table.locator('tr').count()).toBeLessThan(100);
  });

  test('on a 360 px phone the 10,000 lots are cards, only a window of them rendered, down to the last lot', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
    await page.getByRole('checkbox', { name: 'LISTED', exact: true }).check();
    await page.getByRole('checkbox', { name: 'SOLD' }).check();
    await page.getByRole('checkbox', { name: 'My Lots' }).uncheck();
    await expect(page.getByRole('heading', { name: `Lots (${LOT_COUNT})` })).toBeVisible({ timeout: 120_000 });

    const list = page.getByRole('list', { name: 'Lots' });
    const cards = list.getByRole('listitem');
    await expect(cards.first()).toHaveAttribute('aria-setsize', String(LOT_COUNT));
    expect(await cards.count()).toBeLessThan(30);
    // Cards differ in height and are measured as they render: scrolling to the end may take a few steps.
    const last = list.getByRole('listitem', { name: 'LOT-000001' });
    await expect(async () => {
      await list.locator('xpath=..').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await expect(last).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(last).toHaveAttribute('aria-posinset', String(LOT_COUNT));
    expect(await cards.count()).toBeLessThan(30);
  });
});
