// WooCommerce REST v3's JSON as we read and write it: only the fields we use (zod strips the rest), so a store
// that answers something else is noticed at the edge instead of deep in a handler.
import { z } from 'zod';
import { type StoreStatus, StoreStatusSchema } from '../../../src/protocol/entities';
import { COUNT_MAX } from '../../../src/protocol/primitives';
import { DEFAULT_AUCTION_FIELDS, type AuctionFields, type ProductInput, type StoreProduct } from '../types';
import { decodeEntities } from './plain-text';

const WcId = z.number().int().min(0);

/** Every WordPress REST error: {code, message, data: {status}}. */
export const WcErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.object({ status: z.number().int() }).partial().nullish(),
});
export type WcError = z.infer<typeof WcErrorSchema>;

export const WcCategorySchema = z.object({ id: WcId, name: z.string(), slug: z.string(), parent: WcId });
export type WcCategory = z.infer<typeof WcCategorySchema>;

export const WcProductSchema = z.object({
  id: WcId,
  name: z.string(),
  sku: z.string(),
  permalink: z.string(),
  regular_price: z.string(),
  stock_status: z.string(),
  stock_quantity: z.number().int().nullable(),
  categories: z.array(z.object({ id: WcId })),
});
export type WcProduct = z.infer<typeof WcProductSchema>;

/** A batch answers each item with the product, or {id: 0, error} when that one item was refused. */
const WcBatchItemSchema = z.union([z.object({ id: WcId, error: WcErrorSchema }), WcProductSchema]);
export type WcBatchItem = z.infer<typeof WcBatchItemSchema>;
export const WcBatchSchema = z.object({
  create: z.array(WcBatchItemSchema).default([]),
  update: z.array(WcBatchItemSchema).default([]),
});

export const WpMediaSchema = z.object({ id: WcId, source_url: z.string() });

/** A category's name as the person sees it: WordPress stores it HTML-escaped ('Home &amp; Kitchen'); the wire takes 200. */
export const categoryName = (category: WcCategory): string => decodeEntities(category.name).slice(0, 200);

/** The product we send: a simple, published product whose stock the store manages. */
/** An auction plugin's date format: 'YYYY-MM-DD HH:MM', in UTC (set the shop's time zone to UTC, or mind the offset). */
const pluginDate = (iso: string | null): string => (iso === null ? '' : new Date(iso).toISOString().slice(0, 16).replace('T', ' '));

/** The auction's type and meta data, under the plugin's keys; nothing for a fixed-price product. */
function auctionPart(product: ProductInput, fields: AuctionFields): Record<string, unknown> {
  const { auction } = product;
  if (auction === undefined) return { type: 'simple' };
  return {
    type: fields.productType,
    meta_data: [
      { key: fields.startingPriceKey, value: auction.startingPrice.toFixed(2) },
      { key: fields.startKey, value: pluginDate(auction.start) },
      { key: fields.endKey, value: pluginDate(auction.end) },
    ],
  };
}

export function productBody(product: ProductInput, fields: AuctionFields = DEFAULT_AUCTION_FIELDS): Record<string, unknown> {
  return {
    name: product.name,
    ...auctionPart(product, fields),
    status: 'publish',
    sku: product.sku,
    description: product.description,
    regular_price: product.regularPrice.toFixed(2),
    manage_stock: true,
    stock_quantity: product.stockQuantity,
    categories: product.categories.map((id) => ({ id })),
    images: product.images.map((image) => (typeof image === 'string' ? { src: image } : { id: image.mediaId })),
  };
}

const clampCount = (count: number | null): number | null => (count === null ? null : Math.min(Math.max(count, -COUNT_MAX), COUNT_MAX));

export const toStatus = (product: WcProduct): StoreStatus => ({
  sku: product.sku,
  stock_status: product.stock_status,
  stock_quantity: clampCount(product.stock_quantity),
});

/**
 * The stock of products as the wire carries it. A category can hold products that are not lots of ours; one whose
 * SKU or stock status does not fit the wire (a 200-character SKU) is left out rather than spoil the whole reply.
 */
export const statusesOf = (products: readonly WcProduct[]): StoreStatus[] =>
  products.map(toStatus).filter((status) => StoreStatusSchema.safeParse(status).success);

export const toStoreProduct = (product: WcProduct): StoreProduct => ({
  id: product.id,
  permalink: product.permalink,
  sku: product.sku,
  name: decodeEntities(product.name),
  regularPrice: product.regular_price,
  status: toStatus(product),
  categories: product.categories.map((category) => category.id),
});
