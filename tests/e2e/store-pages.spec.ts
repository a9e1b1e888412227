// The embedded store's public pages in a real browser (issue 15): a lot listed with a hostile title and a template full
// of XSS payloads (tests/support/executable-markup.ts: scripts, handlers, javascript: URLs, SVG, iframes, CSS, meta
// refresh, base, forms) runs nothing on /store/{slug} nor on /store, loads nothing from another host, and the pages fit a
// 360 px phone.
import { expect, test, type Page } from '@playwright/test';
import { ListingRequestSchema } from '../../src/protocol/listings';
import { XSS_PAYLOADS } from '../support/executable-markup';
import { createTemplate, listedLot } from '../support/listings';
import { createLot, outboxHeader, uniqueName } from '../support/staff';
import { asAdmin, serverProcess, type ServerProcess } from './support/server-process';

test.describe.configure({ timeout: 90_000 });
let server: ServerProcess;
let slug = '';
const title = `Pallet "><img src=x onerror=alert('title')><script>alert('title')</script> ${uniqueName('xss')}`;

test.beforeAll(async () => {
  server = serverProcess(18640);
  await server.start();
  slug = await asAdmin(server, async (client) => {
    const lot = await createLot(client, title);
    const template = await createTemplate(client, `<h2>{{title}}</h2>${XSS_PAYLOADS.join('\n')}`);
    const request = ListingRequestSchema.parse({ manifestId: lot.id, templateId: template.id, qnt: 1, auction: false, free_shipping: true });
    return listedLot(await client.request('listOnWC', request, 'incomingMessages', outboxHeader(uniqueName('list')))).slug ?? '';
  });
});

test.afterAll(async () => server.dispose());

/** Opens a page and reports whatever it ran or reached: alerts, popups, navigations away, requests to other hosts. */
async function visit(page: Page, path: string): Promise<string[]> {
  const happened: string[] = [];
  page.on('dialog', (dialog) => void (happened.push(`dialog ${dialog.message()}`), dialog.dismiss()));
  page.on('popup', (popup) => void happened.push(`popup ${popup.url()}`));
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) happened.push(`request ${request.url()}`);
  });
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
  if (!page.url().startsWith(`${server.url}${path.split('?')[0] ?? ''}`)) happened.push(`navigated to ${page.url()}`);
  return happened;
}

for (const width of [360, 768, 1280]) {
  test(`/store/{slug} and /store run none of ${XSS_PAYLOADS.length} payloads and fit ${width} px`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: width < 1000 });
    try {
      const page = await context.newPage();
      expect(await visit(page, `/store/${encodeURIComponent(slug)}`)).toEqual([]);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`"><img src=x onerror=alert('title')>`);
      expect(await page.evaluate(() => document.scripts.length)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      const index = await context.newPage();
      expect(await visit(index, '/store')).toEqual([]);
      await expect(index.getByRole('link', { name: /Pallet/ })).toBeVisible();
      expect(await index.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
}
