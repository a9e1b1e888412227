// presentItem: an items row → the wire's BoxItem (spec §3 names), and its inverses for what a client may write
// (itemColumnsOf) and what a scan adds (itemFromCatalogue). The one place these shapes are built. Never reads the
// database.
import type { BoxItem } from '../../../src/protocol/boxes';
import type { items, upcs } from '../../db';

export type ItemRow = typeof items.$inferSelect;
type UpcRow = typeof upcs.$inferSelect;

export function presentItem(row: ItemRow): BoxItem {
  return {
    id: row.id,
    upc: row.upc,
    quantity: row.quantity,
    retailPrice: row.retailPrice,
    clientCost: row.clientCost,
    listingPrice: row.listingPrice,
    vendor: row.vendor,
    itemDescriptionManifest: row.itemDescriptionManifest,
    color: row.color,
    size: row.size,
  };
}

/** What updateItems writes on a row: everything the items table edits, never the UPC (a scanned fact) or the box. */
export type ItemColumns = Pick<ItemRow, 'quantity' | 'retailPrice' | 'clientCost' | 'listingPrice' | 'vendor' | 'itemDescriptionManifest' | 'color' | 'size'>;

export function itemColumnsOf(item: BoxItem): ItemColumns {
  return {
    quantity: item.quantity,
    retailPrice: item.retailPrice,
    clientCost: item.clientCost,
    listingPrice: item.listingPrice,
    // Trimmed like the catalogue's text, so a stray space never makes a second vendor.
    vendor: item.vendor?.trim() ?? '',
    itemDescriptionManifest: item.itemDescriptionManifest?.trim() ?? '',
    color: item.color?.trim() ?? '',
    size: item.size?.trim() ?? '',
  };
}

/**
 * A new item for `upc` as the catalogue describes it (DESIGN §5 "Adding a UPC"): Msrp from retailPrice, Your Cost
 * from wholesalePrice, vendor, description, color and size; unknown prices stay null; no listing price yet.
 */
export function itemFromCatalogue(entry: UpcRow, boxId: number, quantity: number): typeof items.$inferInsert {
  return {
    boxId,
    upc: entry.upc,
    quantity,
    retailPrice: entry.retailPrice,
    clientCost: entry.wholesalePrice,
    listingPrice: null,
    vendor: entry.vendorName,
    itemDescriptionManifest: entry.itemDescription,
    color: entry.color,
    size: entry.size,
  };
}
