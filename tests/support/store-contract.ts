// One contract for both online stores (server/store/types.ts), run against the embedded store
// (tests/integration/embedded-store.test.ts) and the WooCommerce adapter on the contract server
// (tests/integration/woocommerce-store.test.ts), so the two behave alike wherever the listing handlers can tell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreMessages } from '../../src/protocol/messages';
import { StoreError } from '../../server/store/store-error';
import { makeProduct } from './factories';
import { uniqueName } from './staff';
import type { StoreUnderTest } from './stores';

export function storeContract(name: string, start: () => Promise<StoreUnderTest>): void {
  describe(`${name}: the store contract`, () => {
    let subject: StoreUnderTest;
    beforeAll(async () => {
      subject = await start();
    });
    afterAll(() => subject?.stop());

    it('creates a product by SKU, then updates that same product: never a second one', async () => {
      const sku = await subject.newSku();
      const first = await subject.store.upsertProduct(makeProduct(sku));
      const second = await subject.store.upsertProduct(makeProduct(sku, { name: 'Pallet of blenders', regularPrice: 20, stockQuantity: 3 }));

      expect(second).toEqual(first);
      expect(await subject.productsWithSku(sku)).toBe(1);
      expect(await subject.store.findBySku(sku)).toMatchObject({
        id: first.id, permalink: first.permalink, sku, name: 'Pallet of blenders', regularPrice: '20.00',
        status: { sku, stock_status: 'instock', stock_quantity: 3 },
      });
    });

    it('finds nothing for a SKU it does not have', async () => {
      expect(await subject.store.findBySku(uniqueName('LOT-NONE'))).toBeNull();
    });

    it('answers the stock of the SKUs asked for, leaving out the ones it does not have', async () => {
      const [inStock, soldOut] = [await subject.newSku(), await subject.newSku()];
      await subject.store.upsertProduct(makeProduct(inStock, { stockQuantity: 2 }));
      await subject.store.upsertProduct(makeProduct(soldOut, { stockQuantity: 0 }));

      const statuses = await subject.store.productStatus([inStock, soldOut, uniqueName('LOT-NONE')]);

      expect(statuses.sort((a, b) => a.sku.localeCompare(b.sku))).toEqual(
        [
          { sku: inStock, stock_status: 'instock', stock_quantity: 2 },
          { sku: soldOut, stock_status: 'outofstock', stock_quantity: 0 },
        ].sort((a, b) => a.sku.localeCompare(b.sku)),
      );
      expect(await subject.store.productStatus([])).toEqual([]);
    });

    it("answers a category's products by its id and by its name in any case", async () => {
      const category = uniqueName('Kettles');
      const id = await subject.addCategory(category);
      const [one, two, elsewhere] = [await subject.newSku(), await subject.newSku(), await subject.newSku()];
      await subject.store.upsertProduct(makeProduct(one, { categories: [id] }));
      await subject.store.upsertProduct(makeProduct(two, { categories: [id] }));
      await subject.store.upsertProduct(makeProduct(elsewhere));

      const skus = async (text: string) => (await subject.store.productsByCategory(text)).map((status) => status.sku).sort();
      expect(await skus(String(id))).toEqual([one, two].sort());
      expect(await skus(` ${category.toUpperCase()} `)).toEqual([one, two].sort());
      expect(await subject.store.getCategories()).toContainEqual({ id, name: category, parent: 0 });
    });

    it('refuses an unknown category as NOT_FOUND, in plain words', async () => {
      const missing = uniqueName('Boats');
      const refusal = subject.store.productsByCategory(`  ${missing}`);

      await expect(refusal).rejects.toBeInstanceOf(StoreError);
      await expect(refusal).rejects.toMatchObject({ code: 'NOT_FOUND', message: StoreMessages.noCategory(missing) });
    });

    it('deletes a product by SKU; deleting it again is harmless and answers false', async () => {
      const sku = await subject.newSku();
      await subject.store.upsertProduct(makeProduct(sku));

      expect(await subject.store.deleteProductBySku(sku)).toBe(true);
      expect(await subject.store.findBySku(sku)).toBeNull();
      expect(await subject.productsWithSku(sku)).toBe(0);
      expect(await subject.store.deleteProductBySku(sku)).toBe(false);
    });

    it('lists a deleted product again as a fresh one', async () => {
      const sku = await subject.newSku();
      await subject.store.upsertProduct(makeProduct(sku));
      await subject.store.deleteProductBySku(sku);

      await subject.store.upsertProduct(makeProduct(sku, { regularPrice: 75 }));

      expect(await subject.productsWithSku(sku)).toBe(1);
      expect(await subject.store.findBySku(sku)).toMatchObject({ sku, regularPrice: '75.00' });
    });
  });
}
