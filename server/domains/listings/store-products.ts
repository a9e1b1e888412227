// From a lot's listing to the store's product: the pictures the store shows, and a store failure as a refusal.
import { ErrorCode } from '../../../src/protocol/error-codes';
import type { Services } from '../../services';
import { StoreError } from '../../store/store-error';
import type { ProductImage } from '../../store/types';
import { refuse, type HandlerResult } from '../handler';

/**
 * The embedded store is this server: our paths are enough. WooCommerce cannot be assumed to reach us, so each
 * picture goes to its media library first (again on every listing: the media ids are not kept yet).
 */
export async function productImages(services: Services, paths: readonly string[]): Promise<ProductImage[]> {
  if (services.store.kind === 'embedded') return [...paths];
  const uploaded: ProductImage[] = [];
  for (const path of paths) {
    const bytes = await services.images.files.readVariant(path);
    if (bytes === undefined) continue; // swept since it was read: the listing goes without it
    const fileName = path.split('/').at(-1) ?? 'image.jpg';
    const media = await services.store.uploadMedia(new Uint8Array(bytes), fileName, fileName.endsWith('.png') ? 'image/png' : 'image/jpeg');
    uploaded.push({ mediaId: media.id });
  }
  return uploaded;
}

/** The refusal for a store's failure, in its own words and code; anything else is a fault and is thrown on. */
export function storeRefusal(error: unknown): HandlerResult {
  if (error instanceof StoreError) return refuse(ErrorCode[error.code], error.message);
  throw error;
}

/** The slug of a product's permalink: its last path segment (/store/lot-1-tools, https://shop/product/lot-1-tools/). */
export function slugOf(permalink: string): string {
  const segments = permalink.split(/[?#]/)[0]?.split('/').filter((segment) => segment !== '') ?? [];
  return decodeURIComponent(segments.at(-1) ?? '');
}
