// Issue 32, an update that never costs a queued change. A tablet queues lots offline; meanwhile its server is updated
// in place to the next release: the rehearsal build (src/protocol/rehearsal.ts), whose protocol is one version on and
// in which createManifest's payload changed from the bare title to { title }.
// - A release that still accepts the tablet's version serves it: the queue arrives once, each bare title read as the
//   new payload by the server.
// - A release that no longer accepts it: the app says so in one clear prompt, "LotDesk was updated. Reload to
//   continue; your 2 queued changes are kept.", and sends nothing. Reload brings the new app, which rewrites the queued
//   entries as the new version's payloads and sends each once, in order.
// - A tablet that has the newer app, facing a server rolled back: told in plain words, its queue kept and sent once
//   the server is updated again.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Destination } from '../../src/protocol/destinations';
import { ClientMessages, OutboxMessages } from '../../src/protocol/messages';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../src/protocol/version';
import { allStatuses, listLots } from '../support/staff';
import { connectsOf, sentTo } from './support/frames';
import { signInHome } from './support/login';
import { lotRow, submitCreateLot, unique } from './support/lots';
import { asAdmin, PROCESS_ADMIN_PASSWORD, serverProcess } from './support/server-process';

const NEXT = PROTOCOL_VERSION + 1;
/** The next release's app, built once (and again only when the sources change). */
const NEXT_APP = resolve(process.env.STATIC_DIR ?? 'dist') + '-rehearsal';
const nextRelease = (range: string) => ({ LOTDESK_PROTOCOL_REHEARSAL: '1', PROTOCOL_TEST_RANGE: range, STATIC_DIR: NEXT_APP });
/** Today's release, refusing any other version: a server rolled back. */
const todayOnly = { PROTOCOL_TEST_RANGE: `${PROTOCOL_VERSION}-${PROTOCOL_VERSION}` };

test.describe.configure({ mode: 'serial', timeout: 150_000 });
// One data folder: the updates happen in place, so the tablet's sign-in holds across them.
const server = serverProcess(18780);
test.beforeAll(() => {
  test.setTimeout(300_000);
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { env: { ...process.env, STATIC_DIR: NEXT_APP, LOTDESK_PROTOCOL_REHEARSAL: '1' }, stdio: 'inherit' });
});
test.afterEach(() => server.stop());
test.afterAll(() => server.dispose());

/** The titles of the lots the server holds, asked by a client of `version`. */
const lotTitles = (version: number): Promise<string[]> =>
  asAdmin(server, async (client) => (await listLots(client, allStatuses(false))).map((lot) => lot.titleListing), { [PROTOCOL_HEADER]: String(version) });

/** Signs in on the running server, then stops it and queues a lot for each title, as on a floor without Wi-Fi. */
async function queueOffline(page: Page, titles: readonly string[]): Promise<void> {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await server.stop();
  await expect(page.getByText(OutboxMessages.offline, { exact: true })).toBeVisible();
  for (const title of titles) await submitCreateLot(page, title);
  await expect(page.getByText(OutboxMessages.waitingPill(titles.length))).toBeVisible();
}

/** The bodies sent, each once, in the order first sent: an entry may go again (a drop), the server applies it once. */
const distinct = (bodies: readonly unknown[]): unknown[] => [...new Set(bodies.map((body) => JSON.stringify(body)))].map((body) => JSON.parse(body) as unknown);

const countOf = (titles: readonly string[], title: string): number => titles.filter((each) => each === title).length;

test('a release that still accepts the tablet\'s version reads its queued lots as the new payload, each once', async ({ page }) => {
  const connects = connectsOf(page);
  const sent = sentTo(page, Destination.createManifest);
  const title = `Queued before the update ${unique()}`;
  await server.start();
  await queueOffline(page, [title]);

  await server.start(nextRelease(`${PROTOCOL_VERSION}-${NEXT}`));
  await expect(lotRow(page, title)).toContainText('LOT-', { timeout: 30_000 });
  await expect(page.getByTestId('version-prompt')).toHaveCount(0);
  expect(distinct(sent)).toEqual([title]); // today's payload (sent again after a drop, maybe), upgraded by the server
  expect(connects.map((headers) => headers[PROTOCOL_HEADER])).toContain(String(PROTOCOL_VERSION));
  expect(countOf(await lotTitles(NEXT), title)).toBe(1);
});

test('a release that no longer accepts it gets nothing; the prompt keeps the queue, and the new app sends it once, in order', async ({ page }) => {
  const connects = connectsOf(page);
  const sent = sentTo(page, Destination.createManifest);
  const titles = [`First before the update ${unique()}`, `Second before the update ${unique()}`];
  await server.start();
  await queueOffline(page, titles);

  await server.start(nextRelease(`${NEXT}-${NEXT}`));
  const prompt = page.getByTestId('version-prompt');
  await expect(prompt).toContainText(ClientMessages.clientTooOld(2), { timeout: 30_000 });
  await expect(page.getByText(OutboxMessages.waitingPill(2))).toBeVisible();
  expect(sent).toEqual([]);
  expect(await lotTitles(NEXT)).not.toContain(titles[0]);

  await prompt.getByRole('button', { name: 'Reload' }).click();
  for (const title of titles) await expect(lotRow(page, title)).toContainText('LOT-', { timeout: 30_000 });
  await expect(prompt).toHaveCount(0);
  // The new app spoke the new version and rewrote each queued title as { title }, in the order they were made.
  expect(connects.at(-1)?.[PROTOCOL_HEADER]).toBe(String(NEXT));
  expect(distinct(sent)).toEqual(titles.map((title) => ({ title })));
  const held = await lotTitles(NEXT);
  expect(titles.map((title) => countOf(held, title))).toEqual([1, 1]);
});

test('the newer app facing a server rolled back says so, keeps its queue, and sends it once the server is updated again', async ({ page }) => {
  const title = `Queued on the newer app ${unique()}`;
  await server.start(nextRelease(`${PROTOCOL_VERSION}-${NEXT}`));
  await queueOffline(page, [title]); // the page loads the next release's app from it

  await server.start(todayOnly);
  await expect(page.getByTestId('version-prompt')).toContainText(ClientMessages.serverTooOld, { timeout: 30_000 });
  await expect(page.getByText(OutboxMessages.waitingPill(1))).toBeVisible();
  expect(await lotTitles(PROTOCOL_VERSION)).not.toContain(title);

  await server.stop();
  await server.start(nextRelease(`${PROTOCOL_VERSION}-${NEXT}`));
  await expect(lotRow(page, title)).toContainText('LOT-', { timeout: 60_000 }); // asked again every 30 s
  await expect(page.getByTestId('version-prompt')).toHaveCount(0);
  expect(countOf(await lotTitles(NEXT), title)).toBe(1);
});
