// The WooCommerce store (DESIGN §5): categories and products through REST v3, media through wp/v2/media.
// The SKU is the lot number: every write looks the product up by SKU first, so listing a lot again updates it.
import { z } from 'zod';
import type { Category, StoreStatus } from '../../../src/protocol/entities';
import { StoreMessages } from '../../../src/protocol/messages';
import { StoreError } from '../store-error';
import type { OnlineStore, ProductInput, ProductOutcome, ProductRef } from '../types';
import { plainText } from './plain-text';
import { type RestClient, type RestRequest, type WooCommerceOptions, createRestClient } from './rest-client';
import {
  type WcBatchItem,
  type WcCategory,
  type WcProduct,
  WcBatchSchema,
  WcCategorySchema,
  WcProductSchema,
  WpMediaSchema,
  categoryName,
  productBody,
  statusesOf,
  toStoreProduct,
} from './wire';

export type { WooCommerceOptions };
export type WooCommerceStore = OnlineStore;

/** WooCommerce's largest page and batch. */
const PAGE_SIZE = 100;
/** A runaway X-WP-TotalPages cannot keep us reading: 100 pages is 10,000 rows. */
const MAX_PAGES = 100;
/** SKUs per products?sku= lookup: keeps the address short. */
const SKUS_PER_LOOKUP = 40;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** The store's refusal of one product; a duplicate SKU gets its own sentence (the SKU names the lot). */
const productRefusal = (sku: string, reason: string, storeCode: string): string =>
  storeCode === 'product_invalid_sku' ? StoreMessages.duplicateSku(sku) : StoreMessages.productRefused(reason);
const productRefused = (sku: string) => (reason: string, storeCode: string) => productRefusal(sku, reason, storeCode);

