// Lot edit's kept queries (spec §4 "Box editing", DESIGN §4): on connect the lot, then its boxes, then the selected
// box's items are asked for. Queries are never queued: they go only while connected, again on every reconnect and
// when a push makes them stale, never name a row made offline (the server does not know it yet), and stop when the
// screen lets go. No DOM: a test keeps what LotEditScreen keeps (its rules, lot-edit-queries.ts, are unit-tested in
// lot-edit-state.test.ts) through the client's real queries, on the real server.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addBox, boxesTable } from '../../../src/domains/boxes';
import { byId, itemsTable } from '../../../src/domains/items';
import { createLot, lotsTable, refusedLots } from '../../../src/domains/lots';
import { lotEditQueries, lotEditQueryList, selectedBox } from '../../../src/features/lot-edit/lot-edit-queries';
import { REQUEST_ID_HEADER } from '../../../src/protocol/auth';
import { Destination } from '../../../src/protocol/destinations';
import type { Box } from '../../../src/protocol/entities';
import type { Lot } from '../../../src/protocol/lots';
import { ServerMessages } from '../../../src/protocol/messages';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { readMeta, TEMP_IDS } from '../../../src/sync/replica/meta';
import { createQueries } from '../../../src/sync/transport/queries';
import { makeBox } from '../../support/factories';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

/** A signed-in tablet (disconnected until the test opens the connection) and what Lot edit asks over it. */
async function start() {
  const h = await startHarness(server);
  const lotEdit: string[] = [Destination.getLotById, Destination.getBoxesByLotId, Destination.getItemsByBoxId];
  let seen = 0;
  /** Lot edit's queries sent since the last call, as [destination, id]. */
  const asks = (): Array<[string, unknown]> => {
    const all = h.connection.sent.filter((frame) => lotEdit.includes(frame.destination)).map((frame): [string, unknown] => [frame.destination, frame.body]);
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh;
  };
  /** Waits until Lot edit's queries sent since the last look are exactly `expected` (a late extra one fails later). */
  const asksBecome = async (expected: Array<[string, unknown]>): Promise<void> => {
    const got: Array<[string, unknown]> = [];
    await vi.waitFor(() => {
      got.push(...asks());
      expect(got).toEqual(expected);
    });
  };
  /** A lot of this user on the server with boxes of these labels. */
  const serverLot = async (title: string, ...labels: string[]) => {
    const lot = await server.ask<Lot>(h.token, 'createManifest', title);
    const boxes: Box[] = [];
    for (const label of labels) boxes.push(await server.ask<Box>(h.token, 'addBoxToLot', { id: 0, manualManiestId: lot.id, label }));
    return { lot, boxes };
  };
  return { ...h, asks, asksBecome, serverLot };
}

/**
 * What Lot edit keeps open. `show(lotId, chosen)` reads the lot's tabs as useBoxes does (not being deleted, by box
 * number then id), resolves a chosen temporary id through TEMP_IDS as useResolvedId does, and keeps each pair of
 * lotEditQueryList(lotEditQueries(lotId, selectedBox(tabs, chosen)?.id, known)) with `queries.keep`. Shown again, a pair still
 * listed stays kept (useKeptQuery: same body, same query), one no longer listed is released with what keep returned.
 */
function openLotEdit(h: Harness) {
  const kept = new Map<string, () => void>();
  /** Releases the kept pairs not in `list` (all of them when the screen unmounts). */
  function releaseAllBut(list: ReadonlyMap<string, unknown>): void {
    for (const [key, release] of kept) {
      if (list.has(key)) continue;
      release();
      kept.delete(key);
    }
  }
  const unmount = (): void => releaseAllBut(new Map());
  onTestFinished(unmount);
  let shown: { lotId: number; chosen: number | undefined } = { lotId: 0, chosen: undefined };
  /** Shows the lot with that tab chosen (by default the lot and tab shown last); the selected box. */
  async function show(lotId = shown.lotId, chosen = shown.chosen) {
    shown = { lotId, chosen };
    const tabs = (await h.db.rows(boxesTable).where('manualManiestId').equals(lotId).toArray())
      .filter((box) => box.removed !== 1)
      .sort((x, y) => (x.boxNumber ?? Infinity) - (y.boxNumber ?? Infinity) || byId(x, y));
    const resolved = chosen === undefined ? undefined : (new Map((await readMeta(h.db, TEMP_IDS)) ?? []).get(chosen) ?? chosen);
    const selected = selectedBox(tabs, resolved);
    // What the replica knows of the lot, as LotEditScreen reads it (useLotRefusal, useLot).
    const known = refusedLots.get().has(lotId) ? 'refused' : (await h.db.rows(lotsTable).get(lotId)) === undefined ? 'unknown' : 'stored';
    const list = new Map(lotEditQueryList(lotEditQueries(lotId, selected?.id, known)).map((pair) => [JSON.stringify(pair), pair]));
    releaseAllBut(list);
    for (const [key, [destination, body]] of list) if (!kept.has(key)) kept.set(key, h.sync.queries.keep(destination, body));
    return selected;
  }
  return { show, unmount };
}

