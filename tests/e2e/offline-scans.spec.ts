// Issue 31, "a scan is answered for that scan, at once": counting on a phone and a tablet with the network cut in both
// ways (the device offline; the server stopped), lot after lot — one already counted, two no lot has, one made on the
// server after the device went offline, one the device holds — each scan's words name the code just scanned at once;
// the ones the device does not hold say "Not on this device — … will be checked when online". Back online, each
// answer lands on its own scan in the Recent scans list, never on a later one, and the server holds each count once.
import { expect, test, type Page } from '@playwright/test';
import type { Lot } from '../../src/protocol/lots';
import { InventoryMessages, InventoryScreenMessages as T } from '../../src/protocol/messages';
import { createLot as createLotOnServer } from '../support/staff';
import { connectClient, type TestClient } from '../support/stomp-client';
import { historyOnServer } from '../support/inventory';
import { createCountEvent, typeAndEnter } from './support/inventory';
import { navigateTo, signInHome } from './support/login';
import { unique } from './support/lots';
import { PROCESS_ADMIN_PASSWORD, serverProcess } from './support/server-process';
import { SIZES } from './support/sizes';

test.describe.configure({ timeout: 120_000 });
const server = serverProcess(18760);
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
});
test.afterAll(() => server.dispose());

async function adminClient(): Promise<TestClient> {
  const client = await connectClient(`${server.url.replace('http', 'ws')}/ws`);
  await client.login('admin', PROCESS_ADMIN_PASSWORD);
  return client;
}

async function lotsOnServer(...titles: string[]): Promise<Lot[]> {
  const client = await adminClient();
  try {
    const made: Lot[] = [];
    for (const title of titles) made.push(await createLotOnServer(client, title));
    return made;
  } finally {
    await client.close();
  }
}

/** The count screen with an event made and one lot counted, online; resolves to the event's label. */
async function countStarted(page: Page, counted: Lot, held: Lot): Promise<string> {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await expect(page.getByTestId('lot-row').filter({ hasText: held.lotNumber })).toBeVisible(); // the device holds it
  await navigateTo(page, 'Inventory');
  const label = `Offline scans ${unique()}`;
  await createCountEvent(page, label);
  await typeAndEnter(page, counted.lotNumber);
  await expect(page.getByTestId('last-scan')).toHaveText(`Found. ${T.recorded(counted.lotNumber)}`);
  return label;
}

const last = (page: Page) => page.getByTestId('last-scan');
const recent = (page: Page) => page.getByRole('list', { name: T.recentScans }).getByRole('listitem');
const waiting = (lotNumber: string) => `Not on this device — ${T.checkWhenOnline(lotNumber)}`;

for (const size of SIZES.filter((each) => each.hasTouch)) {
  test.describe(`on a ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport, hasTouch: true });

    test('with the device offline, each scan is answered at once for itself, and each later answer lands on its own scan', async ({ page, context }) => {
      const [counted, held] = await lotsOnServer(`Counted ${unique()}`, `Held ${unique()}`);
      if (counted === undefined || held === undefined) throw new Error('seed');
      const label = await countStarted(page, counted, held);
      await context.setOffline(true);
      await expect(page.getByText('Offline', { exact: true })).toBeVisible();
      const [made] = await lotsOnServer(`Made meanwhile ${unique()}`); // on the server only: this device cannot hold it
      if (made === undefined) throw new Error('seed');

      await typeAndEnter(page, counted.lotNumber);
      await expect(last(page)).toHaveText(`Already counted. ${InventoryMessages.alreadyInHistory(counted.lotNumber)}`);
      await typeAndEnter(page, 'LOT-999099');
      await expect(last(page)).toHaveText(waiting('LOT-999099'));
      await typeAndEnter(page, 'lot-999098'); // as a phone keyboard types it
      await expect(last(page)).toHaveText(waiting('LOT-999098'));
      await typeAndEnter(page, made.lotNumber);
      await expect(last(page)).toHaveText(waiting(made.lotNumber));
      await typeAndEnter(page, held.lotNumber);
      await expect(last(page)).toHaveText(`Found. ${T.recorded(held.lotNumber)}`);
      await expect(recent(page)).toHaveText([
        `${made.lotNumber}: ${waiting(made.lotNumber)}`,
        `lot-999098: ${waiting('LOT-999098')}`,
        `LOT-999099: ${waiting('LOT-999099')}`,
        `${counted.lotNumber}: Already counted. ${InventoryMessages.alreadyInHistory(counted.lotNumber)}`,
        `${counted.lotNumber}: Found. ${T.recorded(counted.lotNumber)}`,
      ]);

      await context.setOffline(false);
      await expect(recent(page)).toHaveText([
        `${made.lotNumber}: Found. ${T.recorded(made.lotNumber)}`,
        `lot-999098: Not counted. ${InventoryMessages.lotNumberNotFound('LOT-999098')}`,
        `LOT-999099: Not counted. ${InventoryMessages.lotNumberNotFound('LOT-999099')}`,
        `${counted.lotNumber}: Already counted. ${InventoryMessages.alreadyInHistory(counted.lotNumber)}`,
        `${counted.lotNumber}: Found. ${T.recorded(counted.lotNumber)}`,
      ], { timeout: 30_000 });
      await expect(last(page)).toHaveText(`Found. ${T.recorded(held.lotNumber)}`); // the latest scan keeps its own answer
      await expect(page.getByRole('button', { name: /Outbox:/ })).not.toContainText(/waiting|Sending|failed/);

      const client = await adminClient();
      try {
        expect((await historyOnServer(client, label)).map((entry) => entry.lotNumber)).toEqual([counted.lotNumber, made.lotNumber, held.lotNumber]);
      } finally {
        await client.close();
      }
    });

    test('with the server stopped, a lot the device does not hold waits for it, and is answered once it is back', async ({ page }) => {
      const [counted, held] = await lotsOnServer(`Counted ${unique()}`, `Held ${unique()}`);
      if (counted === undefined || held === undefined) throw new Error('seed');
      await countStarted(page, counted, held);
      await server.stop();
      try {
        await expect(page.getByText('Offline', { exact: true })).toBeVisible();
        await typeAndEnter(page, 'LOT-999097');
        await expect(last(page)).toHaveText(waiting('LOT-999097'));
        await typeAndEnter(page, held.lotNumber);
        await expect(last(page)).toHaveText(`Found. ${T.recorded(held.lotNumber)}`);
      } finally {
        await server.start();
      }
      await expect(recent(page)).toHaveText([
        `LOT-999097: Not counted. ${InventoryMessages.lotNumberNotFound('LOT-999097')}`,
        `${counted.lotNumber}: Found. ${T.recorded(counted.lotNumber)}`,
      ], { timeout: 30_000 });
      await expect(last(page)).toHaveText(`Found. ${T.recorded(held.lotNumber)}`);
    });
  });
}
