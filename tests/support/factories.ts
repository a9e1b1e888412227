// The one set of test factories: wire-shaped entities with the fewest fields a test must say. Every suite (unit,
// client, integration) builds its data here, so a new field in the contract is added in one place.
import type { UpcEntry } from '../../src/protocol/catalogue';
import type { Box, BoxItem } from '../../src/protocol/entities';
import type { Lot } from '../../src/protocol/lots';
import type { ProductInput } from '../../server/store/types';

export function makeLot(id: number, titleListing: string, userId = 7, fields: Partial<Lot> = {}): Lot {
  return {
    id, lotNumber: `LOT-${String(Math.abs(id)).padStart(6, '0')}`, titleListing, status: 'NOT_LISTED', slug: null, categories: [],
    numberOfPallets: 0, numberOfCartons: 0, numberOfUnits: 0, totalOriginalRetail: 0, totalListingPrice: 0,
    specialNotes: null, userId, loc_zone: null, loc_aisle: null, loc_column: null, loc_row: null, loc_box: null,
    auctionEventManifests: [], ...fields,
  };
}

export function makeBox(id: number, lotId: number, fields: Partial<Box> = {}): Box {
  return {
    id, label: `B${id}`, manualManiestId: lotId, w: 0, l: 0, h: 0, lbs: 0, ozs: 0, zone: 0, aisle: 0, col: 0, row: 0, bin: 0,
    boxNumber: 1, userId: 7, ...fields,
  };
}

export function makeItem(id: number, upc: string, fields: Partial<BoxItem> = {}): BoxItem {
  return {
    id, upc, quantity: 1, retailPrice: null, clientCost: null, listingPrice: null, vendor: null, itemDescriptionManifest: null,
    color: null, size: null, ...fields,
  };
}

export function makeUpc(id: number, upc: string, fields: Partial<UpcEntry> = {}): UpcEntry {
  return {
    id, upc, vendorName: null, vendorStyleNumber: null, size: null, color: null, itemDescription: null,
    retailPrice: null, wholesalePrice: null, asin: null, source: 'dataentry', ...fields,
  };
}

/** A lot as a store product (server/store/types.ts), listed at $149.50 with one in stock. */
export function makeProduct(sku: string, fields: Partial<ProductInput> = {}): ProductInput {
  return {
    sku, name: `Pallet ${sku}`, description: '<p>12 small appliances</p>', regularPrice: 149.5, stockQuantity: 1, categories: [], images: [],
    ...fields,
  };
}
