// Intents of Lot edit for boxes and items (spec §2 Lot edit, §4 "Box editing"). Each goes through the outbox,
// so a scan made with the Wi-Fi gone is never lost: it shows at once, pending, and arrives once, in order.
// - Add Box: a pending box with a temporary id until ADDED_BOX_TO_LOT; items scanned into it meanwhile follow.
// - Add UPC (a scanner's code + Enter): an item already in the box gets 1 more (DESIGN §5), otherwise a new row
//   (filled from the catalogue entry this device knows, if any) appears; the server's reply has the last word.
// - Update Items: one entry per changed row, carrying the row with its edits; Delete Items: one entry.
import { Destination } from '../../protocol/destinations';
import type { Box, BoxInfo, BoxItem, UpcEntry } from '../../protocol/entities';
import { BoxItemSchema, BoxSchema, NewBoxSchema } from '../../protocol/entities';
import { isTempId } from '../../sync/optimistic';
import type { Intent } from '../../sync/outbox';
import type { ItemRow } from '../../sync/replica';
import { validated } from '../../sync/validated';
import { ClientMessages } from '../../protocol/messages';

const tempRefs = (entries: ReadonlyArray<readonly [string, number]>): { tempRefs?: string[] } => {
  const refs = entries.filter(([, id]) => isTempId(id)).map(([path]) => path);
  return refs.length === 0 ? {} : { tempRefs: refs };
};

/** A new box: the label, its lot, and zero dimensions, weight and location (spec §9). */
export function addBoxIntent(lotId: number, label: string): Intent {
  const trimmed = label.trim();
  if (trimmed === '') throw new Error(ClientMessages.boxLabelRequired);
  // A lot made offline has a temporary id: the schema's positive id is checked with a stand-in, then restored.
  const body = { ...validated(NewBoxSchema, { label: trimmed, manualManiestId: isTempId(lotId) ? 1 : lotId }, 'box'), manualManiestId: lotId };
  const row: Omit<Box, 'id'> = {
    label: trimmed, manualManiestId: lotId, w: 0, l: 0, h: 0, lbs: 0, ozs: 0, zone: 0, aisle: 0, col: 0, row: 0, bin: 0, boxNumber: null, userId: null,
  };
  return { destination: Destination.addBoxToLot, body, optimistic: { kind: 'create', table: 'boxes', row }, ...tempRefs([['manualManiestId', lotId]]) };
}

export function deleteBoxIntent(box: Box | undefined): Intent {
  if (box === undefined) throw new Error(ClientMessages.invalidBox);
  return { destination: Destination.deleteBox, body: { id: box.id }, optimistic: { kind: 'patch', table: 'boxes', id: box.id, patch: { removed: 1 } }, ...tempRefs([['id', box.id]]) };
}

export function updateBoxInfoIntent(box: Box, info: BoxInfo): Intent {
  if (isTempId(box.id)) throw new Error('This box is not on the server yet; change it once it has arrived.');
  const body = validated(BoxSchema, { ...box, ...info }, 'box');
  return { destination: Destination.updateBoxInfo, body, optimistic: { kind: 'patch', table: 'boxes', id: box.id, patch: info } };
}

/** A scan: 1 more of the box's row with that UPC, or a new row (catalogue fields from this device, if known). */
export function addUpcIntent(boxId: number | undefined, upc: string, existing: ItemRow | undefined, known: UpcEntry | undefined): Intent {
  const code = upc.trim();
  if (code === '') throw new Error(ClientMessages.upcRequired);
  if (boxId === undefined) throw new Error(ClientMessages.noBox);
  const body = { upc: code, boxId };
  const refs = tempRefs([['boxId', boxId]]);
  if (existing !== undefined) {
    return { destination: Destination.addUPCToBox, body, optimistic: { kind: 'patch', table: 'items', id: existing.id, patch: { quantity: existing.quantity + 1 } }, ...refs };
  }
  const row: Omit<ItemRow, 'id'> = {
    boxId, upc: code, quantity: 1, retailPrice: known?.retailPrice ?? null, clientCost: known?.wholesalePrice ?? null, listingPrice: null,
    vendor: known?.vendorName ?? null, itemDescriptionManifest: known?.itemDescription ?? null, color: known?.color ?? null, size: known?.size ?? null,
  };
  return { destination: Destination.addUPCToBox, body, optimistic: { kind: 'create', table: 'items', row }, ...refs };
}

/** The spreadsheet's rows for one box (XLS Save Changes); the server answers which went in. */
export function addUpcsIntent(boxId: number, upcQuantities: ReadonlyArray<{ readonly upc: string; readonly qnty: number }>): Intent {
  if (isTempId(boxId)) throw new Error('This box is not on the server yet; add the file once it has arrived.');
  return { destination: Destination.addMultipleUPCsToBox, body: { boxId, upcQuantities } };
}

export type ItemEdits = Partial<Pick<BoxItem, 'quantity' | 'retailPrice' | 'clientCost' | 'listingPrice' | 'vendor' | 'itemDescriptionManifest' | 'color' | 'size'>>;

export function updateItemIntent(item: BoxItem, edits: ItemEdits): Intent {
  if (isTempId(item.id)) throw new Error(ClientMessages.itemNotSavedYet);
  const body = [validated(BoxItemSchema, { ...item, ...edits }, `item ${item.upc}`)];
  return { destination: Destination.updateItems, body, optimistic: { kind: 'patch', table: 'items', id: item.id, patch: edits } };
}

export function deleteItemsIntent(items: readonly BoxItem[]): Intent {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error('No items selected to delete...');
  if (items.some((item) => isTempId(item.id))) throw new Error(ClientMessages.itemNotSavedYet);
  return {
    destination: Destination.deleteItems,
    body: items.map(({ id }) => ({ id })),
    optimistic: { kind: 'patch', table: 'items', id: first.id, ids: rest.map((item) => item.id), patch: { removed: 1 } },
  };
}
