// The WooCommerce store adapter against our contract server (a real HTTP server speaking WooCommerce's REST v3):
// paging, idempotent listing by SKU, status, delete, batch, media, retries, time limits and the store's refusals.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreMessages } from '../../src/protocol/messages';
import type { WooCommerceOptions } from '../../server/store/woocommerce';
import { makeProduct } from '../support/factories';
import { storeContract } from '../support/store-contract';
import { startWooCommerceUnderTest, wooCommerceStore } from '../support/stores';
import { type ContractServer, startContractServer } from '../support/woocommerce-contract-server';

storeContract('WooCommerce store', startWooCommerceUnderTest);

let wc: ContractServer;
beforeEach(async () => {
  wc = await startContractServer();
});
afterEach(() => wc.stop());

const storeWith = (options: Partial<WooCommerceOptions> = {}) => wooCommerceStore(wc, options);
const lot = makeProduct;

const sent = (method: string, path: string) => wc.requests.filter((request) => request.method === method && request.path === path);

describe('categories', () => {
  it('reads every page of the category tree, names as the person reads them', async () => {
    const kitchen = wc.catalog.addCategory('Home & Kitchen');
    for (let index = 1; index < 250; index += 1) wc.catalog.addCategory(`Category ${index}`, kitchen.id);

    const categories = await storeWith().getCategories();

    expect(categories).toHaveLength(250);
    expect(categories[0]).toEqual({ id: kitchen.id, name: 'Home & Kitchen', parent: 0 });
    expect(categories.filter((category) => category.parent === kitchen.id)).toHaveLength(249);
    const pages = sent('GET', '/wp-json/wc/v3/products/categories').map((request) => [request.query.get('page'), request.query.get('per_page')]);
    expect(pages).toEqual([['1', '100'], ['2', '100'], ['3', '100']]);
  });
});

describe('products', () => {
  it('lists a lot twice as one product, updated the second time', async () => {
    const store = storeWith();
    const first = await store.upsertProduct(lot('LOT-000001'));
    const second = await store.upsertProduct(lot('LOT-000001', { name: 'Pallet of blenders', regularPrice: 20 }));

    expect(second).toEqual(first);
    expect(first.permalink).toBe(`${wc.origin}/product/pallet-lot-000001/`);
    expect([...wc.catalog.products.values()]).toEqual([expect.objectContaining({ name: 'Pallet of blenders', regularPrice: '20.00', sku: 'LOT-000001' })]);
    expect([sent('POST', '/wp-json/wc/v3/products').length, sent('PUT', `/wp-json/wc/v3/products/${first.id}`).length]).toEqual([1, 1]);
  });

  it('makes one product when the same lot is listed twice at once', async () => {
    const store = storeWith();
    const [one, two] = await Promise.all([store.upsertProduct(lot('LOT-000002')), store.upsertProduct(lot('LOT-000002'))]);

    expect(two.id).toBe(one.id);
    expect(wc.catalog.products.size).toBe(1);
  });

  it('finds a product by SKU, and nothing for a SKU the store does not have', async () => {
    const kitchen = wc.catalog.addCategory('Home & Kitchen');
    const store = storeWith();
    const { id } = await store.upsertProduct(lot('LOT-000003', { categories: [kitchen.id], stockQuantity: 2 }));

    expect(await store.findBySku('LOT-000003')).toEqual({
      id, permalink: `${wc.origin}/product/pallet-lot-000003/`, sku: 'LOT-000003', name: 'Pallet LOT-000003', regularPrice: '149.50',
      status: { sku: 'LOT-000003', stock_status: 'instock', stock_quantity: 2 }, categories: [kitchen.id],
    });
    expect(await store.findBySku('LOT-999999')).toBeNull();
  });

  it("answers the stock of the SKUs asked for and of a category's products", async () => {
    const kitchen = wc.catalog.addCategory('Home & Kitchen');
    const store = storeWith();
    await store.upsertProduct(lot('LOT-000004', { categories: [kitchen.id] }));
    await store.upsertProduct(lot('LOT-000005', { categories: [kitchen.id] }));
    await store.upsertProduct(lot('LOT-000006'));
    wc.catalog.create({ name: 'Not a lot of ours', sku: 'X'.repeat(100), categories: [{ id: kitchen.id }] }); // no wire SKU
    const sold = wc.catalog.bySku('LOT-000005');
    if (sold !== undefined) sold.stockQuantity = 0; // a buyer took the last one

    expect(await store.productStatus(['LOT-000004', 'LOT-000005', 'LOT-404'])).toEqual([
      { sku: 'LOT-000004', stock_status: 'instock', stock_quantity: 1 },
      { sku: 'LOT-000005', stock_status: 'outofstock', stock_quantity: 0 },
    ]);
    expect((await store.productsByCategory('home & kitchen')).map((status) => status.sku)).toEqual(['LOT-000004', 'LOT-000005']);
    await expect(store.productsByCategory('Boats')).rejects.toMatchObject({ code: 'NOT_FOUND', message: StoreMessages.noCategory('Boats') });
  });

  it('deletes a product by SKU; deleting it again is harmless', async () => {
    const store = storeWith();
    await store.upsertProduct(lot('LOT-000007'));

    expect(await store.deleteProductBySku('LOT-000007')).toBe(true);
    expect(wc.catalog.products.size).toBe(0);
    expect(wc.requests.find((request) => request.method === 'DELETE')?.query.get('force')).toBe('true');
    expect(await store.deleteProductBySku('LOT-000007')).toBe(false);
  });

  it('lists many lots in one batch: creates the new, updates the listed, and reports the one refused', async () => {
    const store = storeWith();
    const listed = await store.upsertProduct(lot('LOT-000010'));

    const outcomes = await store.upsertProducts([
      lot('LOT-000010', { regularPrice: 99 }),
      lot('LOT-000011'),
      lot('LOT-000012', { images: [{ mediaId: 999_999 }] }),
      lot('LOT-000013'),
    ]);

    expect(outcomes.map((outcome) => (outcome.ok ? outcome.sku : outcome.message))).toEqual([
      'LOT-000010', 'LOT-000011', StoreMessages.productRefused('#999999 is an invalid image ID.'), 'LOT-000013',
    ]);
    expect(outcomes[0]).toMatchObject({ product: listed });
    expect(wc.catalog.products.size).toBe(3);
    expect(wc.catalog.bySku('LOT-000010')?.regularPrice).toBe('99.00');
    expect(sent('POST', '/wp-json/wc/v3/products/batch')).toHaveLength(1);
  });

  it('sends more than 100 lots as several batches', async () => {
    const lots = Array.from({ length: 150 }, (_, index) => lot(`LOT-${String(index + 100).padStart(6, '0')}`));

    const outcomes = await storeWith().upsertProducts(lots);

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(150);
    expect(wc.catalog.products.size).toBe(150);
    expect(sent('POST', '/wp-json/wc/v3/products/batch')).toHaveLength(2);
  });

  it('uploads media under its file name and attaches it to a product', async () => {
    const store = storeWith();
    const media = await store.uploadMedia(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'blender "front" é.jpg', 'image/jpeg');

    expect(wc.catalog.media.get(media.id)).toMatchObject({ fileName: 'blender "front" é.jpg', mimeType: 'image/jpeg', bytes: 7, url: media.url });
    await store.upsertProduct(lot('LOT-000014', { images: [{ mediaId: media.id }, 'https://images.example.com/side.jpg'] }));
    expect(wc.catalog.bySku('LOT-000014')?.images).toEqual([media.id, expect.any(Number)]);
  });
});

