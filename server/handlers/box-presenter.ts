// presentBox / presentItem: boxes and items rows → the wire's Box and BoxItem (spec §3 names), and their inverses
// for what a client may write (boxColumnsOf, itemColumnsOf). The one place these shapes are built. Never reads the
// database.
import type { Box, BoxItem } from '../../src/protocol/boxes';
import type { boxes, items, upcs } from '../db';

export type BoxRow = typeof boxes.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
type UpcRow = typeof upcs.$inferSelect;

export function presentBox(row: BoxRow): Box {
  return {
    id: row.id,
    label: row.label,
    manualManiestId: row.lotId,
    w: row.w,
    l: row.l,
    h: row.h,
    lbs: row.lbs,
    ozs: row.ozs,
    zone: row.zone,
    aisle: row.aisle,
    col: row.col,
    row: row.row,
    bin: row.bin,
    boxNumber: row.boxNumber,
    userId: row.userId,
  };
}

/** The box's label for a message: the label, or its id when it has none (as the tabs say 'box ' + label or id). */
export const boxName = (row: BoxRow): string => row.label || String(row.id);

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

/**
 * The columns a client may write on a box (addBoxToLot, updateBoxInfo): label, dimensions, weight and shelf location.
 * Never id, lot, owner or box number (the server's). A missing measure is 0 and a null coordinate 0, "unset"
 * (spec §9: a new box defaults to zero for all of them); the label is stored trimmed, null as ''.
 */
export type BoxColumns = Pick<BoxRow, 'label' | 'w' | 'l' | 'h' | 'lbs' | 'ozs' | 'zone' | 'aisle' | 'col' | 'row' | 'bin'>;

export function boxColumnsOf(box: Partial<Box>): BoxColumns {
  return {
    label: box.label?.trim() ?? '',
    w: box.w ?? 0,
    l: box.l ?? 0,
    h: box.h ?? 0,
    lbs: box.lbs ?? 0,
    ozs: box.ozs ?? 0,
    zone: box.zone ?? 0,
    aisle: box.aisle ?? 0,
    col: box.col ?? 0,
    row: box.row ?? 0,
    bin: box.bin ?? 0,
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
