// The listings domain's public face: pricing lots and listing them on the online store (server/store).
export { listingHandlers } from './handlers';
