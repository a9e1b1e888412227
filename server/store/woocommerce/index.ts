// The WooCommerce store adapter: what the server wires (config gives WC_URL, WC_KEY, WC_SECRET).
export { type WooCommerceOptions, type WooCommerceStore, createWooCommerceStore } from './store';
