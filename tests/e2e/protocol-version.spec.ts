// Issue 32, an update that never costs a queued change: a tablet queues a lot offline; the server comes back as a
// release that no longer accepts this app's protocol version (PROTOCOL_TEST_RANGE, a test build of the next release).
// The app says so in one clear prompt, "LotDesk was updated. Reload to continue; your 1 queued change is kept.", and
// sends nothing to that server. Once a server that speaks its version answers, Reload brings the app back and the
// queued lot arrives once.
import { expect, test } from '@playwright/test';
import { ClientMessages, OutboxMessages } from '../../src/protocol/messages';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../src/protocol/version';
import { allStatuses, listLots } from '../support/staff';
import { connectClient } from '../support/stomp-client';
import { signInHome } from './support/login';
import { lotRow, submitCreateLot, unique } from './support/lots';
import { PROCESS_ADMIN_PASSWORD, serverProcess } from './support/server-process';

test.describe.configure({ timeout: 120_000 });
// Two servers of two releases, one after the other on the same port (and each its own data).
const today = serverProcess(18780);
const nextRelease = serverProcess(18780, { env: { PROTOCOL_TEST_RANGE: `${PROTOCOL_VERSION + 1}-${PROTOCOL_VERSION + 1}` } });
test.afterAll(async () => {
  await nextRelease.dispose();
  await today.dispose();
});

/** The lots a server holds, asked by a client of its own version. */
async function lotTitles(url: string, version: number): Promise<string[]> {
  const client = await connectClient(`${url.replace('http', 'ws')}/ws`, { connectHeaders: { [PROTOCOL_HEADER]: String(version) } });
  try {
    await client.login('admin', PROCESS_ADMIN_PASSWORD);
    return (await listLots(client, allStatuses(false))).map((lot) => lot.titleListing);
  } finally {
    await client.close();
  }
}

test('a server that no longer speaks the app\'s version gets nothing; the prompt keeps the queue, and Reload sends it once', async ({ page }) => {
  await today.start();
  await signInHome(page, today.url, PROCESS_ADMIN_PASSWORD);
  await today.stop();
  await expect(page.getByText(OutboxMessages.offline, { exact: true })).toBeVisible();
  const title = `Queued before the update ${unique()}`;
  await submitCreateLot(page, title);
  await expect(page.getByText(OutboxMessages.waitingPill(1))).toBeVisible();

  await nextRelease.start();
  const prompt = page.getByTestId('version-prompt');
  await expect(prompt).toContainText(ClientMessages.clientTooOld(1), { timeout: 30_000 });
  await expect(page.getByText(OutboxMessages.waitingPill(1))).toBeVisible();
  expect(await lotTitles(nextRelease.url, PROTOCOL_VERSION + 1)).not.toContain(title); // nothing was sent to it

  await nextRelease.stop();
  await today.start();
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(lotRow(page, title)).toContainText('LOT-', { timeout: 30_000 });
  await expect(prompt).toHaveCount(0);
  expect((await lotTitles(today.url, PROTOCOL_VERSION)).filter((each) => each === title)).toHaveLength(1);
});
