// Item replies and pushes as Lot edit's box editor sees them (spec §4 "Box editing", §7, §8; DESIGN §4): the box's
// items land in the replica with the user's pending scans and edits laid back on top, a scan made offline takes the
// server's row, the lot's new totals are stored, a spreadsheet's answer is kept for the XLS dialog and makes Lot
// edit's kept queries go again, and the user reads the spec's messages (our own replies only).
import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { domains } from '../../../src/domains';
import { boxesTable } from '../../../src/domains/boxes';
import { addUpc, addUpcs, clearBulkResult, deleteItems, itemsTable, updateItem, type ItemRow } from '../../../src/domains/items';
import { bulkResult } from '../../../src/domains/items/ingest';
import { lotsTable } from '../../../src/domains/lots';
import { CLIENT_MSG_ID_HEADER } from '../../../src/protocol/auth';
import { Destination } from '../../../src/protocol/destinations';
import type { BoxItem } from '../../../src/protocol/entities';
import { okEnvelope } from '../../../src/protocol/envelope';
import { MessageType } from '../../../src/protocol/message-types';
import { ClientMessages } from '../../../src/protocol/messages';
import { createStatus } from '../../../src/sync/feedback/status';
import { createIngest } from '../../../src/sync/ingest/dispatch';
import { enqueue, type Intent } from '../../../src/sync/outbox/outbox';
import { readMeta, TEMP_IDS } from '../../../src/sync/replica/meta';
import { claimReplica } from '../../../src/sync/replica/owner';
import type { ReplicaTables } from '../../../src/sync/replica/replica';
import { createMemoryStorage, createSettings } from '../../../src/sync/session/settings';
import { createQueries } from '../../../src/sync/transport/queries';
import { makeBox, makeItem, makeLot } from '../../support/factories';
import { freshReplica, mockNotifier } from './support/sync-harness';

const inBox = (boxId: number, item: BoxItem): ItemRow => ({ ...item, boxId });
const headers = (clientMsgId: string) => ({ [CLIENT_MSG_ID_HEADER]: clientMsgId });
const scan = (boxId: number, upc: string, existing?: ItemRow): Intent => addUpc.build({ boxId, upc, existing, known: undefined });

const itemsOf = async (db: ReplicaTables) =>
  (await db.rows(itemsTable).orderBy('id').toArray()).map((item) => [item.id, item.boxId, item.upc, item.quantity, item.pending ?? 0]);

/** alice's replica, ingest wired as startSync wires it, and Lot edit's queries on a sender recording what goes out. */
async function setup() {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  const notifier = mockNotifier();
  const status = createStatus();
  const asked: Array<[string, unknown]> = [];
  const queries = createQueries((destination, body) => asked.push([destination, body]) > 0);
  const settings = createSettings(createMemoryStorage());
  const ingest = createIngest({ db, feedback: { notifier, status }, settings, signedIn: () => ({ user: 'alice', isAdmin: false }), queries, domains });
  clearBulkResult();
  const queue = (intent: Intent) => enqueue(db, 'alice', intent);
  /** What was asked of the server since the last call. */
  const drain = () => asked.splice(0);
  return { db, boxes: db.rows(boxesTable), items: db.rows(itemsTable), lots: db.rows(lotsTable), notifier, status, queries, ingest, queue, drain };
}

function quietWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  return warn;
}

