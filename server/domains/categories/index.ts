// The categories domain's public face: the online store's category tree.
export { categoryHandlers } from './handlers';
