// Issue 15's "Done when", as a person does it on a tablet, on both stores: the embedded one (no configuration) and a
// WooCommerce shop (the contract server of tests/support). Three lots are priced by the multipliers, one previewed,
// all three listed in one go and one unlisted; the public pages show the listed ones. Then, with the server down, a
// listing queued on the device waits, and arrives once when the server is back.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ListingManagerMessages as L } from '../../src/protocol/messages';
import { packedBox } from '../support/boxes';
import { startContractServer, type ContractServer } from '../support/woocommerce-contract-server';
import { signInHome } from './support/login';
import { lotRow, unique } from './support/lots';
import { asAdmin, PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

interface Lot { title: string; lotNumber: string }

/** Three lots of the admin's, each a box with a kettle and a lamp (priced 7.50 + 1.37 by the default multipliers). */
function threeLots(server: ServerProcess, run: string): Promise<Lot[]> {
  return asAdmin(server, async (client) => {
    const lots: Lot[] = [];
    for (const name of ['A', 'B', 'C']) {
      const { lot } = await packedBox(client, `Story ${run} ${name}`);
      lots.push({ title: lot.titleListing, lotNumber: lot.lotNumber });
    }
    return lots;
  });
}

const checkbox = (page: Page, lot: Lot): Locator => lotRow(page, lot.title).getByRole('checkbox', { name: `Select ${lot.lotNumber}` });

async function selectOnly(page: Page, all: readonly Lot[], chosen: readonly Lot[]): Promise<void> {
  for (const lot of all) await checkbox(page, lot).setChecked(chosen.includes(lot));
}

async function openListingManager(page: Page): Promise<Locator> {
  await page.getByRole('toolbar', { name: 'Lot actions' }).getByRole('button', { name: L.title }).click();
  const dialog = page.getByRole('dialog', { name: L.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseTemplate(dialog: Locator, label: string): Promise<void> {
  const template = dialog.getByLabel('Template', { exact: true });
  const option = `template_${label}`;
  if ((await template.getByRole('option', { name: option }).count()) === 0) {
    await dialog.getByRole('radio', { name: 'Templates' }).check();
    await dialog.getByLabel('Label', { exact: true }).fill(label);
    await dialog.getByLabel('Text', { exact: true }).fill('<h2>{{title}}</h2><p>{{units}} units</p>{{#items}}{{items}}{{/items}}');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(template.getByRole('option', { name: option })).toHaveCount(1);
  }
  await template.selectOption({ label: option });
}

/** Runs the queue the button starts and closes its dialog at the spec's last words. */
async function runQueue(page: Page, dialog: Locator, button: string, title: string, done: string): Promise<void> {
  await dialog.getByRole('button', { name: button, exact: true }).click();
  const progress = page.getByRole('dialog', { name: title });
  await expect(progress.getByText(done)).toBeVisible({ timeout: 30_000 });
  await progress.getByRole('button', { name: 'Close' }).click();
}

async function story(page: Page, server: ServerProcess): Promise<{ lots: Lot[]; slugOf: (lot: Lot) => Promise<string> }> {
  const run = unique();
  const lots = await threeLots(server, run);
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await page.getByRole('checkbox', { name: 'LISTED', exact: true }).check(); // listed lots stay in the table
  const [first, , last] = lots;
  if (first === undefined || last === undefined) throw new Error('three lots');

  // Price all three.
  await selectOnly(page, lots, lots);
  let dialog = await openListingManager(page);
  await chooseTemplate(dialog, `Story ${run}`);
  await dialog.getByRole('button', { name: L.calculate }).click();
  for (const lot of lots) await expect(lotRow(page, lot.title)).toContainText('8.87');

  // Preview one: the HTML viewer shows its listing.
  await page.keyboard.press('Escape');
  await selectOnly(page, lots, [first]);
  dialog = await openListingManager(page);
  await dialog.getByRole('button', { name: L.createPreview }).click();
  const viewer = page.getByRole('dialog', { name: L.viewerTitle(first.lotNumber) });
  await expect(viewer.frameLocator('iframe').getByRole('heading', { name: first.title })).toBeVisible();
  await page.keyboard.press('Escape'); // the viewer, then the Listing Manager under it
  await expect(viewer).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // List all three in one go, then unlist one.
  await selectOnly(page, lots, lots);
  dialog = await openListingManager(page);
  await runQueue(page, dialog, L.list, L.listingTitle, L.allListed);
  for (const lot of lots) await expect(lotRow(page, lot.title)).not.toContainText('NOT_LISTED');
  await selectOnly(page, lots, [last]);
  const publicLink = async (lot: Lot) => {
    await selectOnly(page, lots, [lot]);
    const opened = await openListingManager(page);
    const href = (await opened.getByRole('link', { name: 'Public listing' }).getAttribute('href')) ?? '';
    await page.keyboard.press('Escape');
    return decodeURIComponent(href.replace(/^\/store\//, ''));
  };
  const slugs = new Map<Lot, string>();
  for (const lot of lots) slugs.set(lot, await publicLink(lot));
  await selectOnly(page, lots, [last]);
  dialog = await openListingManager(page);
  await runQueue(page, dialog, L.unlist, L.unlistingTitle, L.allUnlisted);
  await expect(lotRow(page, last.title)).toContainText('NOT_LISTED');
  return { lots, slugOf: async (lot) => slugs.get(lot) ?? '' };
}

/** With the server stopped, List waits on the device; once it is back the lot is listed, once. */
async function listOffline(page: Page, server: ServerProcess, lots: readonly Lot[], lot: Lot): Promise<void> {
  await server.stop();
  await selectOnly(page, lots, [lot]);
  const dialog = await openListingManager(page);
  await dialog.getByRole('button', { name: L.list, exact: true }).click();
  await expect(page.getByText(L.waitingForConnection(1))).toBeVisible();
  await server.start();
  const progress = page.getByRole('dialog', { name: L.listingTitle });
  await expect(progress.getByText(L.allListed)).toBeVisible({ timeout: 60_000 });
  await progress.getByRole('button', { name: 'Close' }).click();
  await expect(lotRow(page, lot.title)).not.toContainText('NOT_LISTED');
}

test.describe('on the embedded store (no configuration)', () => {
  let server: ServerProcess;
  test.beforeAll(async () => {
    server = serverProcess(18600);
    await server.start();
  });
  test.afterAll(async () => server.dispose());

  test('prices three lots, previews one, lists all three, unlists one; the public pages show the listed ones; offline it waits and arrives once', async ({ page }) => {
    const { lots, slugOf } = await story(page, server);
    const [first, second, last] = lots;
    if (first === undefined || second === undefined || last === undefined) throw new Error('three lots');
    for (const lot of [first, second]) {
      const shown = await page.request.get(`${server.url}/store/${encodeURIComponent(await slugOf(lot))}`);
      expect(shown.status()).toBe(200);
      expect(await shown.text()).toContain(lot.title);
    }
    expect((await page.request.get(`${server.url}/store/${encodeURIComponent(await slugOf(last))}`)).status()).toBe(404);
    const index = await (await page.request.get(`${server.url}/store`)).text();
    expect(index).toContain(first.title);
    expect(index).not.toContain(last.title);

    await listOffline(page, server, lots, last);
    const relisted = await page.request.get(`${server.url}/store`);
    expect((await relisted.text()).split(last.title).length - 1).toBe(1);
  });
});

test.describe('on a WooCommerce shop (the contract server)', () => {
  let shop: ContractServer;
  let server: ServerProcess;
  test.beforeAll(async () => {
    shop = await startContractServer();
    server = serverProcess(18620, { env: { WC_URL: shop.origin, WC_KEY: shop.key, WC_SECRET: shop.secret, WP_USER: shop.mediaLogin.user, WP_APP_PASSWORD: shop.mediaLogin.password } });
    await server.start();
  });
  test.afterAll(async () => {
    await server.dispose();
    await shop.stop();
  });

  test("prices three lots, previews one, lists all three, unlists one; the shop has the listed ones and /store sends there; offline it arrives once", async ({ page }) => {
    const { lots, slugOf } = await story(page, server);
    const [first, second, last] = lots;
    if (first === undefined || second === undefined || last === undefined) throw new Error('three lots');
    for (const lot of [first, second]) expect(shop.catalog.bySku(lot.lotNumber)).toMatchObject({ name: lot.title, regularPrice: '8.87' });
    expect(shop.catalog.bySku(last.lotNumber)).toBeUndefined();
    const link = await page.request.get(`${server.url}/store/${encodeURIComponent(await slugOf(first))}`, { maxRedirects: 0 });
    expect(link.status()).toBe(302);
    expect(link.headers().location).toBe(`${shop.origin}/product/${await slugOf(first)}/`);

    await listOffline(page, server, lots, last);
    expect([...shop.catalog.products.values()].filter((product) => product.sku === last.lotNumber)).toHaveLength(1);
  });
});
