// Box replies as Lot edit sees them (spec §4 "Box editing", §7, §8; DESIGN §4): each lands in the replica with the
// user's pending intents laid back on top; a box made offline takes the server's id, and what was scanned into it
// follows; the user reads the spec's messages; adding or deleting a box sends Lot edit's kept lot query again. Item
// replies: item-ingest.test.ts.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { domains } from '../../../src/domains';
import { addBox, boxesTable, deleteBox, updateBoxInfo } from '../../../src/domains/boxes';
import { addUpc, itemsTable, scanContext, type ItemRow } from '../../../src/domains/items';
import { createLot, lotsTable } from '../../../src/domains/lots';
import { CLIENT_MSG_ID_HEADER, REQUEST_ID_HEADER } from '../../../src/protocol/auth';
import { Destination } from '../../../src/protocol/destinations';
import type { Box, BoxItem } from '../../../src/protocol/entities';
import { okEnvelope } from '../../../src/protocol/envelope';
import type { Lot } from '../../../src/protocol/lots';
import { MessageType } from '../../../src/protocol/message-types';
import { createStatus } from '../../../src/sync/feedback/status';
import { createIngest } from '../../../src/sync/ingest/dispatch';
import { enqueue, type Intent } from '../../../src/sync/outbox/outbox';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { readMeta, TEMP_IDS } from '../../../src/sync/replica/meta';
import { claimReplica } from '../../../src/sync/replica/owner';
import type { ReplicaTables } from '../../../src/sync/replica/replica';
import { createMemoryStorage, createSettings } from '../../../src/sync/session/settings';
import { createQueries } from '../../../src/sync/transport/queries';
import { makeBox, makeItem, makeLot } from '../../support/factories';
import { startClientServer, type ClientServer } from './support/server';
import { createHarness, freshReplica, mockNotifier, outboxSends } from './support/sync-harness';

const inBox = (boxId: number, item: BoxItem): ItemRow => ({ ...item, boxId });
const headers = (clientMsgId: string) => ({ [CLIENT_MSG_ID_HEADER]: clientMsgId });
const scan = (boxId: number | undefined, upc: string, existing?: ItemRow): Intent => addUpc.build({ boxId, upc, existing, known: undefined });

const boxesOf = async (db: ReplicaTables) =>
  (await db.rows(boxesTable).orderBy('id').toArray()).map((box) => [box.id, box.manualManiestId, box.label, box.pending ?? 0]);
const itemsOf = async (db: ReplicaTables) =>
  (await db.rows(itemsTable).orderBy('id').toArray()).map((item) => [item.id, item.boxId, item.upc, item.quantity, item.pending ?? 0]);

/** alice's replica, ingest wired as startSync wires it, and Lot edit's queries on a sender recording what goes out. */
async function setup({ signedIn = true } = {}) {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  const notifier = mockNotifier();
  const status = createStatus();
  const asked: Array<[string, unknown]> = [];
  let requestId = '';
  const queries = createQueries((destination, body, sent) => {
    requestId = sent[REQUEST_ID_HEADER] ?? '';
    return asked.push([destination, body]) > 0;
  });
  const settings = createSettings(createMemoryStorage());
  const ingest = createIngest({ db, feedback: { notifier, status }, settings, signedIn: () => (signedIn ? { user: 'alice', isAdmin: false } : undefined), queries, domains });
  /** Lot edit open on the lot: the queries it keeps (a box made offline selected: none for its items). */
  const open = (lotId: number): void => {
    queries.keep('getLotById', lotId);
    queries.keep('getBoxesByLotId', lotId);
  };
  /** /user/topics/boxesByLotId answering a getBoxesByLotId of the lot (paired with it by its request-id). */
  const boxesReply = (lotId: number, boxes: unknown): Promise<void> => {
    queries.send('getBoxesByLotId', lotId);
    return ingest.topic('boxesByLotId', boxes, { [REQUEST_ID_HEADER]: requestId });
  };
  const queue = (intent: Intent) => enqueue(db, 'alice', intent);
  /** What was asked of the server since the last call. */
  const drain = () => asked.splice(0);
  return { db, boxes: db.rows(boxesTable), items: db.rows(itemsTable), notifier, ingest, open, boxesReply, queue, drain };
}

function quietWarnings() {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  onTestFinished(() => warn.mockRestore());
  return warn;
}

