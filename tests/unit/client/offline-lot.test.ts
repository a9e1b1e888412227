// Issue 13: a lot created offline can be opened and filled offline. Lot edit reads a lot made offline by its
// temporary id from the replica alone (useLot, useBoxes, useBoxContents: readLot, readBoxes, readItems), takes a box and
// scans into it, and when the connection returns the outbox sends the lot, then the box, then the scans, once each,
// in order, each naming the real ids; the server never sees a temporary (negative) id, and the replica ends with the
// server's rows only. Also the reverse race: the lot is created online and the box editor is used while its reply is
// on the way. The real server answers through the in-memory wire; the wire injects the faults.
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addBox, boxesTable, readBoxes, updateBoxInfo } from '../../../src/domains/boxes';
import { addUpc, addUpcs, itemsTable, readItems, readShownItems, scanContext, updateItem } from '../../../src/domains/items';
import { createLot, lotsTable, readLot, renameLot } from '../../../src/domains/lots';
import { upcsTable } from '../../../src/domains/upcs';
import { followRenumbered, lotEditQueries } from '../../../src/features/lot-edit/lot-edit-queries';
import { Destination } from '../../../src/protocol/destinations';
import type { Box, BoxItem } from '../../../src/protocol/entities';
import { ErrorCode } from '../../../src/protocol/error-codes';
import type { Lot } from '../../../src/protocol/lots';
import { ClientMessages, ServerMessages } from '../../../src/protocol/messages';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { readMeta, TEMP_IDS } from '../../../src/sync/replica/meta';
import { makeBox, makeItem, makeUpc } from '../../support/factories';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const WAIT = { timeout: 10_000, interval: 5 };
const settled = (h: Harness) => vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), WAIT);

/** Every number anywhere in a body below zero: a temporary id the server would refuse. */
function negatives(body: unknown): number[] {
  if (typeof body === 'number') return body < 0 ? [body] : [];
  if (typeof body !== 'object' || body === null) return [];
  return Object.values(body).flatMap(negatives);
}

/** A tablet with the catalogue entry `known` on the server and on the device, `unknown` nowhere. */
async function tablet() {
  const h = await startHarness(server);
  const [known, unknown] = [`${h.user}-known`, `${h.user}-unknown`];
  await server.seedCatalogue([{ upc: known, retailPrice: 12, wholesalePrice: 5, vendorName: 'Acme', itemDescription: 'Kettle' }]);
  await h.db.rows(upcsTable).put(makeUpc(900, known, { retailPrice: 12, wholesalePrice: 5, vendorName: 'Acme', itemDescription: 'Kettle' }));
  /** Lot edit's scan (use-box-actions scanUpc): the box's row with that UPC and the device's catalogue entry first. */
  const scan = async (boxId: number, upc: string) => h.sync.enqueue(addUpc.build({ boxId, upc, ...(await scanContext(boxId, upc)) }));
  /** The replica's rows as Lot edit reads them for the lot and box it was opened on. */
  const screen = async (lotId: number, boxId: number) => ({
    lot: await readLot(h.db, lotId),
    boxes: (await readBoxes(h.db, lotId)).map((box) => [box.id, box.manualManiestId, box.label]),
    items: (await readItems(h.db, boxId)).map((item) => [item.upc, item.quantity, item.itemDescriptionManifest]),
  });
  /** Every row id of the user's lots, boxes and items in the replica. */
  const rowIds = async () => ({
    lots: (await h.db.rows(lotsTable).toArray()).map((lot) => lot.id),
    boxes: (await h.db.rows(boxesTable).toArray()).map((box) => box.id),
    items: (await h.db.rows(itemsTable).toArray()).map((item) => item.id),
  });
  return { ...h, known, unknown, scan, screen, rowIds };
}

/** The lot, box and scans Lot edit makes while offline: Create Lot, open it, Add Box 'A1', scan known twice and unknown. */
async function fillOffline(t: Awaited<ReturnType<typeof tablet>>) {
  const lot = (await t.sync.enqueue(createLot.build({ title: 'Pallet 7' }))).tempId ?? 0;
  const box = (await t.sync.enqueue(addBox.build({ lotId: lot, label: 'A1' }))).tempId ?? 0;
  for (const upc of [t.known, t.known, t.unknown]) await t.scan(box, upc);
  return { lot, box };
}

