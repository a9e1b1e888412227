// The online store adapter (DESIGN §5): the embedded store by default, WooCommerce REST v3 in production.
// This issue needs only the category tree; listings, products and media join with their issues.
import type { Category } from '../../src/protocol/entities';

export interface OnlineStore {
  readonly kind: 'embedded' | 'woocommerce';
  getCategories(): Promise<Category[]>;
}