/** Until the Lots list's query has brought these lots to the replica (a tablet opens a lot from its list). */
const listed = (h: Harness, ...lotIds: number[]) =>
  vi.waitFor(async () => expect((await h.db.rows(lotsTable).bulkGet(lotIds)).every((lot) => lot !== undefined)).toBe(true));

/** The replica's items, as [box, upc, quantity]. */
const itemsOf = async (h: Harness) => (await h.db.rows(itemsTable).orderBy('id').toArray()).map((item) => [item.boxId, item.upc, item.quantity]);
const settled = (h: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 5000, interval: 5 });

describe('/app/getLotById and /app/getBoxesByLotId: opening a lot', () => {
  it('asks for the lot and its boxes, not yet for items', async () => {
    const h = await start();
    const { lot, boxes: [first] } = await h.serverLot('Pallet', 'A', 'B');
    h.connection.open();
    await listed(h, lot.id);
    const view = openLotEdit(h);
    expect(await view.show(lot.id)).toBeUndefined(); // no boxes on this tablet yet
    expect(h.asks()).toEqual([[Destination.getLotById, lot.id], [Destination.getBoxesByLotId, lot.id]]);
    // Spec §4: then, once the boxes are in, the selected (first) box's items.
    await vi.waitFor(async () => expect(await h.db.rows(boxesTable).count()).toBe(2));
    expect(await view.show()).toMatchObject({ id: first?.id });
    expect(h.asks()).toEqual([[Destination.getItemsByBoxId, first?.id]]);
    await vi.waitFor(async () => expect(await h.db.rows(lotsTable).get(lot.id)).toMatchObject({ id: lot.id, titleListing: 'Pallet' }));
  });

  it('offline: nothing goes; on (re)connect the lot, its boxes and the selected box are asked for', async () => {
    const h = await start();
    const { lot, boxes: [box] } = await h.serverLot('Seen before', 'A');
    await h.db.rows(lotsTable).put(lot); // on this tablet from an earlier visit
    await h.db.rows(boxesTable).bulkPut(box === undefined ? [] : [box]);
    const view = openLotEdit(h);
    expect(await view.show(lot.id)).toMatchObject({ id: box?.id });
    expect(h.asks()).toEqual([]);
    h.connection.open();
    expect(h.asks()).toEqual([[Destination.getLotById, lot.id], [Destination.getBoxesByLotId, lot.id], [Destination.getItemsByBoxId, box?.id]]);
    h.connection.close();
    h.connection.open(); // every reconnect
    expect(h.asks()).toEqual([[Destination.getLotById, lot.id], [Destination.getBoxesByLotId, lot.id], [Destination.getItemsByBoxId, box?.id]]);
  });

  it('with no lot open, nothing is asked for on connect', async () => {
    const h = await start();
    const { lot } = await h.serverLot('Closed');
    h.connection.open();
    await listed(h, lot.id);
    h.asks(); // the list's own queries are not Lot edit's
    const view = openLotEdit(h);
    await view.show(lot.id);
    expect(h.asks()).toHaveLength(2);
    view.unmount(); // the screen lets go
    h.connection.close();
    h.connection.open();
    expect(h.asks()).toEqual([]);
  });

  it('opening another lot lets go of the last one; opening the same one again asks nothing more', async () => {
    const h = await start();
    const [first, second] = [await h.serverLot('First'), await h.serverLot('Second')];
    h.connection.open();
    await listed(h, first.lot.id, second.lot.id);
    const view = openLotEdit(h);
    await view.show(first.lot.id);
    await view.show(second.lot.id);
    expect(h.asks()).toEqual([
      [Destination.getLotById, first.lot.id], [Destination.getBoxesByLotId, first.lot.id],
      [Destination.getLotById, second.lot.id], [Destination.getBoxesByLotId, second.lot.id],
    ]);
    await view.show(second.lot.id);
    expect(h.asks()).toEqual([]);
    h.connection.close();
    h.connection.open();
    expect(h.asks()).toEqual([[Destination.getLotById, second.lot.id], [Destination.getBoxesByLotId, second.lot.id]]);
  });
});

