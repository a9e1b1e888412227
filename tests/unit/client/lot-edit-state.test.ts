// Lot edit's screen state without a DOM (spec §4 "Box editing"): the plain functions LotEditScreen calls for which box
// tab is selected and which queries it keeps open, and the spreadsheet result its XLS dialog shows. A row made offline
// has a temporary (negative) id the server does not know: it is never asked for, and a box chosen while it had one
// stays selected under the real id the server gives it (useResolvedId reads the mapping the round trip records,
// TEMP_IDS). What the kept queries do on the wire: lot-edit-queries.test.ts.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBox, boxesTable } from '../../../src/domains/boxes';
import { byId, clearBulkResult } from '../../../src/domains/items';
import { bulkResult } from '../../../src/domains/items/ingest';
import { lotsTable } from '../../../src/domains/lots';
import { followRenumbered, followRenumberedIds, lotEditQueries, lotEditQueryList, selectedBox } from '../../../src/features/lot-edit/lot-edit-queries';
import { saveXls } from '../../../src/features/lot-edit/use-box-actions';
import type { Box } from '../../../src/protocol/entities';
import type { Lot } from '../../../src/protocol/lots';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { readMeta, TEMP_IDS } from '../../../src/sync/replica/meta';
import { makeBox } from '../../support/factories';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness } from './support/sync-harness';

const [a, b, c] = [makeBox(11, 1, { label: 'A', boxNumber: 1 }), makeBox(12, 1, { label: 'B', boxNumber: 2 }), makeBox(13, 1, { label: 'C', boxNumber: 3 })];

describe('selectedBox: the box tab Lot edit shows', () => {
  it('is the first box until a tab is chosen, none while the lot has no box', () => {
    expect(selectedBox([a, b, c], undefined)).toBe(a);
    expect(selectedBox([], undefined)).toBeUndefined();
    expect(selectedBox([], b.id)).toBeUndefined();
  });

  it('keeps a chosen box while the lot still has it', () => {
    expect(selectedBox([a, b, c], b.id)).toBe(b);
    expect(selectedBox([c, b, a], b.id)).toBe(b); // the tabs reordered
  });

  it('moves off a chosen box that is gone to the first box', () => {
    expect(selectedBox([a, c], b.id)).toBe(a);
    expect(selectedBox([c], a.id)).toBe(c);
  });

  it('renumbering or relabelling another box leaves the selection alone', () => {
    const made = makeBox(-5, 1, { label: 'New', boxNumber: null });
    expect(selectedBox([a, b, made], b.id)).toBe(b);
    const renumbered = { ...made, id: 14 }; // the server named the box made offline
    const relabelled = { ...a, label: 'A (top shelf)', boxNumber: 4 }; // and another tablet moved box A to the end
    expect(selectedBox([b, c, renumbered, relabelled], b.id)).toBe(b);
  });
});

describe("followRenumbered: the box editor's unsent cell edits and ticked rows", () => {
  const renumbered = new Map([[-4, 104]]);

  it('follow a row scanned offline to the id the server gave it; the others stay', () => {
    const edits = new Map([[-4, { quantity: 7 }], [100, { size: 'M' }], [-5, { color: 'red' }]]);
    expect([...followRenumbered(edits, renumbered)]).toEqual([[104, { quantity: 7 }], [100, { size: 'M' }], [-5, { color: 'red' }]]);
    expect([...followRenumberedIds(new Set([-4, 100]), renumbered)]).toEqual([104, 100]);
  });

  it('are the same objects when no row moved (the screen does not re-render)', () => {
    const edits = new Map([[100, { size: 'M' }]]);
    const ticked = new Set([100, -5]);
    expect(followRenumbered(edits, renumbered)).toBe(edits);
    expect(followRenumberedIds(ticked, renumbered)).toBe(ticked);
  });
});

