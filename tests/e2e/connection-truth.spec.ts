// Issue 31, "connection truth, at once": a phone and a tablet say Offline within 3 seconds of the network going, in
// each way it goes (the device says it is offline; the Wi-Fi drops and the socket still looks open; the server
// stops); changes made meanwhile wait, and the badge and the outbox panel say so, never that they are being sent.
// Back online they are sent and the status says Ready.
import { expect, test, type Page } from '@playwright/test';
import { OutboxMessages } from '../../src/protocol/messages';
import { signInHome } from './support/login';
import { lotRow, submitCreateLot, unique } from './support/lots';
import { PROCESS_ADMIN_PASSWORD, serverProcess } from './support/server-process';
import { SIZES } from './support/sizes';

test.describe.configure({ timeout: 90_000 });
const server = serverProcess(18740);
test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start();
});
test.afterAll(() => server.dispose());

/** Within the 3 seconds, from the moment the network went. */
const AT_ONCE = { timeout: 3_000 };

const offlinePill = (page: Page) => page.getByText(OutboxMessages.offline, { exact: true });

async function saysOffline(page: Page): Promise<void> {
  await expect(offlinePill(page)).toBeVisible(AT_ONCE);
  await expect(page.getByTestId('status-badge')).not.toHaveText('Ready.'); // what was true before the drop is not said
}

async function backToReady(page: Page): Promise<void> {
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.', { timeout: 15_000 });
  await expect(offlinePill(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Outbox:/ })).not.toContainText(/waiting|Sending/);
}

for (const size of SIZES.filter((each) => each.hasTouch)) {
  test.describe(`on a ${size.name} (${size.viewport.width}×${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport, hasTouch: true });

    test('the device going offline is said at once; a change waits, said as waiting, and is sent once back', async ({ page, context }) => {
      await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
      await context.setOffline(true);
      await saysOffline(page);

      const title = `Offline truth ${unique()}`;
      await submitCreateLot(page, title);
      await expect(page.getByText(OutboxMessages.waitingPill(1))).toBeVisible();
      await page.getByRole('button', { name: /Outbox:/ }).click();
      const panel = page.getByRole('dialog', { name: OutboxMessages.title });
      await expect(panel).toContainText(OutboxMessages.state(1, true));
      await expect(panel).not.toContainText(OutboxMessages.sending);
      await expect(panel).not.toContainText('Sending');
      await page.keyboard.press('Escape');

      await context.setOffline(false);
      await backToReady(page);
      await expect(lotRow(page, title)).toContainText('LOT-'); // the server named it: it arrived
    });

    test('a socket that still looks open but carries nothing (the server frozen) is said Offline within 3 s', async ({ page }) => {
      await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
      server.pause();
      try {
        await saysOffline(page);
      } finally {
        server.resume();
      }
      await backToReady(page);
    });

    test('the server stopping is said Offline at once, and Ready once it is back', async ({ page }) => {
      await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
      await server.stop();
      await saysOffline(page);
      await server.start();
      await backToReady(page);
    });
  });
}