describe('/app/getItemsByBoxId: choosing a box tab', () => {
  it('selects the box and asks for its items', async () => {
    const h = await start();
    const { lot, boxes: [first, second] } = await h.serverLot('Tabs', 'A', 'B');
    h.connection.open();
    const view = openLotEdit(h);
    await vi.waitFor(async () => expect(await view.show(lot.id)).toMatchObject({ id: first?.id }));
    h.asks();
    expect(await view.show(lot.id, second?.id)).toMatchObject({ id: second?.id });
    expect(h.asks()).toEqual([[Destination.getItemsByBoxId, second?.id]]);
    h.connection.close();
    h.connection.open(); // the first box's items are no longer kept
    expect(h.asks()).toEqual([[Destination.getLotById, lot.id], [Destination.getBoxesByLotId, lot.id], [Destination.getItemsByBoxId, second?.id]]);
  });
});

describe('temporary ids (rows made offline) are never sent', () => {
  it('a lot made offline is shown but not asked for, even on reconnect', async () => {
    const h = await start();
    const lot = await h.sync.enqueue(createLot.build({ title: 'Made offline' }));
    const box = await h.sync.enqueue(addBox.build({ lotId: lot.tempId ?? 0, label: 'Shelf' }));
    const view = openLotEdit(h);
    expect(await h.db.rows(lotsTable).get(lot.tempId ?? 0)).toMatchObject({ id: lot.tempId, titleListing: 'Made offline' });
    expect(await view.show(lot.tempId ?? 0)).toMatchObject({ id: box.tempId }); // its box made offline, selected
    expect(h.asks()).toEqual([]);
    h.connection.open();
    await settled(h);
    await h.wire.idle();
    await view.show();
    expect(h.asks()).toEqual([]);
  });

  it('a box made offline is selected without asking for its items; once renumbered, its items are asked for by the real id', async () => {
    const h = await start();
    const { lot, boxes: [onServer] } = await h.serverLot('Boxes', 'A');
    h.connection.open();
    const view = openLotEdit(h);
    await vi.waitFor(async () => expect(await view.show(lot.id)).toMatchObject({ id: onServer?.id }));
    h.connection.close();
    h.asks();
    const made = await h.sync.enqueue(addBox.build({ lotId: lot.id, label: 'New' }));
    expect(await view.show(lot.id, made.tempId)).toMatchObject({ id: made.tempId, label: 'New' });
    h.connection.open();
    expect(h.asks()).toEqual([[Destination.getLotById, lot.id], [Destination.getBoxesByLotId, lot.id]]);
    await settled(h);
    const realId = (await h.db.rows(boxesTable).filter((box) => box.label === 'New').first())?.id;
    expect(realId).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await view.show()).toMatchObject({ id: realId, label: 'New' }));
    // ADDED_BOX_TO_LOT made the lot stale (spec §4), and the selected box is asked for by its real id.
    expect(h.asks()).toEqual(expect.arrayContaining([[Destination.getLotById, lot.id], [Destination.getItemsByBoxId, realId]]));
    expect(h.connection.sent.filter((frame) => typeof frame.body === 'number' && frame.body < 0)).toEqual([]);
  });
});