describe('a lot made offline, opened on Lot edit', () => {
  it('opens from the replica by its temporary id and asks the server nothing; a box and scans go into it at once', async () => {
    const t = await tablet();
    const { lot, box } = await fillOffline(t);
    expect(lot).toBeLessThan(0);
    expect(box).toBeLessThan(0);
    expect(lotEditQueries(lot, box)).toEqual({ getLotById: undefined, getBoxesByLotId: undefined, getItemsByBoxId: undefined });
    const shown = await t.screen(lot, box);
    expect(shown.lot).toMatchObject({ id: lot, lotNumber: '', titleListing: 'Pallet 7', pending: 1 });
    expect(shown.boxes).toEqual([[box, lot, 'A1']]);
    // The known UPC filled from the device's catalogue, counted twice; the other a bare row the server will judge.
    expect(shown.items).toEqual([[t.known, 2, 'Kettle'], [t.unknown, 1, null]]);
    expect(outboxSends(t)).toEqual([]);
  });

  it('when the connection returns: the lot, then the box, then the scans reach the server once each, in order, with the real ids', async () => {
    const t = await tablet();
    const { lot, box } = await fillOffline(t);
    await t.sync.enqueue(renameLot.build({ lotId: lot, newTitle: 'Pallet 7, sorted' })); // the title edited too
    const [kettle] = await readItems(t.db, box); // a cell of its row edited, not yet sent with Update Items
    const unsent = new Map([[kettle?.id ?? 0, { listingPrice: 9 }]]);
    // The lot's reply is lost with the connection, then the server fails twice: the create is sent again, same id.
    t.wire.dropAfterApplyNext = true;
    t.connection.open();
    await vi.waitFor(() => expect(t.connection.getSnapshot().state).not.toBe('ready'), WAIT);
    t.wire.failNext.push(ErrorCode.INTERNAL_SERVER_ERROR, ErrorCode.INTERNAL_SERVER_ERROR);
    t.connection.open();
    await settled(t);

    const realId = (await readLot(t.db, lot))?.id ?? 0;
    expect(realId).toBeGreaterThan(0);
    const real = await server.ask<Lot>(t.token, 'getLotById', realId);
    const [realBox, ...otherBoxes] = await server.ask<Box[]>(t.token, 'getBoxesByLotId', real.id);
    expect(otherBoxes).toEqual([]);
    expect(t.wire.applied.map(({ destination, body }) => [destination, body])).toEqual([
      [Destination.createManifest, 'Pallet 7'],
      [Destination.addBoxToLot, { label: 'A1', manualManiestId: real.id }],
      [Destination.addUPCToBox, { upc: t.known, boxId: realBox?.id }],
      [Destination.addUPCToBox, { upc: t.known, boxId: realBox?.id }],
      [Destination.updateManifestTitleById, { lotId: real.id, newTitle: 'Pallet 7, sorted' }],
    ]);
    // Nothing ever went out naming a temporary id.
    expect(outboxSends(t).flatMap(({ body }) => negatives(body))).toEqual([]);
    const { items } = await server.ask<{ items: BoxItem[] }>(t.token, 'getItemsByBoxId', realBox?.id);
    expect(items.map((item) => [item.upc, item.quantity])).toEqual([[t.known, 2]]);
    expect(real).toMatchObject({ titleListing: 'Pallet 7, sorted', numberOfUnits: 2 });
    expect(real.lotNumber).not.toBe('');

    // The unknown UPC is the server's to refuse: failed with its words, the rest went on.
    const { failed } = await outboxSummary(t.db, t.user);
    expect(failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([[Destination.addUPCToBox, ServerMessages.upcNotFound(t.unknown)]]);
    // The screen opened on the temporary ids now reads the server's rows; no temporary row is left, none twice.
    await vi.waitFor(async () => {
      const shown = await t.screen(lot, box);
      expect(shown.lot).toMatchObject({ id: real.id, lotNumber: real.lotNumber, titleListing: 'Pallet 7, sorted' });
      expect(shown.lot?.pending).toBeUndefined();
      expect(shown.boxes).toEqual([[realBox?.id, real.id, 'A1']]);
      expect(shown.items).toEqual([[t.known, 2, 'Kettle']]);
      expect(await t.rowIds()).toEqual({ lots: [real.id], boxes: [realBox?.id], items: items.map((item) => item.id) });
    }, WAIT);
    const recorded = new Map(await readMeta(t.db, TEMP_IDS));
    expect([recorded.get(lot), recorded.get(box)]).toEqual([real.id, realBox?.id]); // what useResolvedId reads
    // The box editor's unsent edit follows its row to the server's id (BoxEditor, useRenumbered).
    expect([...followRenumbered(unsent, recorded)]).toEqual([[items[0]?.id, { listingPrice: 9 }]]);
  });

  it("its box's weight and dimensions, a scanned row's edits and an XLS file, made before the server named them, arrive with the real ids", async () => {
    const t = await tablet();
    const { lot, box } = await fillOffline(t);
    const [shownBox] = await readBoxes(t.db, lot);
    const info = { h: 10, w: 12, l: 14, lbs: 3, ozs: 4 };
    await t.sync.enqueue(updateBoxInfo.build({ box: shownBox ?? makeBox(box, lot), info }));
    const [kettle] = await readItems(t.db, box);
    expect(kettle).toMatchObject({ upc: t.known, quantity: 2 });
    await t.sync.enqueue(updateItem.build({ item: kettle ?? makeItem(0, t.known), edits: { quantity: 5, listingPrice: 9 } }));
    expect((await readItems(t.db, box)).map((item) => [item.upc, item.quantity, item.listingPrice])).toEqual([[t.known, 5, 9], [t.unknown, 1, null]]);
    await t.sync.enqueue(addUpcs.build({ boxId: box, upcQuantities: [{ upc: t.known, qnty: 3 }] })); // an XLS file into the box
    t.connection.open();
    await settled(t);

    const realLot = (await readLot(t.db, lot))?.id ?? 0;
    const [realBox] = await server.ask<Box[]>(t.token, 'getBoxesByLotId', realLot);
    expect(realBox).toMatchObject({ ...info, label: 'A1', manualManiestId: realLot });
    const { items } = await server.ask<{ items: BoxItem[] }>(t.token, 'getItemsByBoxId', realBox?.id);
    expect(items.map((item) => [item.upc, item.quantity, item.listingPrice])).toEqual([[t.known, 8, 9]]);
    expect(outboxSends(t).flatMap(({ body }) => negatives(body))).toEqual([]);
    expect(t.wire.applied.map(({ destination }) => destination)).toEqual([
      Destination.createManifest, Destination.addBoxToLot, Destination.addUPCToBox, Destination.addUPCToBox, Destination.updateBoxInfo, Destination.updateItems,
      Destination.addMultipleUPCsToBox,
    ]);
    await vi.waitFor(async () => expect((await readItems(t.db, box)).map((item) => [item.upc, item.quantity, item.listingPrice, item.pending])).toEqual([[t.known, 8, 9, undefined]]), WAIT);
  });

  it('on screen (live queries over the replica), shows every change, and follows the lot to its real id with nothing missing in between', async () => {
    const t = await tablet();
    const lot = (await t.sync.enqueue(createLot.build({ title: 'Watched' }))).tempId ?? 0;
    // What Lot edit shows, by the ids it was opened with, as [lot id, its boxes' labels, the first box's items].
    const seen: Array<[number | undefined, string[], number]> = [];
    const watching = liveQuery(async () => {
      const boxes = await readBoxes(t.db, lot);
      const items = boxes[0] === undefined ? [] : await readItems(t.db, boxes[0].id);
      return [(await readLot(t.db, lot))?.id, boxes.map((box) => box.label ?? ''), items.length] as [number | undefined, string[], number];
    }).subscribe((view) => seen.push(view));
    onTestFinished(() => watching.unsubscribe());
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([lot, [], 0]), WAIT);
    const box = (await t.sync.enqueue(addBox.build({ lotId: lot, label: 'A1' }))).tempId ?? 0;
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([lot, ['A1'], 0]), WAIT);
    await t.scan(box, t.known);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([lot, ['A1'], 1]), WAIT);
    const shownBefore = seen.length;
    t.connection.open();
    await settled(t);
    const real = (await readLot(t.db, lot))?.id ?? 0;
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([real, ['A1'], 1]), WAIT);
    expect(real).toBeGreaterThan(0);
    // Every view while the server's replies came in had the lot, its box and its item.
    expect(seen.slice(shownBefore - 1).filter(([id, boxes, items]) => id === undefined || boxes.length !== 1 || items !== 1)).toEqual([]);
  });

  it('each scanned row keeps the id it was first shown with once the server numbers it, so its row on screen stays the same', async () => {
    const t = await tablet();
    const { box } = await fillOffline(t);
    const before = await readShownItems(t.db, box);
    expect(before.every((item) => item.id < 0 && item.shownAs === item.id)).toBe(true);
    t.connection.open();
    await settled(t);
    const after = await readShownItems(t.db, (await readMeta(t.db, TEMP_IDS))?.find(([temporary]) => temporary === box)?.[1] ?? box);
    expect(after.map((item) => [item.id > 0, item.shownAs])).toEqual(before.filter((item) => item.upc === t.known).map((item) => [true, item.id]));
  });

  it('refused by the server, it fails with its box and scans, and no longer opens', async () => {
    const t = await tablet();
    const { lot, box } = await fillOffline(t);
    t.wire.failNext.push(ErrorCode.BAD_REQUEST);
    t.connection.open();
    await settled(t);
    expect(t.wire.applied).toEqual([]);
    const { failed } = await outboxSummary(t.db, t.user);
    expect(failed.map(({ destination }) => destination)).toEqual([Destination.createManifest, Destination.addBoxToLot, ...Array<string>(3).fill(Destination.addUPCToBox)]);
    expect(await t.screen(lot, box)).toEqual({ lot: null, boxes: [], items: [] });
    expect(outboxSends(t).flatMap(({ body }) => negatives(body))).toEqual([]);
  });

  it('discarded from the outbox before it was sent, its box and scans fail with it and are never sent', async () => {
    const t = await tablet();
    const { lot, box } = await fillOffline(t);
    const [create] = await t.db.outbox.orderBy('seq').toArray();
    await t.sync.discardEntry(create?.seq ?? 0);
    t.connection.open();
    await settled(t);
    expect(outboxSends(t)).toEqual([]);
    const { failed } = await outboxSummary(t.db, t.user);
    expect(failed.map(({ destination, lastError }) => [destination, lastError])).toEqual([
      [Destination.addBoxToLot, ClientMessages.notCreatedDiscarded],
      ...Array.from({ length: 3 }, () => [Destination.addUPCToBox, ClientMessages.notCreatedDiscarded]),
    ]);
    expect(await t.screen(lot, box)).toEqual({ lot: null, boxes: [], items: [] });
  });
});