describe('/user/topics/boxesByLotId', () => {
  it("replaces the lot's boxes: one gone on the server goes with its items; a box made offline, its scans and other lots' boxes stay", async () => {
    const { db, boxes, items, boxesReply, queue } = await setup();
    await boxes.bulkPut([makeBox(40, 5), makeBox(41, 5), makeBox(50, 6)]);
    await items.bulkPut([inBox(40, makeItem(400, '1')), inBox(41, makeItem(410, '2')), inBox(50, makeItem(500, '3'))]);
    const made = await queue(addBox.build({ lotId: 5, label: 'New' }));
    await queue(scan(made.tempId, '4'));

    await boxesReply(5, [makeBox(40, 5, { label: 'Renamed' }), makeBox(42, 5)]);
    expect(await boxesOf(db)).toEqual([[-1, 5, 'New', 1], [40, 5, 'Renamed', 0], [42, 5, 'B42', 0], [50, 6, 'B50', 0]]);
    expect(await itemsOf(db)).toEqual([[-2, -1, '4', 1, 1], [400, 40, '1', 1, 0], [500, 50, '3', 1, 0]]);
  });

  it('an empty list empties the lot its request named', async () => {
    const { db, boxes, items, boxesReply } = await setup();
    await boxes.bulkPut([makeBox(40, 5), makeBox(50, 6)]);
    await items.put(inBox(40, makeItem(400, '1')));
    await boxesReply(5, []);
    expect(await boxesOf(db)).toEqual([[50, 6, 'B50', 0]]);
    expect(await items.count()).toBe(0);
  });

  it("keeps the user's unsent weight and dimensions on top of the server's box", async () => {
    const { boxes, boxesReply, queue } = await setup();
    await boxes.put(makeBox(40, 5));
    await queue(updateBoxInfo.build({ box: makeBox(40, 5), info: { h: 10, w: 12, l: 14, lbs: 3, ozs: 4 } }));
    await boxesReply(5, [makeBox(40, 5, { label: 'Renamed elsewhere' })]);
    expect(await boxes.get(40)).toMatchObject({ label: 'Renamed elsewhere', h: 10, lbs: 3, ozs: 4, pending: 1, base: { label: 'Renamed elsewhere', h: 0 } });
  });

  it('a list that does not match the contract changes nothing', async () => {
    const { db, boxes, boxesReply } = await setup();
    const warn = quietWarnings();
    await boxes.put(makeBox(40, 5));
    await boxesReply(5, [{ id: -4, label: 'x' }]);
    expect(await boxesOf(db)).toEqual([[40, 5, 'B40', 0]]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('/app/addBoxToLot: ADDED_BOX_TO_LOT', () => {
  it('a box made offline takes its real id; what was scanned into it follows (rows and later entries); the lot is asked for again', async () => {
    const { db, items, ingest, open, queue, notifier, drain } = await setup();
    const made = await queue(addBox.build({ lotId: 5, label: 'Shelf' }));
    expect(made.tempId).toBe(-1);
    open(5);
    const first = await queue(scan(-1, '111'));
    await queue(scan(-1, '111', await items.get(first.tempId ?? 0)));
    await queue(scan(-1, '222'));
    drain();

    await ingest.incoming(okEnvelope(MessageType.ADDED_BOX_TO_LOT, makeBox(40, 5, { label: 'Shelf', boxNumber: 1 }), 'Added box: Shelf'), headers(made.clientMsgId));
    expect(await boxesOf(db)).toEqual([[40, 5, 'Shelf', 0]]);
    expect(await itemsOf(db)).toEqual([[-3, 40, '222', 1, 1], [-2, 40, '111', 2, 1]]);
    const scans = (await db.outbox.toArray()).filter((entry) => entry.destination === Destination.addUPCToBox);
    expect(scans.map((entry) => entry.body)).toEqual([{ upc: '111', boxId: 40 }, { upc: '111', boxId: 40 }, { upc: '222', boxId: 40 }]);
    // The tab stays on the box, now under its real id (LotEditScreen's useResolvedId reads this).
    expect(await readMeta(db, TEMP_IDS)).toEqual([[-1, 40]]);
    expect(drain()).toEqual([[Destination.getLotById, 5]]); // spec §4: adding a box refetches the lot
    expect(notifier.success).toHaveBeenCalledWith('Added box: Shelf');
  });

  it('of a lot made offline: the box is sent for the real lot once CREATED_MANIFEST has named it', async () => {
    const { db, ingest, queue } = await setup();
    const lot = await queue(createLot.build({ title: 'Pallet' }));
    await queue(addBox.build({ lotId: lot.tempId ?? 0, label: 'Shelf' }));
    await ingest.incoming(okEnvelope(MessageType.CREATED_MANIFEST, makeLot(5, 'Pallet'), 'Created manifest: Pallet'), headers(lot.clientMsgId));
    const box = (await db.outbox.toArray()).find((entry) => entry.destination === Destination.addBoxToLot);
    expect(box?.body).toEqual({ label: 'Shelf', manualManiestId: 5 });
    // Its pending row moved with it: the tab shows under the real lot at once, not after the box's own reply.
    expect(await boxesOf(db)).toEqual([[-2, 5, 'Shelf', 1]]);
  });
});

describe('/app/deleteBox: DELETED_BOX', () => {
  it('removes the box and its items, and asks for the lot again', async () => {
    const { db, boxes, items, ingest, open, queue, notifier, drain } = await setup();
    await boxes.bulkPut([makeBox(40, 5), makeBox(41, 5)]);
    await items.bulkPut([inBox(40, makeItem(100, '1')), inBox(40, makeItem(101, '2')), inBox(41, makeItem(200, '3'))]);
    const deleting = await queue(deleteBox.build(makeBox(40, 5)));
    expect(await boxes.get(40)).toMatchObject({ removed: 1, pending: 1 }); // hidden at once
    open(5);
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
    const { boxes, ingest, queue, notifier } = await setup();
    await boxes.put(makeBox(40, 5));
    const updating = await queue(updateBoxInfo.build({ box: makeBox(40, 5), info: { h: 10, w: 12, l: 14, lbs: 3, ozs: 4 } }));
    await ingest.incoming(
      okEnvelope(MessageType.UPDATED_BOX, makeBox(40, 5, { label: 'Shelf', h: 10, w: 12, l: 14, lbs: 3, ozs: 4 }), 'Updated box: Shelf'),
      headers(updating.clientMsgId),
    );
    expect(await boxes.get(40)).toMatchObject({ label: 'Shelf', h: 10, w: 12, l: 14, lbs: 3, ozs: 4, base: { label: 'Shelf', h: 10 } });
    expect(notifier.success).toHaveBeenCalledWith('Updated box: Shelf');
  });
});

describe('box ingest while nobody is signed in', () => {
  it('writes nothing', async () => {
    const { boxes, ingest, boxesReply } = await setup({ signedIn: false });
    await boxesReply(5, [makeBox(40, 5)]);
    const applying = ingest.incoming(okEnvelope(MessageType.UPDATED_BOX, makeBox(41, 5)), undefined);
    expect(applying).toBeInstanceOf(Promise);
    await applying;
    expect(await boxes.count()).toBe(0);
  });
});

// ------------------------------------------------------------------------------- through the live client

describe('a box made offline, then scans into it, sent when the server is reachable', () => {
  let server: ClientServer;
  beforeAll(async () => void (server = await startClientServer()), 60_000);
  afterAll(() => server?.stop());

  it('every scan reaches the server once, in order, naming the real box (the box reply and its RECEIPT come in one task)', async () => {
    const h = await createHarness(server);
    onTestFinished(h.unlink);
    const lot = await server.ask<Lot>(h.token, 'createManifest', 'Pallet');
    const [one, two] = [`${h.user}-1`, `${h.user}-2`];
    await server.seedCatalogue([{ upc: one, retailPrice: 10, wholesalePrice: 4, vendorName: 'Acme' }, { upc: two, retailPrice: 25, wholesalePrice: 4, vendorName: 'Acme' }]);
    await claimReplica(h.db, h.user);
    await h.db.rows(lotsTable).put(lot);
    // Lot edit is open on the lot; the box made offline is selected (no items are asked for it).
    onTestFinished(h.sync.queries.keep('getLotById', lot.id));
    onTestFinished(h.sync.queries.keep('getBoxesByLotId', lot.id));

    const box = await h.sync.enqueue(addBox.build({ lotId: lot.id, label: 'Shelf' }));
    for (const upc of [one, one, two, one, two]) await h.sync.enqueue(scan(box.tempId, upc, (await scanContext(box.tempId ?? 0, upc)).existing));
    expect(outboxSends(h)).toEqual([]);

    h.connection.open();
    await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 5000, interval: 5 });
    const [realBox] = await server.ask<Box[]>(h.token, 'getBoxesByLotId', lot.id);
    expect(h.wire.applied.map(({ destination, body }) => [destination, body])).toEqual([
      [Destination.addBoxToLot, { label: 'Shelf', manualManiestId: lot.id }],
      ...[one, one, two, one, two].map((upc) => [Destination.addUPCToBox, { upc, boxId: realBox?.id }]),
    ]);
    // Nothing was ever sent naming the temporary box, and nothing went twice.
    expect(outboxSends(h).map(({ destination }) => destination)).toEqual([Destination.addBoxToLot, ...Array<string>(5).fill(Destination.addUPCToBox)]);
    expect((await outboxSummary(h.db, h.user)).failed).toEqual([]);
    expect(await readMeta(h.db, TEMP_IDS)).toContainEqual([box.tempId, realBox?.id]); // the selected tab follows its box
    const { items } = await server.ask<{ items: BoxItem[] }>(h.token, 'getItemsByBoxId', realBox?.id);
    await vi.waitFor(async () => expect(await itemsOf(h.db)).toEqual(items.map((item) => [item.id, realBox?.id, item.upc, item.quantity, 0])));
    expect(items.map((item) => [item.upc, item.quantity])).toEqual([[one, 3], [two, 2]]);
    expect(await boxesOf(h.db)).toEqual([[realBox?.id, lot.id, 'Shelf', 0]]);
    await vi.waitFor(async () => expect(await h.db.rows(lotsTable).get(lot.id)).toMatchObject({ numberOfUnits: 5, totalOriginalRetail: 80 }));
  });
});
