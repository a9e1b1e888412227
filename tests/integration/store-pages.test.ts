// The embedded store's public pages (server/http/store-pages.ts) over HTTP on the whole server: the index of listed
// lots and a lot's page, as a bidder's browser gets them, with hostile titles and listing HTML that must run nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorePageMessages } from '../../src/protocol/messages';
import { images, listings } from '../../server/db';
import type { ProductInput } from '../../server/store/types';
import { STORE_PAGE_SIZE } from '../../server/store/store-listings';
import { elementsOf, executableMarkup, textOf, XSS_PAYLOADS } from '../support/executable-markup';
import { makeProduct } from '../support/factories';
import { type LotMaker, lotMaker } from '../support/stores';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let addLot: LotMaker;

beforeAll(async () => {
  server = await startTestServer();
  addLot = await lotMaker(server.server.services.db);
});
afterAll(() => server?.stop());

const store = () => server.server.services.store;

async function page(path: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Lists a new lot on the embedded store; its public path. */
async function listed(fields: Partial<ProductInput> = {}): Promise<{ lotId: number; sku: string; path: string }> {
  const lot = await addLot();
  const { permalink } = await store().upsertProduct(makeProduct(lot.lotNumber, fields));
  return { lotId: lot.id, sku: lot.lotNumber, path: permalink };
}

const directives = (policy: string | null): Map<string, string> =>
  new Map((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values.join(' ')]));

