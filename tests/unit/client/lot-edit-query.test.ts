// Lot edit's queries (spec §4 "Box editing", DESIGN §4): on connect the lot, then its boxes, then the selected box's
// items are asked for; the first box is selected after loading. Queries are never queued: they go only while
// connected, never name a row made offline (the server does not know it yet), and go again on reconnect.
import { describe, expect, it } from 'vitest';
import { Destination } from '../../../src/protocol/destinations';
import type { Box } from '../../../src/protocol/entities';
import { createLotEditQuery } from '../../../src/sync/lot-edit-query';

function makeBox(id: number, lotId: number): Box {
  return { id, label: `B${id}`, manualManiestId: lotId, w: 0, l: 0, h: 0, lbs: 0, ozs: 0, zone: 0, aisle: 0, col: 0, row: 0, bin: 0, boxNumber: null, userId: 7 };
}

/** The query on a publish that records what went out while `online`. */
function setup({ online = true } = {}) {
  const sent: Array<[string, number]> = [];
  const link = { online };
  const query = createLotEditQuery({ publish: (destination, body) => link.online && sent.push([destination, body]) > 0 });
  /** What went out since the last call. */
  const drain = (): Array<[string, number]> => sent.splice(0);
  return { query, link, drain };
}

describe('/app/getLotById and /app/getBoxesByLotId: opening a lot', () => {
  it('asks for the lot and its boxes, not yet for items', () => {
    const { query, drain } = setup();
    query.open(5);
    expect(drain()).toEqual([[Destination.getLotById, 5], [Destination.getBoxesByLotId, 5]]);
    expect(query.get()).toEqual({ lotId: 5, boxId: undefined, bulk: undefined });
  });

  it('offline: nothing goes and nothing waits for a reply; on (re)connect fetch() asks for lot, boxes and the selected box', () => {
    const { query, link, drain } = setup({ online: false });
    query.open(5);
    query.selectBox(40);
    expect(drain()).toEqual([]);
    expect(query.takeRequested()).toBeUndefined();
    link.online = true;
    query.fetch();
    expect(drain()).toEqual([[Destination.getLotById, 5], [Destination.getBoxesByLotId, 5], [Destination.getItemsByBoxId, 40]]);
    expect(query.takeRequested()).toBe(5);
  });

  it('with no lot open, fetch() on connect asks for nothing', () => {
    const { query, drain } = setup();
    query.fetch();
    query.open(5);
    query.close();
    drain();
    query.fetch();
    expect(drain()).toEqual([]);
    expect(query.get()).toEqual({ lotId: undefined, boxId: undefined, bulk: undefined });
  });

  it('opening another lot forgets the box and the spreadsheet result; opening the same one again keeps them', () => {
    const { query } = setup();
    query.open(5);
    query.selectBox(40);
    query.setBulkResult({ addedItems: [], notFoundUPCs: ['9'] });
    query.open(5);
    expect(query.get()).toMatchObject({ lotId: 5, boxId: 40, bulk: { notFoundUPCs: ['9'] } });
    query.open(6);
    expect(query.get()).toEqual({ lotId: 6, boxId: undefined, bulk: undefined });
  });
});

describe('/app/getItemsByBoxId: choosing a box tab', () => {
  it('selects the box and asks for its items', () => {
    const { query, drain } = setup();
    query.open(5);
    drain();
    query.selectBox(41);
    expect(query.get().boxId).toBe(41);
    expect(drain()).toEqual([[Destination.getItemsByBoxId, 41]]);
  });
});

describe('temporary ids (rows made offline) are never sent', () => {
  it('a lot made offline is shown but not asked for, even on reconnect', () => {
    const { query, drain } = setup();
    query.open(-1);
    query.selectBox(-2);
    query.fetch();
    expect(drain()).toEqual([]);
    expect(query.get()).toMatchObject({ lotId: -1, boxId: -2 });
    expect(query.takeRequested()).toBeUndefined();
  });

  it('a box made offline is selected without asking for its items; once renumbered, its items are asked for by the real id', () => {
    const { query, drain } = setup();
    query.open(5);
    query.selectBox(-3);
    drain();
    query.fetch();
    expect(drain()).toEqual([[Destination.getLotById, 5], [Destination.getBoxesByLotId, 5]]);
    query.boxRenumbered(-3, 44);
    expect(query.get().boxId).toBe(44);
    query.fetch();
    expect(drain()).toContainEqual([Destination.getItemsByBoxId, 44]);
  });

  it('renumbering another box leaves the selection alone', () => {
    const { query } = setup();
    query.open(5);
    query.selectBox(-3);
    query.boxRenumbered(-4, 45);
    expect(query.get().boxId).toBe(-3);
  });
});

describe('/user/topics/boxesByLotId replies', () => {
  it('are paired with their requests in the order sent (a bare list names no lot)', () => {
    const { query } = setup();
    query.open(5);
    query.open(6);
    query.fetch();
    expect([query.takeRequested(), query.takeRequested(), query.takeRequested(), query.takeRequested()]).toEqual([5, 6, 6, undefined]);
  });

  it('requests of a dropped connection are forgotten (their replies will never come)', () => {
    const { query } = setup();
    query.open(5);
    query.forgetRequests();
    expect(query.takeRequested()).toBeUndefined();
  });

  it('select the first box when none is selected, and ask for its items', () => {
    const { query, drain } = setup();
    query.open(5);
    drain();
    query.boxesArrived(5, [makeBox(41, 5), makeBox(40, 5)]);
    expect(query.get().boxId).toBe(41);
    expect(drain()).toEqual([[Destination.getItemsByBoxId, 41]]);
  });

  it('keep a selected box that is still there, and move off one that is gone', () => {
    const { query } = setup();
    query.open(5);
    query.selectBox(40);
    query.boxesArrived(5, [makeBox(41, 5), makeBox(40, 5)]);
    expect(query.get().boxId).toBe(40);
    query.boxesArrived(5, [makeBox(41, 5)]);
    expect(query.get().boxId).toBe(41);
    query.boxesArrived(5, []);
    expect(query.get().boxId).toBeUndefined();
  });

  it('keep a box made offline selected (the server cannot list it yet)', () => {
    const { query, drain } = setup();
    query.open(5);
    query.selectBox(-2);
    drain();
    query.boxesArrived(5, [makeBox(40, 5)]);
    expect(query.get().boxId).toBe(-2);
    expect(drain()).toEqual([]);
  });

  it('of a lot no longer open change nothing', () => {
    const { query, drain } = setup();
    query.open(6);
    drain();
    query.boxesArrived(5, [makeBox(40, 5)]);
    expect(query.get().boxId).toBeUndefined();
    expect(drain()).toEqual([]);
  });
});

describe('the spreadsheet result (ADDED_MULT_UPCS_TO_BOX)', () => {
  it('is kept for the XLS dialog and cleared for a new file', () => {
    const { query } = setup();
    query.open(5);
    const bulk = { addedItems: [], notFoundUPCs: ['123'] };
    query.setBulkResult(bulk);
    expect(query.get().bulk).toEqual(bulk);
    query.setBulkResult(undefined);
    expect(query.get().bulk).toBeUndefined();
  });

  it('tells subscribers (the screen re-renders)', () => {
    const { query } = setup();
    let calls = 0;
    const stop = query.subscribe(() => (calls += 1));
    query.setBulkResult({ addedItems: [], notFoundUPCs: [] });
    stop();
    query.setBulkResult(undefined);
    expect(calls).toBe(1);
  });
});
