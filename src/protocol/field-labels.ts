// The names people know for the wire's fields (spec §2 column and field labels), so a refused value is reported as
// 'Units must be a whole number.' rather than by its wire key. A key not listed is spelled out from its name.
import { FieldMessages } from './messages';

const LABELS: Readonly<Record<string, string>> = {
  // lots (spec §2 Lots table, location dialog)
  titleListing: 'Title', newTitle: 'Title', numberOfUnits: 'Units', totalListingPrice: 'Listing', totalOriginalRetail: 'Retail',
  numberOfPallets: 'Pallets', numberOfCartons: 'Cartons', specialNotes: 'Special notes', lotNumber: 'Lot number',
  loc_zone: 'Zone', loc_aisle: 'Aisle', loc_column: 'Column', loc_row: 'Row', loc_box: 'Bin', lotId: 'Lot', lotIds: 'Lots',
  // boxes and items (spec §2 Lot edit: box info, items table)
  h: 'Height', w: 'Width', l: 'Length', lbs: 'Pounds', ozs: 'Ounces', zone: 'Zone', aisle: 'Aisle', col: 'Column',
  row: 'Row', bin: 'Bin', boxId: 'Box', boxNumber: 'Box number', manualManiestId: 'Lot', qnty: 'Qnty', quantity: 'Qnty',
  retailPrice: 'Msrp', clientCost: 'Your Cost', listingPrice: 'List Price', itemDescriptionManifest: 'Desc',
  upcQuantities: 'UPCs', upc: 'UPC',
  // the UPC catalogue (spec §2 Data entry)
  upcEntries: 'UPCs', vendorName: 'Brand', vendorStyleNumber: 'Style', itemDescription: 'Desc', wholesalePrice: 'Wholesale Price',
  liquidationPrice: 'Liquidation Price', asin: 'ASIN', ean: 'EAN', crudType: 'Change type',
  // listings and auctions
  qnt: 'Listing quantity', startingPrice: 'Starting price', auctionTitle: 'Auction title',
};

/** 'pageSize' → 'Page size', 'loc_x' → 'Loc x': a readable name for a key no screen shows. */
function spelledOut(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of the field a path ends in: its last named key ('The value' for a bare body or list entry). */
export function labelOf(path: readonly PropertyKey[]): string {
  const key = path.findLast((part): part is string => typeof part === 'string');
  return key === undefined ? FieldMessages.value : (LABELS[key] ?? spelledOut(key));
}

/** The list positions along a path ([1, 'qnty'] → [1]): said as 'item 2' before the sentence. */
export function positionsOf(path: readonly PropertyKey[]): number[] {
  return path.filter((part): part is number => typeof part === 'number');
}