describe('GET /store/{slug}', () => {
  it("shows the lot's title, price, stock and listing HTML", async () => {
    const { path } = await listed({ name: 'Pallet of kettles & toasters', regularPrice: 1234.5, stockQuantity: 2, description: '<h2>Manifest</h2><p>12 kettles</p>' });

    const { status, headers, html } = await page(path);

    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(textOf(html, 'h1')).toBe('Pallet of kettles & toasters');
    expect(textOf(html, 'title')).toBe('Pallet of kettles & toasters');
    expect(html).toContain('$1234.50');
    expect(html).toContain(StorePageMessages.inStock(2));
    expect(textOf(html, 'h2')).toBe('Manifest');
    expect(html).toContain('<p>12 kettles</p>');
  });

  it('says when the lot is out of stock', async () => {
    const { path } = await listed({ stockQuantity: 0 });
    expect((await page(path)).html).toContain(StorePageMessages.outOfStock);
  });

  it("shows the lot's pictures as medium with large for wide screens, and nothing from elsewhere", async () => {
    const uuid = '0a1b2c3d-1111-4222-8333-444455556666';
    const variant = (name: string) => `/images/0a/${uuid}/${name}.jpg`;
    const lot = await addLot();
    await server.server.services.db.insert(images).values({
      fileName: 'front.jpg', lotId: lot.id, fileKey: `0a/${uuid}`, full: variant('full'), thumbnail: variant('thumbnail'),
      smallImage: variant('smallImage'), medium: variant('medium'), large: variant('large'),
    });
    const unknown = '/images/ff/ffffffff-1111-4222-8333-444455556666/large.png';
    const { permalink } = await store().upsertProduct(
      makeProduct(lot.lotNumber, { name: 'Pictured', images: [variant('large'), 'https://evil.example/x.jpg', '/api/upload-file', unknown] }),
    );

    const pictures = elementsOf((await page(permalink)).html, 'img');
    expect(pictures).toEqual([
      { src: variant('medium'), srcset: `${variant('medium')} 600w, ${variant('large')} 1200w`, sizes: expect.any(String), alt: 'Pictured (picture 1 of 2)' },
      { src: unknown, alt: 'Pictured (picture 2 of 2)' },
    ]);
    const index = await page('/store');
    expect(elementsOf(index.html, 'img')).toContainEqual(expect.objectContaining({ src: variant('thumbnail') }));
  });

  it('keeps its address when the lot is listed again under a new title', async () => {
    const { sku, path } = await listed({ name: 'First title' });
    const again = await store().upsertProduct(makeProduct(sku, { name: 'Second title', regularPrice: 99 }));

    expect(again.permalink).toBe(path);
    const { html } = await page(path);
    expect(textOf(html, 'h1')).toBe('Second title');
    expect(html).toContain('$99.00');
  });

  it('answers 404 in plain words once the lot is unlisted, and for a slug that never was', async () => {
    const { sku, path } = await listed();
    await store().deleteProductBySku(sku);

    for (const gone of [path, '/store/no-such-lot', `/store/${'x'.repeat(100)}`, '/store/', '/store/%3Cscript%3E']) {
      const { status, headers, html } = await page(gone);
      expect(status).toBe(404);
      expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(textOf(html, 'p')).toBe(StorePageMessages.notFound);
      expect(headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    }
  });

  it('shows no listing that is not published', async () => {
    const { sku, path } = await listed();
    await server.server.services.db.update(listings).set({ status: 'draft' }).where(eq(listings.sku, sku));
    expect((await page(path)).status).toBe(404);
  });
});

describe('hostile titles and listing HTML', () => {
  it('are each seen by the checker when served raw (so a clean page means something)', () => {
    const raw = (payload: string) => `<html><head><style></style></head><body>${payload}</body></html>`;
    const unseen = XSS_PAYLOADS.filter((payload) => executableMarkup(raw(payload)).length === 0);
    expect(unseen).toEqual(['<p title="</p><script>alert(1)</script>">attribute breakout</p>']); // harmless unless a quote breaks out
  });

  it.each(XSS_PAYLOADS.map((payload, index) => [index + 1, payload] as const))(
    'payload %i runs nothing on the lot page or the index: %s',
    async (_index, payload) => {
      // Written as an older version or a hand might have: raw, never sanitized on the way in.
      const { path } = await listed({ name: `Lot ${payload}`, description: `<p>Before</p>${payload}<p>After</p>` });

      const product = await page(path);
      expect(executableMarkup(product.html)).toEqual([]);
      expect(textOf(product.html, 'h1')).toBe(`Lot ${payload}`); // shown as the words typed, not as markup
      expect(product.html).toContain('<div class="listing"><p>Before</p>');
      expect(executableMarkup((await page('/store')).html)).toEqual([]);
    },
  );

  it('the pages forbid every script, plugin, frame, base and form by their CSP', async () => {
    const { path } = await listed();
    for (const { headers } of [await page(path), await page('/store'), await page('/store/nothing-here')]) {
      const policy = directives(headers.get('content-security-policy'));
      expect(policy.get('default-src')).toBe("'none'");
      expect(policy.has('script-src')).toBe(false); // falls back to default-src 'none'
      expect([...policy.values()].join(' ')).not.toMatch(/unsafe-eval|\*|https?:|data:/);
      expect(policy.get('img-src')).toBe("'self'");
      expect(policy.get('style-src-elem')).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      expect(policy.get('base-uri')).toBe("'none'");
      expect(policy.get('form-action')).toBe("'none'");
      expect(policy.get('frame-ancestors')).toBe("'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('GET /store', () => {
  it('says so when nothing is listed', async () => {
    await server.server.services.db.delete(listings);
    const { status, html } = await page('/store');
    expect(status).toBe(200);
    expect(textOf(html, 'p')).toBe(StorePageMessages.empty);
  });

  it('lists published lots newest first, each with its title, price and link', async () => {
    const older = await listed({ name: 'Older lot', regularPrice: 10 });
    const newer = await listed({ name: 'Newer lot', regularPrice: 20.5 });

    const { html } = await page('/store');
    const links = elementsOf(html, 'a').map((link) => link.href);

    expect(links.indexOf(newer.path)).toBeGreaterThan(-1);
    expect(links.indexOf(newer.path)).toBeLessThan(links.indexOf(older.path));
    expect(html).toContain('Newer lot');
    expect(html).toContain('$20.50');
  });

  it(`shows ${STORE_PAGE_SIZE} lots a page, with links between the pages`, async () => {
    await server.server.services.db.delete(listings);
    const lots = await Promise.all(Array.from({ length: STORE_PAGE_SIZE + 2 }, () => addLot()));
    for (const lot of lots) await store().upsertProduct(makeProduct(lot.lotNumber));

    const first = await page('/store');
    const second = await page('/store?page=2');
    const third = await page('/store?page=3');
    const lotLinks = (html: string) => elementsOf(html, 'li').length;

    expect([lotLinks(first.html), lotLinks(second.html), lotLinks(third.html)]).toEqual([STORE_PAGE_SIZE, 2, 0]);
    expect(elementsOf(first.html, 'a')).toContainEqual({ href: '/store?page=2', rel: 'next' });
    expect(elementsOf(second.html, 'a')).toContainEqual({ href: '/store', rel: 'prev' });
    expect(textOf(third.html, 'p')).toBe(StorePageMessages.pastTheEnd);
  });

  it.each(['0', '-1', 'abc', '1.5', '1001', '99999999999999999999', '2&page=3'])('answers 404 for ?page=%s', async (value) => {
    const { status, html } = await page(`/store?page=${value}`);
    expect(status).toBe(404);
    expect(textOf(html, 'p')).toBe(StorePageMessages.badPage(1000));
  });
});

describe('the rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ HTTP_RATE_LIMIT: '3' });
  });
  afterAll(() => limited?.stop());

  it('counts the store pages like every other request of an address', async () => {
    const statuses = [];
    for (const path of ['/store', '/store/a', '/store?page=2', '/store/b']) statuses.push((await fetch(`${limited.url}${path}`)).status);
    expect(statuses).toEqual([200, 404, 200, 429]);
  });
});
