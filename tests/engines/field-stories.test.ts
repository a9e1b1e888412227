// The field stories in every engine (issue 33), written once against StoryPage: a tablet signs in with the keyboard,
// creates a lot on the Lots screen, and goes offline — the server stopped, a lot made, the page reloaded from the
// service worker — then the server comes back and the lot arrives once. An engine whose Debian package is missing is
// skipped with a line saying how to get it (the Chromium suite, tests/e2e, covers every screen; these stories are the
// flows a person carries across engines).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMessages } from '../../src/protocol/messages';
import { createEntries, newEntry, newUpc } from '../support/catalogue';
import { allStatuses, listLots } from '../support/staff';
import { connectClient } from '../support/stomp-client';
import { PROCESS_ADMIN_PASSWORD, serverProcess } from '../e2e/support/server-process';
import { ENGINES } from './engines';
import { StoryPage, type EngineName } from './page';
import { createLot, lotWithBox, rowOf, scan, signIn, unique } from './steps';

/** Each engine is the one it says: Chrome's, Safari's (WebKit without Chrome) or Firefox's user agent. */
const USER_AGENT: Readonly<Record<EngineName, RegExp>> = { chromium: /Chrome\/\d+/, webkit: /^(?!.*Chrome).*AppleWebKit\/.*Safari\//, firefox: /Firefox\/\d+/ };

/** The service worker is active: a reload from now on is served by it, server or not. */
async function serviceWorkerReady(): Promise<boolean> {
  return (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated';
}

/** The Qnty button of a box's row names the UPC and the quantity: 'Edit Qnty of {upc}: 3.00'. */
const qnty = (upc: string, quantity: number, changed = false) => ({ button: `Edit Qnty of ${upc}: ${quantity.toFixed(2)}${changed ? ' (changed)' : ''}` });

const server = serverProcess(18830);
const [ONE, TWO] = [newUpc(), newUpc()];
beforeAll(async () => {
  await server.start();
  const admin = await connectClient(`${server.url.replace('http', 'ws')}/ws`);
  await admin.login('admin', PROCESS_ADMIN_PASSWORD);
  await createEntries(admin, [newEntry({ upc: ONE, itemDescription: 'Kettle', retailPrice: 20 }), newEntry({ upc: TWO, itemDescription: 'Toaster', retailPrice: 35 })]);
  await admin.close();
}, 120_000);
// A story that failed with the server stopped leaves it running for the next.
afterEach(() => server.start().catch(() => undefined));
afterAll(() => server.dispose());

/** How many of the server's lots carry this title. */
async function heldOnServer(title: string): Promise<number> {
  const client = await connectClient(`${server.url.replace('http', 'ws')}/ws`);
  try {
    await client.login('admin', PROCESS_ADMIN_PASSWORD);
    return (await listLots(client, allStatuses(false))).filter((lot) => lot.titleListing === title).length;
  } finally {
    await client.close();
  }
}

describe.each(ENGINES.map((engine) => ({ engine, missing: engine.missing() })))('in $engine.name', ({ engine, missing }) => {
  if (missing !== undefined) console.warn(`engines: ${engine.name} skipped — ${missing}`);
  let page: StoryPage;
  beforeAll(async () => {
    if (missing === undefined) page = new StoryPage(await engine.launch(), server.url);
  }, 60_000);
  afterAll(() => page?.driver.close());

  it.skipIf(missing !== undefined)('signs in with the keyboard and creates a lot, which gets its number from the server', async () => {
    expect(await page.run(() => navigator.userAgent)).toMatch(USER_AGENT[engine.name]);
    await signIn(page);
    const title = `Pallet ${engine.name} ${unique()}`;
    await createLot(page, title);
    await rowOf(page, title, 'LOT-');
    expect(await heldOnServer(title)).toBe(1);
  });

  it.skipIf(missing !== undefined)('Lot edit: a box, five scans by keyboard and Enter, and a quantity edited', async () => {
    await page.open('/home');
    await lotWithBox(page, `Scans ${engine.name} ${unique()}`);
    for (const upc of [ONE, TWO, ONE, ONE, TWO]) await scan(page, upc);
    await page.find(qnty(ONE, 3));
    await page.find(qnty(TWO, 2));
    await page.sees('Items: 5');
    await page.tap(qnty(ONE, 3));
    await page.fill({ field: `Qnty of ${ONE}` }, '7');
    await page.pressEnter({ field: `Qnty of ${ONE}` });
    await page.find(qnty(ONE, 7, true));
    await page.tap({ button: 'Update Items' });
    await page.sees('Updated items: 1');
    await page.sees('Items: 9');
  });

  it.skipIf(missing !== undefined)('offline: a lot made with the server away survives a reload and arrives once when it is back', async () => {
    await page.open('/home');
    await page.sees('Ready.');
    await page.waitFor('the service worker', serviceWorkerReady as (arg: never) => Promise<boolean>, undefined, 60_000);
    await server.stop();
    await page.sees(OutboxMessages.offline);
    const title = `Offline ${engine.name} ${unique()}`;
    await createLot(page, title);
    await page.sees(OutboxMessages.waitingPill(1));

    await page.reload();
    await rowOf(page, title, '', 30_000);
    await page.sees(OutboxMessages.waitingPill(1));

    await server.start();
    await rowOf(page, title, 'LOT-', 60_000);
    expect(await heldOnServer(title)).toBe(1);
  });
});