describe('lotEditQueries: what Lot edit keeps open', () => {
  it('asks for the lot, its boxes and the selected box, in that order', () => {
    expect(lotEditQueries(7, 11)).toEqual({ getLotById: 7, getBoxesByLotId: 7, getItemsByBoxId: 11 });
    expect(lotEditQueryList(lotEditQueries(7, 11))).toEqual([['getLotById', 7], ['getBoxesByLotId', 7], ['getItemsByBoxId', 11]]);
    expect(lotEditQueryList(lotEditQueries(7, undefined))).toEqual([['getLotById', 7], ['getBoxesByLotId', 7]]); // no box yet
  });

  it('asks for nothing by a temporary id (a row made offline)', () => {
    expect(lotEditQueries(-3, -4)).toEqual({ getLotById: undefined, getBoxesByLotId: undefined, getItemsByBoxId: undefined });
    expect(lotEditQueryList(lotEditQueries(-3, -4))).toEqual([]);
    expect(lotEditQueryList(lotEditQueries(-3, undefined))).toEqual([]);
    expect(lotEditQueryList(lotEditQueries(7, -4))).toEqual([['getLotById', 7], ['getBoxesByLotId', 7]]); // a box made offline
  });
});

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

/** A signed-in tablet on the real server, disconnected until the test opens the connection. */
async function start() {
  const h = await startHarness(server);
  return h;
}

describe('a box chosen while it was made offline, on the real server', () => {
  it('stays selected under the real id the round trip records for its temporary one', async () => {
    const h = await start();
    const lot = await server.ask<Lot>(h.token, 'createManifest', 'Warehouse');
    const onServer = await server.ask<Box>(h.token, 'addBoxToLot', { id: 0, manualManiestId: lot.id, label: 'A' });
    await h.db.rows(lotsTable).put(lot); // seen on an earlier visit
    await h.db.rows(boxesTable).put(onServer);
    const made = await h.sync.enqueue(addBox.build({ lotId: lot.id, label: 'New' })); // offline
    const tempId = made.tempId ?? 0;
    expect(tempId).toBeLessThan(0);
    // The lot's tabs in useBoxes' order: box number, then id.
    const tabs = async () => (await h.db.rows(boxesTable).where('manualManiestId').equals(lot.id).toArray()).sort((x, y) => (x.boxNumber ?? Infinity) - (y.boxNumber ?? Infinity) || byId(x, y));
    expect(selectedBox(await tabs(), tempId)?.label).toBe('New'); // chosen while offline

    h.connection.open();
    await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 5000, interval: 5 });
    await h.wire.idle();
    const realId = (await h.db.rows(boxesTable).filter((box) => box.label === 'New').first())?.id;
    expect(realId).toBeGreaterThan(0);
    const boxes = await tabs();
    expect(boxes.map((box) => box.id)).toEqual(expect.arrayContaining([onServer.id, realId]));
    expect(selectedBox(boxes, tempId)?.id).toBe(onServer.id); // the temporary id is gone: unresolved, it would jump to the first
    const resolved = new Map((await readMeta(h.db, TEMP_IDS)) ?? []).get(tempId);
    expect(resolved).toBe(realId);
    expect(selectedBox(boxes, resolved)).toMatchObject({ id: realId, label: 'New' });
  });
});

describe('the spreadsheet result (ADDED_MULT_UPCS_TO_BOX)', () => {
  it('is kept for the XLS dialog and cleared for a new file', async () => {
    await start();
    const bulk = { addedItems: [], notFoundUPCs: ['123'] };
    bulkResult.set(bulk);
    expect(bulkResult.get()).toEqual(bulk);
    await saveXls(40, [{ upc: '123', qnty: 1 }]); // XLS Save Changes of the next file
    expect(bulkResult.get()).toBeUndefined();
  });

  it('tells subscribers (the screen re-renders)', () => {
    let calls = 0;
    const stop = bulkResult.subscribe(() => (calls += 1));
    bulkResult.set({ addedItems: [], notFoundUPCs: [] });
    stop();
    clearBulkResult();
    expect(calls).toBe(1);
  });
});
