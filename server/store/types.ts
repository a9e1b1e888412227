// The online store adapter (DESIGN §5): the embedded store by default, WooCommerce REST v3 in production. Both
// keep the category tree and the products; a product's SKU is its lot number.
import type { Category, StoreStatus } from '../../src/protocol/entities';


/** A picture of a product: a public address the store fetches itself, or media already in the store (uploadMedia). */
export type ProductImage = string | { readonly mediaId: number };

/** One lot as a store product. The SKU is the lot number: the one key that makes listing idempotent. */
export interface ProductInput {
  readonly sku: string;
  readonly name: string;
  /** The listing HTML, already rendered and sanitized. */
  readonly description: string;
  /** In dollars; sent to the store rounded to cents. */
  readonly regularPrice: number;
  /** The store manages stock: 0 shows the product as out of stock. */
  readonly stockQuantity: number;
  /** Store category ids (Category.id). */
  readonly categories: readonly number[];
  /** In order: the first is the main picture. */
  readonly images: readonly ProductImage[];
  /** Listed as an auction (listAuctionOnWC): its times and starting price; absent for a fixed-price listing. */
  readonly auction?: AuctionTerms;
}

export interface AuctionTerms {
  readonly startingPrice: number;
  /** ISO date-times, or null when the auction has none yet. */
  readonly start: string | null;
  readonly end: string | null;
}

/** How a WooCommerce auction plugin keeps an auction on its product (config: WC_AUCTION_*; docs/operations.md). */
export interface AuctionFields {
  readonly productType: string;
  readonly startKey: string;
  readonly endKey: string;
  readonly startingPriceKey: string;
}

/** The keys of the widely used "Auctions for WooCommerce" plugin. */
export const DEFAULT_AUCTION_FIELDS: AuctionFields = {
  productType: 'auction',
  startKey: '_auction_dates_from',
  endKey: '_auction_dates_to',
  startingPriceKey: '_auction_start_price',
};

/** Where a listed product lives in the store. */
export interface ProductRef {
  readonly id: number;
  readonly permalink: string;
}

/** A product as the store holds it (what findBySku answers). */
export interface StoreProduct extends ProductRef {
  readonly sku: string;
  readonly name: string;
  readonly regularPrice: string;
  readonly status: StoreStatus;
  readonly categories: readonly number[];
}

/** One product of upsertProducts: its ref, or the person's sentence for why the store refused it. */
export type ProductOutcome =
  | { readonly sku: string; readonly ok: true; readonly product: ProductRef }
  | { readonly sku: string; readonly ok: false; readonly message: string };

export interface MediaRef {
  readonly id: number;
  readonly url: string;
}

/** Every method fails only with StoreError (server/store/store-error.ts). */
export interface StoreProducts {
  /** Creates the product with this SKU, or updates the one the store has: a repeated list never makes a second one. */
  upsertProduct(product: ProductInput): Promise<ProductRef>;
  /** Many at once (one store batch per 100): a product the store refuses does not stop the rest. */
  upsertProducts(products: readonly ProductInput[]): Promise<ProductOutcome[]>;
  /** False when the store had no product with this SKU (unlisting twice is harmless). */
  deleteProductBySku(sku: string): Promise<boolean>;
  findBySku(sku: string): Promise<StoreProduct | null>;
  /** The store's stock of these SKUs; SKUs the store does not have are left out. */
  productStatus(skus: readonly string[]): Promise<StoreStatus[]>;
  /** The stock of every product in a category given by name, slug or id; NOT_FOUND when there is no such category. */
  productsByCategory(categoryText: string): Promise<StoreStatus[]>;
  uploadMedia(bytes: Uint8Array, fileName: string, type: string): Promise<MediaRef>;
}

/** What the server lists lots on: the category tree and the products. */
export interface OnlineStore extends StoreProducts {
  readonly kind: 'embedded' | 'woocommerce';
  getCategories(): Promise<Category[]>;
}
