// The embedded store's products (server/store/embedded-products.ts): the store contract both stores keep, and what
// only this one does: a product is a lot's listing row, gone with its lot, and keeps its address when listed again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreMessages } from '../../src/protocol/messages';
import { listings, lots } from '../../server/db';
import { makeProduct } from '../support/factories';
import { storeContract } from '../support/store-contract';
import { type EmbeddedStoreUnderTest, startEmbeddedUnderTest } from '../support/stores';

storeContract('embedded store', startEmbeddedUnderTest);

describe('embedded store', () => {
  let subject: EmbeddedStoreUnderTest;
  beforeAll(async () => {
    subject = await startEmbeddedUnderTest();
  });
  afterAll(() => subject?.stop());

  const rowsOf = (sku: string) => subject.database.db.select().from(listings).where(eq(listings.sku, sku));

  it('keeps one listing row per lot, updated in place, its address kept when the title changes', async () => {
    const lot = await subject.addLot();
    const first = await subject.store.upsertProduct(makeProduct(lot.lotNumber, { name: 'Pallet of kettles', images: ['/images/ab/x/large.jpg'] }));
    const again = await subject.store.upsertProduct(makeProduct(lot.lotNumber, { name: 'Pallet of toasters', regularPrice: 10.25, stockQuantity: 0 }));

    expect(again).toEqual(first);
    expect(first.permalink).toBe(`/store/${lot.lotNumber.toLowerCase()}-pallet-of-kettles`);
    const rows = await rowsOf(lot.lotNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ manifestId: lot.id, title: 'Pallet of toasters', price: 10.25, quantity: 0, images: [], status: 'publish' });
  });

  it('keeps only picture addresses: media already in a store is not ours to show', async () => {
    const lot = await subject.addLot();
    await subject.store.upsertProduct(makeProduct(lot.lotNumber, { images: [{ mediaId: 4 }, '/images/ab/y/large.jpg'] }));

    expect((await rowsOf(lot.lotNumber))[0]?.images).toEqual(['/images/ab/y/large.jpg']);
  });

  it("refuses a product for a SKU that is no lot's number", async () => {
    await expect(subject.store.upsertProduct(makeProduct('LOT-NOT-A-LOT'))).rejects.toMatchObject({ code: 'NOT_FOUND', message: StoreMessages.noProduct });
    expect(await subject.productsWithSku('LOT-NOT-A-LOT')).toBe(0);
  });

  it('lists many lots, reporting the one it refuses without stopping the rest', async () => {
    const [one, two] = [await subject.addLot(), await subject.addLot()];
    const outcomes = await subject.store.upsertProducts([makeProduct(one.lotNumber), makeProduct('LOT-NOT-A-LOT'), makeProduct(two.lotNumber)]);

    expect(outcomes.map((outcome) => (outcome.ok ? outcome.sku : outcome.message))).toEqual([one.lotNumber, StoreMessages.noProduct, two.lotNumber]);
  });

  it("removes a lot's listing when the lot is deleted", async () => {
    const lot = await subject.addLot();
    await subject.store.upsertProduct(makeProduct(lot.lotNumber));

    await subject.database.db.delete(lots).where(eq(lots.id, lot.id));

    expect(await rowsOf(lot.lotNumber)).toEqual([]);
    expect(await subject.store.findBySku(lot.lotNumber)).toBeNull();
    expect(await subject.store.deleteProductBySku(lot.lotNumber)).toBe(false);
  });

  it("answers a seeded category by name, and only the published products' stock", async () => {
    const [category] = await subject.store.getCategories();
    if (category === undefined) throw new Error('no seeded category');
    const [shown, hidden] = [await subject.addLot(), await subject.addLot()];
    await subject.store.upsertProduct(makeProduct(shown.lotNumber, { categories: [category.id] }));
    await subject.store.upsertProduct(makeProduct(hidden.lotNumber, { categories: [category.id] }));
    await subject.database.db.update(listings).set({ status: 'draft' }).where(eq(listings.sku, hidden.lotNumber));

    const skus = (await subject.store.productsByCategory(category.name)).map((status) => status.sku);

    expect(skus).toContain(shown.lotNumber);
    expect(skus).not.toContain(hidden.lotNumber);
  });

  it('keeps no media of its own', async () => {
    await expect(subject.store.uploadMedia(new Uint8Array([1]), 'a.jpg', 'image/jpeg')).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
