// The inventory domain's public face: inventory events and the manifest history (shared by all staff).
export { inventoryHandlers } from './handlers';