describe('a lot created online, its box editor used while the reply is on the way', () => {
  it('a box and scans made under the temporary ids reach the server once, in order, naming the real ones', async () => {
    const t = await tablet();
    t.connection.open();
    t.wire.holding = true; // the server applies, its replies and receipts wait
    const lot = (await t.sync.enqueue(createLot.build({ title: 'In flight' }))).tempId ?? 0;
    await vi.waitFor(() => expect(t.wire.applied.map(({ destination }) => destination)).toEqual([Destination.createManifest]), WAIT);
    expect((await readLot(t.db, lot))?.id).toBe(lot); // still the temporary row on screen
    const box = (await t.sync.enqueue(addBox.build({ lotId: lot, label: 'B1' }))).tempId ?? 0;
    await t.scan(box, t.known);
    t.wire.holding = false;
    t.wire.release();
    await settled(t);
    const real = (await readLot(t.db, lot))?.id ?? 0;
    expect(real).toBeGreaterThan(0);
    const [realBox] = await server.ask<Box[]>(t.token, 'getBoxesByLotId', real);
    expect(t.wire.applied.map(({ destination, body }) => [destination, body])).toEqual([
      [Destination.createManifest, 'In flight'],
      [Destination.addBoxToLot, { label: 'B1', manualManiestId: real }],
      [Destination.addUPCToBox, { upc: t.known, boxId: realBox?.id }],
    ]);
    expect(outboxSends(t).flatMap(({ body }) => negatives(body))).toEqual([]);
    await vi.waitFor(async () => expect((await t.screen(lot, box)).items).toEqual([[t.known, 1, 'Kettle']]), WAIT);
  });

  it('a box added from a screen still showing the temporary id after the reply came is sent for the real lot', async () => {
    const t = await tablet();
    t.connection.open();
    const lot = (await t.sync.enqueue(createLot.build({ title: 'Just created' }))).tempId ?? 0;
    await settled(t);
    const real = (await readLot(t.db, lot))?.id ?? 0;
    expect(real).toBeGreaterThan(0);
    const box = (await t.sync.enqueue(addBox.build({ lotId: lot, label: 'C1' }))).tempId ?? 0; // a render behind
    await t.scan(box, t.known);
    await settled(t);
    expect(t.wire.applied.slice(1).map(({ destination, body }) => [destination, negatives(body)])).toEqual([
      [Destination.addBoxToLot, []],
      [Destination.addUPCToBox, []],
    ]);
    expect(t.wire.applied[1]?.body).toEqual({ label: 'C1', manualManiestId: real });
    expect((await readBoxes(t.db, lot)).map((row) => [row.manualManiestId, row.label, row.id > 0])).toEqual([[real, 'C1', true]]);
  });
});
