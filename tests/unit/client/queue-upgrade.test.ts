// Issue 32: a queue made offline under the previous release arrives once, in order, after the app is updated. The
// queue is written as version 1 wrote it (entries carry no protocol version): a lot, its box, a scan into it, an
// inventory event with a count of a lot the device does not hold, and an image upload. The tab closes; today's app
// opens the same IndexedDB, reads each entry as the version it was written in and replays it. The real router,
// handlers and a PGlite database answer through the in-memory wire (the upload through the stand-in HTTP route).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addBox } from '../../../src/domains/boxes';
import { createInventoryEvent, createManifestHistory } from '../../../src/domains/inventory';
import { addUpc } from '../../../src/domains/items';
import { createLot } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import { ApiPath } from '../../../src/protocol/http';
import { CrudType } from '../../../src/protocol/catalogue';
import type { Lot } from '../../../src/protocol/lots';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { newUpc } from '../../support/catalogue';
import { startClientServer, type ClientServer } from './support/server';
import { startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const settled = (h: Harness) => vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), { timeout: 10_000, interval: 5 });
const AT = { zone: 1, aisle: 1, column: 1, row: 1, bin: 1 };

describe('a queue written by the previous release', () => {
  it("is replayed by today's app once, in order, as the person made it", { timeout: 30_000 }, async () => {
    const before = await startHarness(server);
    const counted = await server.ask<Lot>(before.token, 'createManifest', 'Counted on the floor');
    const upc = newUpc();
    await server.ask(before.token, 'processUPCCrudRequest', { crudType: CrudType.CREATE, upcEntries: [{ id: 0, upc, itemDescription: 'Kettle' }] });
    const { sync } = before;
    const lot = (await sync.enqueue(createLot.build({ title: 'Made before the update' }))).tempId ?? 0;
    const box = (await sync.enqueue(addBox.build({ lotId: lot, label: 'A1' }))).tempId ?? 0;
    await sync.enqueue(addUpc.build({ boxId: box, upc, existing: undefined, known: undefined }));
    const event = (await sync.enqueue(createInventoryEvent.build({ label: 'Count before the update' }))).tempId ?? 0;
    await sync.enqueue(createManifestHistory.build({ eventId: event, lot: { id: 0, lotNumber: counted.lotNumber, status: 'NOT_LISTED' }, location: AT, alreadyCounted: false }));
    await sync.enqueueUpload({ url: ApiPath.uploadFile, file: new File(['jpeg bytes'], 'shelf.jpg', { type: 'image/jpeg' }), fields: { UPC: upc } });
    // As version 1 stored them: no version recorded.
    await before.db.outbox.toCollection().modify((entry) => void delete (entry as { protocol?: number }).protocol);
    expect((await before.db.outbox.toArray()).map((entry) => entry.protocol)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    before.unlink(); // the old tab is gone

    const today = await startHarness(server, { db: before.db, user: before.user });
    today.connection.open();
    await settled(today);
    const mine = today.wire.applied; // both channels, in the order applied
    expect(mine.map(({ destination }) => destination)).toEqual([
      Destination.createManifest, Destination.addBoxToLot, Destination.addUPCToBox, Destination.createInventoryEvent, Destination.createManifestHistory, ApiPath.uploadFile,
    ]);
    expect(new Set(mine.map(({ clientMsgId }) => clientMsgId)).size).toBe(6);
    const history = await server.ask<Array<{ lotNumber: string }>>(today.token, 'getManifestHistory', { inventoryEventId: 0, manifestId: counted.id });
    expect(history.map((entry) => entry.lotNumber)).toEqual([counted.lotNumber]);
  });
});