describe('/user/topics/boxesByLotId replies', () => {
  it('are paired with their requests by request-id, not by arrival order (a bare list names no lot)', () => {
    const ids: string[] = [];
    const queries = createQueries((_destination, _body, headers) => ids.push(headers[REQUEST_ID_HEADER] ?? '') > 0);
    queries.send('getBoxesByLotId', 5);
    queries.send('getBoxesByLotId', 6);
    const [five, six] = ids;
    expect([queries.take(six), queries.take(five)]).toEqual([{ destination: 'getBoxesByLotId', body: 6 }, { destination: 'getBoxesByLotId', body: 5 }]);
    expect([queries.take(five), queries.take(undefined)]).toEqual([undefined, undefined]);
  });

  it('requests of a dropped connection are forgotten (their replies will never come)', async () => {
    const h = await start();
    const { lot } = await h.serverLot('Dropped');
    h.connection.open();
    h.wire.holding = true; // the replies are on their way when the connection drops
    await openLotEdit(h).show(lot.id);
    const requestOf = (destination: string) => h.connection.sent.find((frame) => frame.destination === destination)?.headers?.[REQUEST_ID_HEADER];
    const [lotAsked, boxesAsked] = [requestOf(Destination.getLotById), requestOf(Destination.getBoxesByLotId)];
    expect(h.sync.queries.take(lotAsked)).toEqual({ destination: 'getLotById', body: lot.id });
    h.connection.close();
    expect(h.sync.queries.take(boxesAsked)).toBeUndefined();
  });
});

describe('opening lots while connected', () => {
  it("after a lot the server refuses, the next lots' boxes are still told apart: first box selected, items loaded, emptied lots emptied", async () => {
    const h = await start();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    const upc = `${h.user}-1`;
    await server.seedCatalogue([{ upc }]);
    const { lot, boxes: [box] } = await h.serverLot('Pallet', 'A');
    await server.ask(h.token, 'addUPCToBox', { upc, boxId: box?.id });
    await server.ask(h.token, 'addUPCToBox', { upc, boxId: box?.id });
    const emptied = await h.serverLot('Emptied');
    await h.db.rows(boxesTable).put(makeBox(2_000_000_000, emptied.lot.id)); // deleted on the server since this tablet saw it
    h.connection.open();

    const view = openLotEdit(h);
    await view.show(2_000_000_001); // not the user's (or deleted): asked alone, refused once, shown on the page
    await vi.waitFor(() => expect(refusedLots.get().get(2_000_000_001)).toBe(ServerMessages.lotNotFoundOrNotOwned));
    expect(h.notifier.error).not.toHaveBeenCalled();
    await vi.waitFor(async () => expect(await view.show(lot.id)).toMatchObject({ id: box?.id }));
    await vi.waitFor(async () => expect(await itemsOf(h)).toEqual([[box?.id, upc, 2]]));
    await view.show(emptied.lot.id);
    await vi.waitFor(async () => expect(await h.db.rows(boxesTable).where('manualManiestId').equals(emptied.lot.id).count()).toBe(0));
    expect((await h.db.rows(boxesTable).toArray()).map(({ id, manualManiestId }) => [id, manualManiestId])).toEqual([[box?.id, lot.id]]);
    expect(await itemsOf(h)).toEqual([[box?.id, upc, 2]]);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('kept queries go again when a push makes them stale (spec §4)', () => {
  it("another session's box asks for the lot again, its spreadsheet for the lot, its boxes and the box's items", async () => {
    const h = await start();
    const upc = `${h.user}-1`;
    await server.seedCatalogue([{ upc }]);
    const { lot, boxes: [box] } = await h.serverLot('Shared', 'A');
    const other = await h.serverLot('Not open');
    h.connection.open();
    const view = openLotEdit(h);
    await vi.waitFor(async () => expect(await view.show(lot.id)).toMatchObject({ id: box?.id }));
    await h.wire.idle();
    h.asks();

    const added = await server.ask<Box>(h.token, 'addBoxToLot', { id: 0, manualManiestId: lot.id, label: 'B' }); // another tablet
    await h.asksBecome([[Destination.getLotById, lot.id]]);
    await server.ask(h.token, 'addBoxToLot', { id: 0, manualManiestId: other.lot.id, label: 'C' }); // a lot not open: nothing
    await server.ask(h.token, 'deleteBox', { id: added.id });
    await h.asksBecome([[Destination.getLotById, lot.id]]);
    await server.ask(h.token, 'addMultipleUPCsToBox', { boxId: box?.id, upcQuantities: [{ upc, qnty: 3 }] });
    await h.asksBecome([[Destination.getLotById, lot.id], [Destination.getBoxesByLotId, lot.id], [Destination.getItemsByBoxId, box?.id]]);
    await vi.waitFor(async () => expect(await itemsOf(h)).toEqual([[box?.id, upc, 3]])); // what the push could not name, the re-ask brought
  });
});
