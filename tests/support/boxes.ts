// What the box editor suites share: boxes and catalogue entries made through the real handlers, the box editor's
// reads (a lot's boxes, a box's items), and the refusals they answer with.
import {
  AddedUpcReplySchema, BoxItemsReplySchema, BoxSchema, type AddedUpcReply, type Box, type BoxItemsReply,
} from '../../src/protocol/boxes';
import type { UpcEntry } from '../../src/protocol/catalogue';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LotSchema, type Lot } from '../../src/protocol/lots';
import { createEntries, newEntry, rejected } from './catalogue';
import { okData, send } from './lot-replies';
import type { TestClient } from './stomp-client';

/** Spec §8: a box id that names no box. */
export const noSuchBox = rejected(ErrorCode.NOT_FOUND, 'Error, boxId is null or invalid');
export const notFound = (message: string) => rejected(ErrorCode.NOT_FOUND, message);

/** addBoxToLot as the Add Box prompt sends it: the lot and a label. */
export async function addBox(client: TestClient, lot: Pick<Lot, 'id'>, label = 'Box'): Promise<Box> {
  return BoxSchema.parse(okData(await send(client, 'addBoxToLot', { id: 0, manualManiestId: lot.id, label })));
}

/** The lot's box tabs, as getBoxesByLotId answers them. */
export async function boxesOf(client: TestClient, lot: Pick<Lot, 'id'>): Promise<Box[]> {
  return BoxSchema.array().parse(await client.request('getBoxesByLotId', lot.id, 'boxesByLotId'));
}

/** The box editor's table: getItemsByBoxId's reply. */
export async function itemsOf(client: TestClient, box: Pick<Box, 'id'>): Promise<BoxItemsReply> {
  return BoxItemsReplySchema.parse(okData(await send(client, 'getItemsByBoxId', box.id)));
}

/** One scan into the box (the test fails on a refusal). */
export async function scan(client: TestClient, box: Pick<Box, 'id'>, upc: string): Promise<AddedUpcReply> {
  return AddedUpcReplySchema.parse(okData(await send(client, 'addUPCToBox', { upc, boxId: box.id })));
}

/** The lot as the Lots page shows it. */
export async function lotOf(client: TestClient, lot: Pick<Lot, 'id'>): Promise<Lot> {
  return LotSchema.parse(await client.request('getLotById', lot.id, 'lotById'));
}

/** Catalogue entries with fresh UPCs, saved through data entry: `fields` per entry. */
export function catalogued(client: TestClient, ...fields: Array<Partial<UpcEntry>>): Promise<UpcEntry[]> {
  return createEntries(client, fields.map((entry) => newEntry(entry)));
}

/** The three totals DESIGN §5 recomputes from the items. */
export const totalsOf = (lot: Lot) => ({ units: lot.numberOfUnits, retail: lot.totalOriginalRetail, listing: lot.totalListingPrice });

/** Everything the box editor shows of a lot: the lot, its boxes and each box's items (for "nothing changed"). */
export async function editorView(client: TestClient, lot: Pick<Lot, 'id'>) {
  const boxes = await boxesOf(client, lot);
  return { lot: await lotOf(client, lot), boxes, items: await Promise.all(boxes.map(async (box) => (await itemsOf(client, box)).items)) };
}