describe('/app/getItemsByBoxId: FOUND_ITEMS_BY_BOX_ID', () => {
  it("replaces the box's items (scans not yet sent stay) and stores the lot's totals", async () => {
    const { db, boxes, items, lots, ingest, queue, notifier } = await setup();
    await lots.put(makeLot(5, 'Pallet'));
    await boxes.bulkPut([makeBox(40, 5), makeBox(41, 5)]);
    await items.bulkPut([inBox(40, makeItem(100, '1')), inBox(40, makeItem(101, '2')), inBox(41, makeItem(200, '3'))]);
    await queue(scan(40, '9'));
    const data = { boxId: 40, items: [makeItem(100, '1', { quantity: 3 })], lot: makeLot(5, 'Pallet', 7, { numberOfUnits: 4, totalOriginalRetail: 40 }) };
    await ingest.incoming(okEnvelope(MessageType.FOUND_ITEMS_BY_BOX_ID, data));
    expect(await itemsOf(db)).toEqual([[-1, 40, '9', 1, 1], [100, 40, '1', 3, 0], [200, 41, '3', 1, 0]]);
    expect(await lots.get(5)).toMatchObject({ numberOfUnits: 4, totalOriginalRetail: 40 });
    expect(notifier.info).not.toHaveBeenCalled(); // not mistaken for an unknown reply
  });

  it('data that does not match the contract changes nothing', async () => {
    const { db, items, ingest, notifier } = await setup();
    const warn = quietWarnings();
    await items.put(inBox(40, makeItem(100, '1')));
    await ingest.incoming(okEnvelope(MessageType.FOUND_ITEMS_BY_BOX_ID, { boxId: 40, items: 'none' }));
    expect(await itemsOf(db)).toEqual([[100, 40, '1', 1, 0]]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(notifier.info).not.toHaveBeenCalled();
  });
});

describe('/app/addUPCToBox: ADDED_UPC_TO_BOX', () => {
  it("our scan's row becomes the server's (real id, catalogue fields) and the lot's totals are stored; the status says it, no toast", async () => {
    const { db, boxes, items, lots, ingest, queue, notifier, status } = await setup();
    await lots.put(makeLot(5, 'Pallet'));
    await boxes.put(makeBox(40, 5));
    const first = await queue(scan(40, '111'));
    const again = await queue(scan(40, '111', await items.get(first.tempId ?? 0)));
    expect(await itemsOf(db)).toEqual([[-1, 40, '111', 2, 1]]);

    const item = makeItem(100, '111', { retailPrice: 10, vendor: 'Acme' });
    const lot = makeLot(5, 'Pallet', 7, { numberOfUnits: 1, totalOriginalRetail: 10 });
    await ingest.incoming(okEnvelope(MessageType.ADDED_UPC_TO_BOX, { boxId: 40, item, lot }, 'Added UPC: 111'), headers(first.clientMsgId));
    // The second scan, not yet answered, now names the real row and still shows on it.
    expect(await itemsOf(db)).toEqual([[100, 40, '111', 2, 1]]);
    expect(await items.get(100)).toMatchObject({ vendor: 'Acme', retailPrice: 10, base: { quantity: 1 } });
    expect((await db.outbox.where('clientMsgId').equals(again.clientMsgId).first())?.change).toMatchObject({ kind: 'patch', id: 100 });
    expect(await readMeta(db, TEMP_IDS)).toEqual([[-1, 100]]);
    expect(await lots.get(5)).toMatchObject({ numberOfUnits: 1, totalOriginalRetail: 10 });
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
    await context.boxes.put(makeBox(40, 5));
    // Lot edit open on lot 5 with box 40 selected: the queries it keeps.
    context.queries.keep('getLotById', 5);
    context.queries.keep('getBoxesByLotId', 5);
    context.queries.keep('getItemsByBoxId', 40);
    context.drain();
    return context;
  }
  const upcQuantities = (...rows: Array<[string, number]>) => rows.map(([upc, qnty]) => ({ upc, qnty }));

  it("stores the added rows in our request's box, keeps the result for the XLS dialog and says what was and was not added", async () => {
    const { db, ingest, queue, notifier, drain } = await bulkSetup();
    const saving = await queue(addUpcs.build({ boxId: 40, upcQuantities: upcQuantities(['111', 2], ['222', 1], ['999', 4]) }));
    const reply = { addedItems: [makeItem(100, '111', { quantity: 2 }), makeItem(101, '222')], notFoundUPCs: ['999'] };
    await ingest.incoming(okEnvelope(MessageType.ADDED_MULT_UPCS_TO_BOX, reply, 'Successfully added 2 UPCs to the box.'), headers(saving.clientMsgId));
    expect(await itemsOf(db)).toEqual([[100, 40, '111', 2, 0], [101, 40, '222', 1, 0]]);
    expect(bulkResult.get()).toEqual(reply);
    expect(notifier.success).toHaveBeenCalledWith('Successfully added 2 UPCs to the box.');
    expect(notifier.error).toHaveBeenCalledWith('Error, 1 UPCs were not found/not added.');
    expect(ClientMessages.upcsNotAdded(1)).toBe('Error, 1 UPCs were not found/not added.');
    // The lot's new totals and the box's merged rows are asked for.
    expect(drain()).toEqual([[Destination.getLotById, 5], [Destination.getBoxesByLotId, 5], [Destination.getItemsByBoxId, 40]]);
  });

  it('with every UPC known, no error is shown', async () => {
    const { ingest, queue, notifier } = await bulkSetup();
    const saving = await queue(addUpcs.build({ boxId: 40, upcQuantities: upcQuantities(['111', 1]) }));
    await ingest.incoming(
      okEnvelope(MessageType.ADDED_MULT_UPCS_TO_BOX, { addedItems: [makeItem(100, '111')], notFoundUPCs: [] }, 'Successfully added 1 UPCs to the box.'),
      headers(saving.clientMsgId),
    );
    expect(notifier.success).toHaveBeenCalledWith('Successfully added 1 UPCs to the box.');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it("another session's spreadsheet (a push) leaves this tablet's XLS result, toasts and status alone", async () => {
    const { ingest, notifier, status } = await bulkSetup();
    const mine = { addedItems: [makeItem(100, '111')], notFoundUPCs: [] };
    bulkResult.set(mine);
    status.busy('Saving...');
    const theirs = { addedItems: [makeItem(300, '333')], notFoundUPCs: ['999'] };
    await ingest.incoming(okEnvelope(MessageType.ADDED_MULT_UPCS_TO_BOX, theirs, 'Successfully added 1 UPCs to the box.'));
    expect(bulkResult.get()).toEqual(mine);
    expect(notifier.success).not.toHaveBeenCalled();
    expect(notifier.error).not.toHaveBeenCalled();
    expect(status.get()).toEqual({ message: 'Saving...', submitting: true });
  });
});

describe('/app/updateItems and /app/deleteItems: UPDATED_ITEMS, DELETED_ITEMS', () => {
  it("UPDATED_ITEMS stores the server's rows and the lot's totals", async () => {
    const { items, lots, ingest, queue, notifier } = await setup();
    await items.bulkPut([inBox(40, makeItem(100, '111')), inBox(40, makeItem(101, '222'))]);
    const updating = await queue(updateItem.build({ item: makeItem(100, '111'), edits: { quantity: 5, color: ' Red ' } }));
    expect(await items.get(100)).toMatchObject({ quantity: 5, pending: 1 }); // shown at once
    const lot = makeLot(5, 'Pallet', 7, { numberOfUnits: 6 });
    await ingest.incoming(
      okEnvelope(MessageType.UPDATED_ITEMS, { boxId: 40, items: [makeItem(100, '111', { quantity: 5, color: 'Red' })], lot }, 'Updated items: 1'),
      headers(updating.clientMsgId),
    );
    expect(await items.get(100)).toMatchObject({ quantity: 5, base: { quantity: 5, color: 'Red' } });
    expect(await lots.get(5)).toMatchObject({ numberOfUnits: 6 });
    expect(notifier.success).toHaveBeenCalledWith('Updated items: 1');
  });

  it('DELETED_ITEMS removes the rows and stores the lot with its new totals', async () => {
    const { items, lots, ingest, queue, notifier } = await setup();
    await items.bulkPut([inBox(40, makeItem(100, '111')), inBox(40, makeItem(101, '222')), inBox(40, makeItem(102, '333'))]);
    const deleting = await queue(deleteItems.build([makeItem(100, '111'), makeItem(102, '333')]));
    const lot = makeLot(5, 'Pallet', 7, { numberOfUnits: 1 });
    await ingest.incoming(
      okEnvelope(MessageType.DELETED_ITEMS, { boxId: 40, items: [makeItem(100, '111'), makeItem(102, '333')], lot }, 'Deleted items: 2'),
      headers(deleting.clientMsgId),
    );
    expect((await items.toArray()).map((item) => item.id)).toEqual([101]);
    expect(await lots.get(5)).toMatchObject({ numberOfUnits: 1 });
    expect(notifier.success).toHaveBeenCalledWith('Deleted items: 2');
  });
});
