// The embedded store's products: the listings table (server/db/schema/store.ts), one row per SKU (the lot number).
// Its pages are served by server/http/store-pages.ts; a product's permalink is /store/{slug}.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StoreStatus } from '../../src/protocol/entities';
import { StoreMessages } from '../../src/protocol/messages';
import type { Db } from '../db';
import { categories, listings, lots } from '../db/schema';
import { productSlug } from './slug';
import { StoreError } from './store-error';
import type { ProductInput, ProductRef, StoreProduct, StoreProducts } from './types';

type ListingRow = typeof listings.$inferSelect;

export const storePath = (slug: string): string => `/store/${encodeURIComponent(slug)}`;

const refOf = (row: Pick<ListingRow, 'id' | 'slug'>): ProductRef => ({ id: row.id, permalink: storePath(row.slug) });

const statusOf = (row: Pick<ListingRow, 'sku' | 'quantity'>): StoreStatus => ({
  sku: row.sku,
  stock_status: row.quantity > 0 ? 'instock' : 'outofstock',
  stock_quantity: row.quantity,
});

/** Embedded products are pictures by address only: the store is this server, so a path of ours is enough. */
function imagePaths(product: ProductInput): string[] {
  return product.images.filter((image): image is string => typeof image === 'string');
}

export function createEmbeddedProducts(db: Db): StoreProducts {
  async function upsertProduct(product: ProductInput): Promise<ProductRef> {
    const [lot] = await db.select({ id: lots.id }).from(lots).where(eq(lots.lotNumber, product.sku));
    if (lot === undefined) throw new StoreError(StoreMessages.noProduct, 'NOT_FOUND', 'no_lot', 0);
    const values = {
      manifestId: lot.id,
      sku: product.sku,
      title: product.name,
      html: product.description,
      price: Math.round(product.regularPrice * 100) / 100,
      quantity: product.stockQuantity,
      categories: [...product.categories],
      images: imagePaths(product),
      status: 'publish',
    };
    // The slug is kept on an update: a link already shared keeps working after the lot is listed again.
    const [row] = await db
      .insert(listings)
      .values({ ...values, slug: productSlug(product.sku, product.name) })
      .onConflictDoUpdate({ target: listings.sku, set: values })
      .returning({ id: listings.id, slug: listings.slug });
    if (row === undefined) throw new StoreError(StoreMessages.noProduct, 'NOT_FOUND', 'no_row', 0);
    return refOf(row);
  }

  return {
    upsertProduct,
    async upsertProducts(products) {
      const outcomes = [];
      for (const product of products) {
        try {
          outcomes.push({ sku: product.sku, ok: true as const, product: await upsertProduct(product) });
        } catch (error) {
          if (!(error instanceof StoreError)) throw error;
          outcomes.push({ sku: product.sku, ok: false as const, message: error.message });
        }
      }
      return outcomes;
    },
    async deleteProductBySku(sku) {
      const deleted = await db.delete(listings).where(eq(listings.sku, sku)).returning({ id: listings.id });
      return deleted.length > 0;
    },
    async findBySku(sku): Promise<StoreProduct | null> {
      const [row] = await db.select().from(listings).where(eq(listings.sku, sku));
      if (row === undefined) return null;
      return { ...refOf(row), sku: row.sku, name: row.title, regularPrice: row.price.toFixed(2), status: statusOf(row), categories: row.categories };
    },
    async productStatus(skus) {
      if (skus.length === 0) return [];
      return (await db.select().from(listings).where(inArray(listings.sku, [...skus]))).map(statusOf);
    },
    async productsByCategory(categoryText) {
      const wanted = categoryText.trim();
      const id = /^\d+$/.test(wanted) ? Number(wanted) : -1;
      const [category] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(sql`${categories.id} = ${id} or lower(${categories.name}) = lower(${wanted})`)
        .limit(1);
      if (category === undefined) throw new StoreError(StoreMessages.noCategory(wanted), 'NOT_FOUND', 'no_category', 0);
      const rows = await db
        .select()
        .from(listings)
        .where(and(eq(listings.status, 'publish'), sql`${listings.categories} @> ${JSON.stringify([category.id])}::jsonb`));
      return rows.map(statusOf);
    },
    async uploadMedia() {
      // Nothing calls it for this store: its products name our own image paths (see imagePaths).
      throw new StoreError(StoreMessages.requestRefused('the embedded store keeps no media of its own.'), 'BAD_REQUEST', 'no_media', 0);
    },
  };
}
