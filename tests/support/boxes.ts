// What the box editor suites share: boxes and catalogue entries made through the real handlers, a packed box to
// change, the box editor's reads (a lot's boxes, a box's items), and the refusals they answer with.
import { expect } from 'vitest';
import {
  AddedUpcReplySchema, BoxItemsReplySchema, BoxSchema, type AddedUpcReply, type Box, type BoxItem, type BoxItemsReply,
} from '../../src/protocol/boxes';
import type { UpcEntry } from '../../src/protocol/catalogue';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LotSchema, type Lot } from '../../src/protocol/lots';
import { createEntries, newEntry, rejected } from './catalogue';
import { okData, refusal, send } from './lot-replies';
import { createLot } from './staff';
import type { TestClient } from './stomp-client';

/** Spec §8: a box id that names no box. */
export const noSuchBox = rejected(ErrorCode.NOT_FOUND, 'Error, boxId is null or invalid');
export const notFound = (message: string) => rejected(ErrorCode.NOT_FOUND, message);
/** An item change or bulk scan that would take the lot's totals past what a lot can hold. */
export const outOfRange = refusal("Error, the lot's totals would be out of range (at most 1000000 units, and 1000000000 in retail or listing total).");

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

/** The catalogue fields of the two products packedBox puts in its box. */
export const KETTLE = { vendorName: 'Acme', itemDescription: 'Kettle 1.7L', color: 'Steel', size: '1.7 L', retailPrice: 29.99, wholesalePrice: 12.5 };
export const LAMP = { vendorName: 'Northwind', itemDescription: 'Desk lamp', color: 'Black', size: '', retailPrice: 5.49, wholesalePrice: 2 };

export const upcOf = (entry: UpcEntry | undefined): string => entry?.upc ?? '';

/** The row a scan of `entry` makes (DESIGN §5 "Adding a UPC"). */
export const rowOf = (entry: UpcEntry | undefined, quantity = 1): BoxItem => ({
  id: expect.any(Number), upc: upcOf(entry), quantity, retailPrice: entry?.retailPrice ?? null, clientCost: entry?.wholesalePrice ?? null,
  listingPrice: null, vendor: entry?.vendorName ?? '', itemDescriptionManifest: entry?.itemDescription ?? '', color: entry?.color ?? '', size: entry?.size ?? '',
});

export interface PackedBox { lot: Lot; box: Box; kettle: UpcEntry | undefined; lamp: UpcEntry | undefined; items: BoxItem[] }

/** A lot of `client`'s with one box holding a kettle (1) and a lamp (1). */
export async function packedBox(client: TestClient, title: string): Promise<PackedBox> {
  const lot = await createLot(client, title);
  const box = await addBox(client, lot, 'B1');
  const [kettle, lamp] = await catalogued(client, KETTLE, LAMP);
  await scan(client, box, upcOf(kettle));
  await scan(client, box, upcOf(lamp));
  return { lot, box, kettle, lamp, items: (await itemsOf(client, box)).items };
}
