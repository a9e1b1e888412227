// Box and item replies as Lot edit sees them (spec §4 "Box editing", §7, §8; DESIGN §4): each lands in the replica
// with the user's pending intents laid back on top; a box or item made offline takes the server's id, and what was
// scanned into a box made offline follows it; the user reads the spec's messages.
import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { addBoxIntent, addUpcIntent, addUpcsIntent, deleteBoxIntent, deleteItemsIntent, updateBoxInfoIntent, updateItemIntent } from '../../../src/features/lot-edit/box-intents';
import { createLotIntent } from '../../../src/features/lots/create-lot';
import { CLIENT_MSG_ID_HEADER } from '../../../src/protocol/auth';
import type { Box, BoxItem, UpcEntry } from '../../../src/protocol/entities';
import { Destination } from '../../../src/protocol/destinations';
import { okEnvelope } from '../../../src/protocol/envelope';
import { MessageType } from '../../../src/protocol/message-types';
import { createBoxIngest } from '../../../src/sync/box-ingest';
import { createIngest } from '../../../src/sync/ingest';
import { createLotEditQuery } from '../../../src/sync/lot-edit-query';
import { enqueue, outboxSummary, type Intent } from '../../../src/sync/outbox';
import { readMeta, type ItemRow, type ReplicaDb } from '../../../src/sync/replica';
import { claimReplica } from '../../../src/sync/replica-owner';
import { createStatus } from '../../../src/sync/status';
import { makeLot } from './support/fake-server';
import { createHarness, freshReplica, mockNotifier, outboxSends, type Harness } from './support/sync-harness';
import { ClientMessages } from '../../../src/protocol/messages';

function makeBox(id: number, lotId: number, fields: Partial<Box> = {}): Box {
  return {
    id, label: `B${id}`, manualManiestId: lotId, w: 0, l: 0, h: 0, lbs: 0, ozs: 0, zone: 0, aisle: 0, col: 0, row: 0, bin: 0,
    boxNumber: null, userId: 7, ...fields,
  };
}

function makeItem(id: number, upc: string, fields: Partial<BoxItem> = {}): BoxItem {
  return {
    id, upc, quantity: 1, retailPrice: null, clientCost: null, listingPrice: null, vendor: null, itemDescriptionManifest: null,
    color: null, size: null, ...fields,
  };
}

const inBox = (boxId: number, item: BoxItem): ItemRow => ({ ...item, boxId });
const headers = (clientMsgId: string) => ({ [CLIENT_MSG_ID_HEADER]: clientMsgId });

const boxesOf = async (db: ReplicaDb) => (await db.boxes.orderBy('id').toArray()).map((box) => [box.id, box.manualManiestId, box.label, box.pending ?? 0]);
const itemsOf = async (db: ReplicaDb) =>
  (await db.items.orderBy('id').toArray()).map((item) => [item.id, item.boxId, item.upc, item.quantity, item.pending ?? 0]);

/** alice's replica, Lot edit's query (connected, recording what it asks) and ingest wired as linkSync wires it. */
async function setup() {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  const notifier = mockNotifier();
  const status = createStatus();
  const feedback = { notifier, status };
  const asked: Array<[string, number]> = [];
  const query = createLotEditQuery({ publish: (destination, body) => asked.push([destination, body]) > 0 });
  const boxIngest = createBoxIngest({ db, feedback, user: () => 'alice', query });
  const ingest = createIngest({ db, feedback, signedIn: () => ({ user: 'alice', isAdmin: false }), readers: [boxIngest] });
  const queue = (intent: Intent) => enqueue(db, 'alice', intent);
  /** What the query asked the server since the last call. */
  const drain = () => asked.splice(0);
  return { db, notifier, status, query, boxIngest, ingest, queue, drain };
}

function quietWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  return warn;
}

