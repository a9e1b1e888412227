// The field stories in every engine (issue 33), written once against StoryPage: a tablet signs in with the keyboard,
// creates a lot on the Lots screen, and goes offline — the server stopped, a lot made, the page reloaded from the
// service worker — then the server comes back and the lot arrives once. An engine whose Debian package is missing is
// skipped with a line saying how to get it (the Chromium suite, tests/e2e, covers every screen; these stories are the
// flows a person carries across engines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxMessages } from '../../src/protocol/messages';
import { allStatuses, listLots } from '../support/staff';
import { connectClient } from '../support/stomp-client';
import { PROCESS_ADMIN_PASSWORD, serverProcess } from '../e2e/support/server-process';
import { ENGINES } from './engines';
import { StoryPage, type EngineName } from './page';

/** Each engine is the one it says: Chrome's, Safari's (WebKit without Chrome) or Firefox's user agent. */
const USER_AGENT: Readonly<Record<EngineName, RegExp>> = { chromium: /Chrome\/\d+/, webkit: /^(?!.*Chrome).*AppleWebKit\/.*Safari\//, firefox: /Firefox\/\d+/ };

const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The text of the Lots row holding `title`, once it holds `expected` too. */
function lotRowWith({ title, expected }: { title: string; expected: string }): string | null {
  const row = [...document.querySelectorAll('[data-testid="lot-row"]')].find((each) => each.textContent?.includes(title));
  return row?.textContent?.includes(expected) ? row.textContent : null;
}

/** The service worker is active: a reload from now on is served by it, server or not. */
async function serviceWorkerReady(): Promise<boolean> {
  return (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated';
}

async function signIn(page: StoryPage): Promise<void> {
  await page.open('/login');
  await page.sees('Login');
  await page.seesNo('Connecting...');
  await page.fill({ field: 'Username' }, 'admin');
  await page.fill({ field: 'Password' }, PROCESS_ADMIN_PASSWORD);
  await page.pressEnter({ field: 'Password' }); // a keyboard's Enter submits
  await page.waitFor('the home page', () => (location.pathname === '/home' ? true : null));
  await page.sees('Ready.');
}

async function createLot(page: StoryPage, title: string): Promise<void> {
  await page.tap({ button: 'Create Lot' });
  await page.fill({ field: 'Title', in: 'Create Lot' }, title);
  await page.tap({ button: 'Proceed', in: 'Create Lot' });
  await page.waitFor(`the row of '${title}'`, lotRowWith as (arg: never) => string | null, { title, expected: '' });
}

const server = serverProcess(18830);
beforeAll(() => server.start(), 120_000);
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
    await page.waitFor('the lot number', lotRowWith as (arg: never) => string | null, { title, expected: 'LOT-' });
    expect(await heldOnServer(title)).toBe(1);
  });

  it.skipIf(missing !== undefined)('offline: a lot made with the server away survives a reload and arrives once when it is back', async () => {
    await page.waitFor('the service worker', serviceWorkerReady as (arg: never) => Promise<boolean>, undefined, 60_000);
    await server.stop();
    await page.sees(OutboxMessages.offline);
    const title = `Offline ${engine.name} ${unique()}`;
    await createLot(page, title);
    await page.sees(OutboxMessages.waitingPill(1));

    await page.reload();
    await page.waitFor(`the row of '${title}' after the reload`, lotRowWith as (arg: never) => string | null, { title, expected: '' }, 30_000);
    await page.sees(OutboxMessages.waitingPill(1));

    await server.start();
    await page.waitFor('the lot number', lotRowWith as (arg: never) => string | null, { title, expected: 'LOT-' }, 60_000);
    expect(await heldOnServer(title)).toBe(1);
  });
});