describe('when the store fails', () => {
  it('tries again after 429 and 503, then succeeds', async () => {
    wc.catalog.addCategory('Toys');
    wc.fail({ kind: '429', retryAfter: '0' }, 1);
    wc.fail({ kind: '503' }, 2);

    expect(await storeWith().getCategories()).toEqual([expect.objectContaining({ name: 'Toys' })]);
    expect(wc.requests).toHaveLength(4);
  });

  it('gives up after its tries with a plain message', async () => {
    wc.fail({ kind: '503' }, 10);

    await expect(storeWith().getCategories()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: StoreMessages.unavailable(503) });
    expect(wc.requests).toHaveLength(4);
  });

  it('gives up at once when the store asks for a longer wait than it allows', async () => {
    wc.fail({ kind: '429', retryAfter: '3600' }, 1);

    await expect(storeWith().findBySku('LOT-000001')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: StoreMessages.busy });
    expect(wc.requests).toHaveLength(1);
  });

  it('times out a request the store never answers; a product it may have made is not sent twice', async () => {
    const store = storeWith({ timeoutMs: 150, retry: { attempts: 2, backoffMs: 5 } });
    wc.fail({ kind: 'hang' }, 2, 'GET');
    await expect(store.getCategories()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: StoreMessages.notAnswering });
    expect(wc.requests).toHaveLength(2);

    wc.fail({ kind: 'hang' }, 1, 'POST');
    await expect(store.upsertProduct(lot('LOT-000020'))).rejects.toMatchObject({ message: StoreMessages.notAnswering });
    expect(sent('POST', '/wp-json/wc/v3/products')).toHaveLength(1);
  });

  it('says the key is wrong when the store refuses it, without trying again', async () => {
    await expect(storeWith({ secret: 'cs_wrong' }).getCategories()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE', message: StoreMessages.badCredentials, storeCode: 'woocommerce_rest_authentication_error',
    });
    expect(wc.requests).toHaveLength(1);
    const withWrongLogin = storeWith({ mediaLogin: { user: wc.mediaLogin.user, password: 'wrong' } });
    await expect(withWrongLogin.uploadMedia(new Uint8Array([1]), 'a.jpg', 'image/jpeg')).rejects.toMatchObject({ message: StoreMessages.badMediaLogin });
  });

  it('says another product holds the SKU when the store refuses it as duplicated', async () => {
    const trashed = wc.catalog.create({ name: 'Old listing', sku: 'LOT-000030' });
    wc.catalog.delete(trashed.id, false); // in the trash: not listed, but its SKU is still taken

    await expect(storeWith().upsertProduct(lot('LOT-000030'))).rejects.toMatchObject({
      code: 'BAD_REQUEST', message: StoreMessages.duplicateSku('LOT-000030'), storeCode: 'product_invalid_sku',
    });
  });

  it('says to check WC_URL when the address is not a WooCommerce site', async () => {
    await expect(storeWith({ url: `${wc.origin}/blog` }).getCategories()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: StoreMessages.unreadable });
  });

  it('refuses a plain-http store that is not on this machine: the key would travel in clear', () => {
    expect(() => storeWith({ url: 'http://shop.example.com' })).toThrow(/https/);
  });
});