describe('/user/topics/boxesByLotId', () => {
  it("replaces the lot's boxes: one gone on the server goes with its items; a box made offline, its scans and other lots' boxes stay", async () => {
    const { db, query, boxIngest, queue, drain } = await setup();
    await db.boxes.bulkPut([makeBox(40, 5), makeBox(41, 5), makeBox(50, 6)]);
    await db.items.bulkPut([inBox(40, makeItem(400, '1')), inBox(41, makeItem(410, '2')), inBox(50, makeItem(500, '3'))]);
    const made = await queue(addBoxIntent(5, 'New'));
    await queue(addUpcIntent(made.tempId, '4', undefined, undefined));
    query.open(5);
    drain();

    await boxIngest.boxesByLotId([makeBox(40, 5, { label: 'Renamed' }), makeBox(42, 5)]);
    expect(await boxesOf(db)).toEqual([[-1, 5, 'New', 1], [40, 5, 'Renamed', 0], [42, 5, 'B42', 0], [50, 6, 'B50', 0]]);
    expect(await itemsOf(db)).toEqual([[-2, -1, '4', 1, 1], [400, 40, '1', 1, 0], [500, 50, '3', 1, 0]]);
    // The first box is selected after loading, and its items are asked for (spec §4).
    expect(query.get().boxId).toBe(40);
    expect(drain()).toEqual([[Destination.getItemsByBoxId, 40]]);
  });

  it('an empty list empties the lot its request named', async () => {
    const { db, query, boxIngest } = await setup();
    await db.boxes.bulkPut([makeBox(40, 5), makeBox(50, 6)]);
    await db.items.put(inBox(40, makeItem(400, '1')));
    query.open(5);
    await boxIngest.boxesByLotId([]);
    expect(await boxesOf(db)).toEqual([[50, 6, 'B50', 0]]);
    expect(await db.items.count()).toBe(0);
    expect(query.get().boxId).toBeUndefined();
  });

  it("keeps the user's unsent weight and dimensions on top of the server's box", async () => {
    const { db, query, boxIngest, queue } = await setup();
    await db.boxes.put(makeBox(40, 5));
    await queue(updateBoxInfoIntent(makeBox(40, 5), { h: 10, w: 12, l: 14, lbs: 3, ozs: 4 }));
    query.open(5);
    await boxIngest.boxesByLotId([makeBox(40, 5, { label: 'Renamed elsewhere' })]);
    expect(await db.boxes.get(40)).toMatchObject({ label: 'Renamed elsewhere', h: 10, lbs: 3, ozs: 4, pending: 1, base: { label: 'Renamed elsewhere', h: 0 } });
  });

  it('a list that does not match the contract changes nothing', async () => {
    const { db, query, boxIngest } = await setup();
    const warn = quietWarnings();
    await db.boxes.put(makeBox(40, 5));
    query.open(5);
    await boxIngest.boxesByLotId([{ id: -4, label: 'x' }]);
    expect(await boxesOf(db)).toEqual([[40, 5, 'B40', 0]]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('/app/getItemsByBoxId: FOUND_ITEMS_BY_BOX_ID', () => {
  it("replaces the box's items (scans not yet sent stay) and stores the lot's totals", async () => {
    const { db, ingest, queue, notifier } = await setup();
    await db.lots.put(makeLot(5, 'Pallet'));
    await db.boxes.bulkPut([makeBox(40, 5), makeBox(41, 5)]);
    await db.items.bulkPut([inBox(40, makeItem(100, '1')), inBox(40, makeItem(101, '2')), inBox(41, makeItem(200, '3'))]);
    await queue(addUpcIntent(40, '9', undefined, undefined));
    const data = { boxId: 40, items: [makeItem(100, '1', { quantity: 3 })], lot: makeLot(5, 'Pallet', 7, { numberOfUnits: 4, totalOriginalRetail: 40 }) };
    await ingest.incoming(okEnvelope(MessageType.FOUND_ITEMS_BY_BOX_ID, data));
    expect(await itemsOf(db)).toEqual([[-1, 40, '9', 1, 1], [100, 40, '1', 3, 0], [200, 41, '3', 1, 0]]);
    expect(await db.lots.get(5)).toMatchObject({ numberOfUnits: 4, totalOriginalRetail: 40 });
    expect(notifier.info).not.toHaveBeenCalled(); // not mistaken for an unknown reply
  });

  it('data that does not match the contract changes nothing', async () => {
    const { db, ingest, notifier } = await setup();
    const warn = quietWarnings();
    await db.items.put(inBox(40, makeItem(100, '1')));
    await ingest.incoming(okEnvelope(MessageType.FOUND_ITEMS_BY_BOX_ID, { boxId: 40, items: 'none' }));
    expect(await itemsOf(db)).toEqual([[100, 40, '1', 1, 0]]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(notifier.info).not.toHaveBeenCalled();
  });
});

describe('/app/addBoxToLot: ADDED_BOX_TO_LOT', () => {
  it('a box made offline takes its real id; what was scanned into it follows (rows and later entries); the lot is asked for again', async () => {
    const { db, ingest, query, queue, notifier, drain } = await setup();
    const made = await queue(addBoxIntent(5, 'Shelf'));
    expect(made.tempId).toBe(-1);
    query.open(5);
    query.selectBox(-1);
    const first = await queue(addUpcIntent(-1, '111', undefined, undefined));
    await queue(addUpcIntent(-1, '111', await db.items.get(first.tempId ?? 0), undefined));
    await queue(addUpcIntent(-1, '222', undefined, undefined));
    drain();

    await ingest.incoming(okEnvelope(MessageType.ADDED_BOX_TO_LOT, makeBox(40, 5, { label: 'Shelf', boxNumber: 1 }), 'Added box: Shelf'), headers(made.clientMsgId));
    expect(await boxesOf(db)).toEqual([[40, 5, 'Shelf', 0]]);
    expect(await itemsOf(db)).toEqual([[-3, 40, '222', 1, 1], [-2, 40, '111', 2, 1]]);
    const scans = (await db.outbox.toArray()).filter((entry) => entry.destination === Destination.addUPCToBox);
    expect(scans.map((entry) => entry.body)).toEqual([{ upc: '111', boxId: 40 }, { upc: '111', boxId: 40 }, { upc: '222', boxId: 40 }]);
    expect(query.get().boxId).toBe(40); // the tab stays on the box, now under its real id
    expect(drain()).toEqual([[Destination.getLotById, 5]]); // spec §4: adding a box refetches the lot
    expect(notifier.success).toHaveBeenCalledWith('Added box: Shelf');
  });

  it('of a lot made offline: the box is sent for the real lot once CREATED_MANIFEST has named it', async () => {
    const { db, ingest, queue } = await setup();
    const lot = await queue(createLotIntent({ title: 'Pallet' }));
    await queue(addBoxIntent(lot.tempId ?? 0, 'Shelf'));
    await ingest.incoming(okEnvelope(MessageType.CREATED_MANIFEST, makeLot(5, 'Pallet'), 'Created manifest: Pallet'), headers(lot.clientMsgId));
    const box = (await db.outbox.toArray()).find((entry) => entry.destination === Destination.addBoxToLot);
    expect(box?.body).toEqual({ label: 'Shelf', manualManiestId: 5 });
    // Its pending row moved with it: the tab shows under the real lot at once, not after the box's own reply.
    expect(await boxesOf(db)).toEqual([[-2, 5, 'Shelf', 1]]);
  });
});

describe('/app/deleteBox: DELETED_BOX', () => {
  it('removes the box and its items, and asks for the lot again', async () => {
    const { db, ingest, query, queue, notifier, drain } = await setup();
    await db.boxes.bulkPut([makeBox(40, 5), makeBox(41, 5)]);
    await db.items.bulkPut([inBox(40, makeItem(100, '1')), inBox(40, makeItem(101, '2')), inBox(41, makeItem(200, '3'))]);
    const deleting = await queue(deleteBoxIntent(makeBox(40, 5)));
    expect(await db.boxes.get(40)).toMatchObject({ removed: 1, pending: 1 }); // hidden at once
    query.open(5);
    drain();
    await ingest.incoming(okEnvelope(MessageType.DELETED_BOX, makeBox(40, 5), 'Deleted box: B40'), headers(deleting.clientMsgId));
    expect(await boxesOf(db)).toEqual([[41, 5, 'B41', 0]]);
    expect(await itemsOf(db)).toEqual([[200, 41, '3', 1, 0]]);
    expect(drain()).toEqual([[Destination.getLotById, 5]]);
    expect(notifier.success).toHaveBeenCalledWith('Deleted box: B40');
  });
});

describe('/app/updateBoxInfo: UPDATED_BOX', () => {
  it("stores the server's box and says 'Updated box: …'", async () => {
    const { db, ingest, queue, notifier } = await setup();
    await db.boxes.put(makeBox(40, 5));
    const updating = await queue(updateBoxInfoIntent(makeBox(40, 5), { h: 10, w: 12, l: 14, lbs: 3, ozs: 4 }));
    await ingest.incoming(
      okEnvelope(MessageType.UPDATED_BOX, makeBox(40, 5, { label: 'Shelf', h: 10, w: 12, l: 14, lbs: 3, ozs: 4 }), 'Updated box: Shelf'),
      headers(updating.clientMsgId),
    );
    expect(await db.boxes.get(40)).toMatchObject({ label: 'Shelf', h: 10, w: 12, l: 14, lbs: 3, ozs: 4, base: { label: 'Shelf', h: 10 } });
    expect(notifier.success).toHaveBeenCalledWith('Updated box: Shelf');
  });
});

describe('/app/addUPCToBox: ADDED_UPC_TO_BOX', () => {
  it("our scan's row becomes the server's (real id, catalogue fields) and the lot's totals are stored; the status says it, no toast", async () => {
    const { db, ingest, queue, notifier, status } = await setup();
    await db.lots.put(makeLot(5, 'Pallet'));
    await db.boxes.put(makeBox(40, 5));
    const scan = await queue(addUpcIntent(40, '111', undefined, undefined));
    const again = await queue(addUpcIntent(40, '111', await db.items.get(scan.tempId ?? 0), undefined));
    expect(await itemsOf(db)).toEqual([[-1, 40, '111', 2, 1]]);

    const item = makeItem(100, '111', { retailPrice: 10, vendor: 'Acme' });
    const lot = makeLot(5, 'Pallet', 7, { numberOfUnits: 1, totalOriginalRetail: 10 });
    await ingest.incoming(okEnvelope(MessageType.ADDED_UPC_TO_BOX, { boxId: 40, item, lot }, 'Added UPC: 111'), headers(scan.clientMsgId));
    // The second scan, not yet answered, now names the real row and still shows on it.
    expect(await itemsOf(db)).toEqual([[100, 40, '111', 2, 1]]);
    expect(await db.items.get(100)).toMatchObject({ vendor: 'Acme', retailPrice: 10, base: { quantity: 1 } });
    expect((await db.outbox.where('clientMsgId').equals(again.clientMsgId).first())?.change).toMatchObject({ kind: 'patch', id: 100 });
    expect(await readMeta(db, 'tempIds')).toEqual([[-1, 100]]);
    expect(await db.lots.get(5)).toMatchObject({ numberOfUnits: 1, totalOriginalRetail: 10 });
    expect(status.get()).toEqual({ message: 'Added UPC: 111', submitting: false });
    expect(notifier.success).not.toHaveBeenCalled();
    expect(notifier.info).not.toHaveBeenCalled();
  });

  it("a scan pushed from another session adds the row and leaves this user's status alone", async () => {
    const { db, ingest, status } = await setup();
    status.busy('Fetching Categories...');
    const lot = makeLot(5, 'Pallet', 7, { numberOfUnits: 1 });
    await ingest.incoming(okEnvelope(MessageType.ADDED_UPC_TO_BOX, { boxId: 40, item: makeItem(100, '111'), lot }, 'Added UPC: 111'));
    expect(await itemsOf(db)).toEqual([[100, 40, '111', 1, 0]]);
    expect(status.get()).toEqual({ message: 'Fetching Categories...', submitting: true });
  });
});

describe('/app/addMultipleUPCsToBox: ADDED_MULT_UPCS_TO_BOX', () => {
  async function bulkSetup() {
    const context = await setup();
    await context.db.boxes.put(makeBox(40, 5));
    context.query.open(5);
    context.query.selectBox(40);
    context.drain();
    return context;
  }

  it("stores the added rows in our request's box, keeps the result for the XLS dialog and says what was and was not added", async () => {
    const { db, ingest, query, queue, notifier, drain } = await bulkSetup();
    const saving = await queue(addUpcsIntent(40, [{ upc: '111', qnty: 2 }, { upc: '222', qnty: 1 }, { upc: '999', qnty: 4 }]));
    const reply = { addedItems: [makeItem(100, '111', { quantity: 2 }), makeItem(101, '222')], notFoundUPCs: ['999'] };
    await ingest.incoming(okEnvelope(MessageType.ADDED_MULT_UPCS_TO_BOX, reply, 'Successfully added 2 UPCs to the box.'), headers(saving.clientMsgId));
    expect(await itemsOf(db)).toEqual([[100, 40, '111', 2, 0], [101, 40, '222', 1, 0]]);
    expect(query.get().bulk).toEqual(reply);
    expect(notifier.success).toHaveBeenCalledWith('Successfully added 2 UPCs to the box.');
    expect(notifier.error).toHaveBeenCalledWith('Error, 1 UPCs were not found/not added.');
    expect(ClientMessages.upcsNotAdded(1)).toBe('Error, 1 UPCs were not found/not added.');
    // The lot's new totals and the box's merged rows are asked for.
    expect(drain()).toEqual([[Destination.getLotById, 5], [Destination.getBoxesByLotId, 5], [Destination.getItemsByBoxId, 40]]);
  });

  it('with every UPC known, no error is shown', async () => {
    const { ingest, queue, notifier } = await bulkSetup();
    const saving = await queue(addUpcsIntent(40, [{ upc: '111', qnty: 1 }]));
    await ingest.incoming(
      okEnvelope(MessageType.ADDED_MULT_UPCS_TO_BOX, { addedItems: [makeItem(100, '111')], notFoundUPCs: [] }, 'Successfully added 1 UPCs to the box.'),
      headers(saving.clientMsgId),
    );
    expect(notifier.success).toHaveBeenCalledWith('Successfully added 1 UPCs to the box.');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it("another session's spreadsheet (a push) leaves this tablet's XLS result, toasts and status alone", async () => {
    const { ingest, query, notifier, status } = await bulkSetup();
    const mine = { addedItems: [makeItem(100, '111')], notFoundUPCs: [] };
    query.setBulkResult(mine);
    status.busy('Saving...');
    const theirs = { addedItems: [makeItem(300, '333')], notFoundUPCs: ['999'] };
    await ingest.incoming(okEnvelope(MessageType.ADDED_MULT_UPCS_TO_BOX, theirs, 'Successfully added 1 UPCs to the box.'));
    expect(query.get().bulk).toEqual(mine);
    expect(notifier.success).not.toHaveBeenCalled();
    expect(notifier.error).not.toHaveBeenCalled();
    expect(status.get()).toEqual({ message: 'Saving...', submitting: true });
  });
});

describe('/app/updateItems and /app/deleteItems: UPDATED_ITEMS, DELETED_ITEMS', () => {
  it("UPDATED_ITEMS stores the server's rows and the lot's totals", async () => {
    const { db, ingest, queue, notifier } = await setup();
    await db.items.bulkPut([inBox(40, makeItem(100, '111')), inBox(40, makeItem(101, '222'))]);
    const updating = await queue(updateItemIntent(makeItem(100, '111'), { quantity: 5, color: ' Red ' }));
    expect(await db.items.get(100)).toMatchObject({ quantity: 5, pending: 1 }); // shown at once
    const lot = makeLot(5, 'Pallet', 7, { numberOfUnits: 6 });
    await ingest.incoming(
      okEnvelope(MessageType.UPDATED_ITEMS, { boxId: 40, items: [makeItem(100, '111', { quantity: 5, color: 'Red' })], lot }, 'Updated items: 1'),
      headers(updating.clientMsgId),
    );
    expect(await db.items.get(100)).toMatchObject({ quantity: 5, base: { quantity: 5, color: 'Red' } });
    expect(await db.lots.get(5)).toMatchObject({ numberOfUnits: 6 });
    expect(notifier.success).toHaveBeenCalledWith('Updated items: 1');
  });

  it('DELETED_ITEMS removes the rows and stores the lot with its new totals', async () => {
    const { db, ingest, queue, notifier } = await setup();
    await db.items.bulkPut([inBox(40, makeItem(100, '111')), inBox(40, makeItem(101, '222')), inBox(40, makeItem(102, '333'))]);
    const deleting = await queue(deleteItemsIntent([makeItem(100, '111'), makeItem(102, '333')]));
    const lot = makeLot(5, 'Pallet', 7, { numberOfUnits: 1 });
    await ingest.incoming(
      okEnvelope(MessageType.DELETED_ITEMS, { boxId: 40, items: [makeItem(100, '111'), makeItem(102, '333')], lot }, 'Deleted items: 2'),
      headers(deleting.clientMsgId),
    );
    expect((await db.items.toArray()).map((item) => item.id)).toEqual([101]);
    expect(await db.lots.get(5)).toMatchObject({ numberOfUnits: 1 });
    expect(notifier.success).toHaveBeenCalledWith('Deleted items: 2');
  });
});

describe('box ingest while nobody is signed in', () => {
  it('writes nothing', async () => {
    const db = freshReplica();
    const feedback = { notifier: mockNotifier(), status: createStatus() };
    const query = createLotEditQuery({ publish: () => true });
    const boxIngest = createBoxIngest({ db, feedback, user: () => undefined, query });
    query.open(5);
    await boxIngest.boxesByLotId([makeBox(40, 5)]);
    const applying = boxIngest.incoming(okEnvelope(MessageType.UPDATED_BOX, makeBox(41, 5)), undefined);
    expect(applying).toBeInstanceOf(Promise);
    await applying;
    expect(await db.boxes.count()).toBe(0);
  });
});

// ------------------------------------------------------------------------------- through the live client

function start(): Harness {
  const harness = createHarness();
  onTestFinished(harness.unlink);
  return harness;
}

const settled = (h: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 3000, interval: 5 });

function catalogueEntry(id: number, upc: string, fields: Partial<UpcEntry> = {}): UpcEntry {
  return { id, upc, vendorName: 'Acme', retailPrice: 10, wholesalePrice: 4, ...fields };
}

describe('a box made offline, then scans into it, sent when the server is reachable', () => {
  it('every scan reaches the server once, in order, naming the real box (the box reply and its RECEIPT come in one task)', async () => {
    const h = start();
    h.server.lots.set(5, makeLot(5, 'Pallet'));
    h.server.catalogue.set('111', catalogueEntry(1, '111'));
    h.server.catalogue.set('222', catalogueEntry(2, '222', { retailPrice: 25 }));
    await claimReplica(h.db, h.user);
    await h.db.lots.put(makeLot(5, 'Pallet'));
    h.lotEditQuery.open(5);

    const box = await enqueue(h.db, h.user, addBoxIntent(5, 'Shelf'));
    h.lotEditQuery.selectBox(box.tempId);
    for (const upc of ['111', '111', '222', '111', '222']) {
      const existing = await h.db.items.where('boxId').equals(box.tempId ?? 0).filter((item) => item.upc === upc).first();
      await enqueue(h.db, h.user, addUpcIntent(box.tempId, upc, existing, undefined));
    }
    expect(outboxSends(h)).toEqual([]);

    h.connection.open();
    await settled(h);
    const [realBox] = h.server.boxes.keys();
    expect(h.server.applied.map(({ destination, body }) => [destination, body])).toEqual([
      [Destination.addBoxToLot, { label: 'Shelf', manualManiestId: 5 }],
      ...['111', '111', '222', '111', '222'].map((upc) => [Destination.addUPCToBox, { upc, boxId: realBox }]),
    ]);
    // Nothing was ever sent naming the temporary box, and nothing went twice.
    expect(outboxSends(h).map(({ destination }) => destination)).toEqual([Destination.addBoxToLot, ...Array<string>(5).fill(Destination.addUPCToBox)]);
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
    expect(h.lotEditQuery.get().boxId).toBe(realBox);
    await vi.waitFor(async () =>
      expect(await itemsOf(h.db)).toEqual([...h.server.items.values()].map((item) => [item.id, item.boxId, item.upc, item.quantity, 0])),
    );
    expect(await itemsOf(h.db)).toEqual([[1, realBox, '111', 3, 0], [2, realBox, '222', 2, 0]]);
    expect(await boxesOf(h.db)).toEqual([[realBox, 5, 'Shelf', 0]]);
    await vi.waitFor(async () => expect(await h.db.lots.get(5)).toMatchObject({ numberOfUnits: 5, totalOriginalRetail: 80 }));
  });
});

describe('opening lots while connected', () => {
  it("after a lot the server refuses, the next lots' boxes are still told apart: first box selected, items loaded, emptied lots emptied", async () => {
    const h = start();
    const warn = quietWarnings();
    h.server.lots.set(6, makeLot(6, 'Pallet'));
    h.server.lots.set(7, makeLot(7, 'Emptied'));
    h.server.boxes.set(60, makeBox(60, 6, { boxNumber: 1 }));
    h.server.items.set(600, { ...makeItem(600, '111', { quantity: 4 }), boxId: 60 });
    await claimReplica(h.db, h.user);
    await h.db.boxes.put(makeBox(70, 7)); // deleted on the server since this tablet last saw lot 7
    h.connection.open();

    h.lotEditQuery.open(99); // not the user's (or deleted): both queries are refused
    await vi.waitFor(() => expect(h.notifier.error).toHaveBeenCalledTimes(2));
    h.lotEditQuery.open(6);
    await vi.waitFor(() => expect(h.lotEditQuery.get().boxId).toBe(60));
    await vi.waitFor(async () => expect(await itemsOf(h.db)).toEqual([[600, 60, '111', 4, 0]]));
    h.lotEditQuery.open(7);
    await vi.waitFor(async () => expect(await h.db.boxes.where('manualManiestId').equals(7).count()).toBe(0));
    expect(await boxesOf(h.db)).toEqual([[60, 6, 'B60', 0]]);
    expect(await itemsOf(h.db)).toEqual([[600, 60, '111', 4, 0]]);
    expect(warn).not.toHaveBeenCalled();
  });
});
