// Listing templates: a note labelled template_… rendered into a lot's listing HTML (DESIGN §5; placeholders in
// src/protocol/listing-templates.ts and docs/protocol.md).
export { renderListing, type RenderedListing } from './render';
export { sanitizeListing, LINK_REL } from './sanitize';
export type { ListingItem, ListingValues } from './values';