export function createWooCommerceStore(options: WooCommerceOptions): WooCommerceStore {
  const rest: RestClient = createRestClient(options);
  const bodyOf = (product: ProductInput) => productBody(product, options.auctionFields);

  /** Every page of a list, following X-WP-TotalPages. */
  async function allPages<S extends z.ZodType>(path: string, query: Readonly<Record<string, string | number>>, item: S): Promise<z.infer<S>[]> {
    const rows: z.infer<S>[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const { body, headers } = await rest({ method: 'GET', path, query: { ...query, per_page: PAGE_SIZE, page } }, z.array(item));
      rows.push(...body);
      const totalPages = Number(headers.get('x-wp-totalpages') ?? '1');
      if (body.length === 0 || !(page < totalPages)) break;
    }
    return rows;
  }

  const categories = (): Promise<WcCategory[]> => allPages('wc/v3/products/categories', {}, WcCategorySchema);

  const productsWithSkus = async (skus: readonly string[]): Promise<WcProduct[]> => {
    const wanted = new Set(skus);
    const found: WcProduct[] = [];
    // One lookup at a time: a shared host answers a burst of parallel calls with 429s.
    for (const group of chunks([...wanted], SKUS_PER_LOOKUP)) found.push(...(await allPages('wc/v3/products', { sku: group.join(',') }, WcProductSchema)));
    // WooCommerce matches SKUs exactly, but a product of ours must carry exactly the SKU asked for.
    return found.filter((product) => wanted.has(product.sku));
  };

  const findProduct = async (sku: string): Promise<WcProduct | undefined> => (await productsWithSkus([sku]))[0];

  const write = async (request: RestRequest): Promise<ProductRef> => {
    const { body } = await rest(request, WcProductSchema);
    return { id: body.id, permalink: body.permalink };
  };
  const update = (id: number, product: ProductInput): Promise<ProductRef> =>
    write({ method: 'PUT', path: `wc/v3/products/${id}`, json: bodyOf(product), refusal: productRefused(product.sku) });

  const create = (product: ProductInput): Promise<ProductRef> =>
    write({ method: 'POST', path: 'wc/v3/products', json: bodyOf(product), refusal: productRefused(product.sku) });

  async function upsertProduct(product: ProductInput): Promise<ProductRef> {
    const existing = await findProduct(product.sku);
    if (existing !== undefined) {
      // Deleted in the store between our lookup and the update: listing it again means making it again.
      return update(existing.id, product).catch((error: unknown) => {
        if (error instanceof StoreError && error.code === 'NOT_FOUND') return create(product);
        throw error;
      });
    }
    try {
      return await create(product);
    } catch (error) {
      // Someone listed the same lot in the meantime (another tab, a replayed request, a POST that timed out after
      // the store made it): the product exists now, so this list becomes its update.
      if (!(error instanceof StoreError && error.storeCode === 'product_invalid_sku')) throw error;
      const raced = await findProduct(product.sku);
      if (raced === undefined) throw error;
      return update(raced.id, product);
    }
  }

  async function upsertProducts(products: readonly ProductInput[]): Promise<ProductOutcome[]> {
    const existing = new Map((await productsWithSkus(products.map((product) => product.sku))).map((product) => [product.sku, product.id]));
    const outcomes: ProductOutcome[] = [];
    for (const group of chunks(products, PAGE_SIZE)) {
      const creates = group.filter((product) => !existing.has(product.sku));
      const updates = group.filter((product) => existing.has(product.sku));
      const { body } = await rest(
        {
          method: 'POST',
          path: 'wc/v3/products/batch',
          json: {
            create: creates.map(bodyOf),
            update: updates.map((product) => ({ id: existing.get(product.sku), ...bodyOf(product) })),
          },
        },
        WcBatchSchema,
      );
      const answers = new Map<ProductInput, WcBatchItem | undefined>([
        ...creates.map((product, index) => [product, body.create[index]] as const),
        ...updates.map((product, index) => [product, body.update[index]] as const),
      ]);
      outcomes.push(...group.map((product) => outcomeOf(product, answers.get(product))));
    }
    return outcomes;
  }

  async function deleteProductBySku(sku: string): Promise<boolean> {
    const existing = await findProduct(sku);
    if (existing === undefined) return false;
    try {
      await rest({ method: 'DELETE', path: `wc/v3/products/${existing.id}`, query: { force: 'true' } }, WcProductSchema);
      return true;
    } catch (error) {
      // Deleted by someone else between the lookup and ours: the outcome wanted is there.
      if (error instanceof StoreError && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  }

  async function productsByCategory(categoryText: string): Promise<StoreStatus[]> {
    const wanted = categoryText.trim().toLowerCase();
    const category = (await categories()).find(
      (row) => String(row.id) === wanted || row.slug.toLowerCase() === wanted || categoryName(row).toLowerCase() === wanted,
    );
    if (category === undefined) throw new StoreError(StoreMessages.noCategory(categoryText.trim()), 'NOT_FOUND', 'no_category', 0);
    return statusesOf(await allPages('wc/v3/products', { category: category.id }, WcProductSchema));
  }

  return {
    kind: 'woocommerce',
    async getCategories(): Promise<Category[]> {
      return (await categories()).map((row) => ({ id: row.id, name: categoryName(row), parent: row.parent }));
    },
    upsertProduct,
    upsertProducts,
    deleteProductBySku,
    async findBySku(sku) {
      const product = await findProduct(sku);
      return product === undefined ? null : toStoreProduct(product);
    },
    async productStatus(skus) {
      return skus.length === 0 ? [] : statusesOf(await productsWithSkus(skus));
    },
    productsByCategory,
    async uploadMedia(bytes, fileName, type) {
      const headers = { 'content-type': type, 'content-disposition': contentDisposition(fileName) };
      const { body } = await rest(
        { method: 'POST', path: 'wp/v2/media', bytes: { body: bytes, headers }, refusal: StoreMessages.mediaRefused },
        WpMediaSchema,
      );
      return { id: body.id, url: body.source_url };
    },
  };
}

function outcomeOf(product: ProductInput, answer: WcBatchItem | undefined): ProductOutcome {
  if (answer === undefined) return { sku: product.sku, ok: false, message: StoreMessages.unreadable };
  if ('error' in answer) {
    const reason = plainText(answer.error.message) || answer.error.code;
    return { sku: product.sku, ok: false, message: productRefusal(product.sku, reason, answer.error.code) };
  }
  return { sku: product.sku, ok: true, product: { id: answer.id, permalink: answer.permalink } };
}

/** WordPress takes the file name from here; an ASCII fallback plus the RFC 6266 UTF-8 form keeps any name intact. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

