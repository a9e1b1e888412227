// The box editor's item changes (spec §2 Lot edit, §4 "Box editing"), each declared once. A scan made with the
// Wi-Fi gone is never lost: it shows at once, pending, and arrives once, in order.
// - Add UPC (a scanner's code + Enter): an item already in the box gets 1 more (DESIGN §5), otherwise a new row
//   (filled from the catalogue entry this device knows, if any) appears; the server's reply has the last word.
// - Update Items: one entry per changed row, carrying the row with its edits; Delete Items: one entry.
import { BoxItemSchema, type BoxItem, type UpcEntry } from '../../protocol/entities';
import { ClientMessages } from '../../protocol/messages';
import { atLeastOne, defineIntent } from '../../sync/intent';
import { creates, patches, removes } from '../../sync/outbox/outbox';
import { validatedNaming } from '../../sync/validated';
import { itemsTable, type ItemRow } from './tables';

export interface Scan {
  readonly boxId: number | undefined;
  readonly upc: string;
  /** The box's row with that UPC, if any. */
  readonly existing: ItemRow | undefined;
  /** The catalogue entry this device has for the UPC, if any. */
  readonly known: UpcEntry | undefined;
}

/**
 * A scan: 1 more of the box's row with that UPC, or a new row (catalogue fields from this device, if known: an entry's
 * texts are never null, so a new row whose vendor and description are null is one the device knows nothing of).
 */
export const addUpc = defineIntent({
  destination: 'addUPCToBox',
  ids: ['boxId'],
  build: ({ boxId, upc, existing, known }: Scan) => {
    const code = upc.trim();
    if (code === '') throw new Error(ClientMessages.upcRequired);
    if (boxId === undefined) throw new Error(ClientMessages.noBox);
    const body = { upc: code, boxId };
    if (existing !== undefined) return { body, optimistic: patches(itemsTable, [existing.id], { quantity: existing.quantity + 1 }) };
    return {
      body,
      optimistic: creates(itemsTable, {
        boxId, upc: code, quantity: 1, retailPrice: known?.retailPrice ?? null, clientCost: known?.wholesalePrice ?? null, listingPrice: null,
        vendor: known?.vendorName ?? null, itemDescriptionManifest: known?.itemDescription ?? null, color: known?.color ?? null, size: known?.size ?? null,
      }),
    };
  },
});

/** A row scanned here whose UPC this device's catalogue does not hold: the server has yet to say what it is. */
export const notOnDevice = (item: Pick<ItemRow, 'id' | 'pending' | 'vendor' | 'itemDescriptionManifest'>): boolean =>
  item.id < 0 && item.pending === 1 && item.vendor === null && item.itemDescriptionManifest === null;

/** The spreadsheet's rows for one box (XLS Save Changes); the server answers which went in (a box made offline: once
 * the server has named it, the file goes for the real box). */
export const addUpcs = defineIntent({
  destination: 'addMultipleUPCsToBox',
  ids: ['boxId'],
  build: ({ boxId, upcQuantities }: { readonly boxId: number; readonly upcQuantities: ReadonlyArray<{ readonly upc: string; readonly qnty: number }> }) => {
    return { body: { boxId, upcQuantities: [...upcQuantities] } };
  },
});

export type ItemEdits = Partial<Pick<BoxItem, 'quantity' | 'retailPrice' | 'clientCost' | 'listingPrice' | 'vendor' | 'itemDescriptionManifest' | 'color' | 'size'>>;

/** A row scanned offline (a temporary id) can be edited too: the outbox sends it with the server's id. */
export const updateItem = defineIntent({
  destination: 'updateItems',
  ids: ['*.id'],
  build: ({ item, edits }: { readonly item: BoxItem; readonly edits: ItemEdits }) => {
    return { body: [validatedNaming(BoxItemSchema, { ...item, ...edits }, ['id'])], optimistic: patches(itemsTable, [item.id], edits) };
  },
});

export const deleteItems = defineIntent({
  destination: 'deleteItems',
  ids: ['*.id'],
  build: (items: readonly BoxItem[]) => {
    const [first, ...rest] = atLeastOne(items, ClientMessages.noItemsToDelete);
    return { body: items.map(({ id }) => ({ id })), optimistic: removes(itemsTable, [first.id, ...rest.map((item) => item.id)]) };
  },
});
