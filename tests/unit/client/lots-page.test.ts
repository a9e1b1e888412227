// The Lots page's operations as its user sees them (spec §2, §4, §5, §8, §9): each change shows at once and is
// queued as one outbox entry; refused ones come back; replies and pushes from other sessions land in the
// replica; look-ups go only when they should; the filter keeps its defaults and its owner's rights.
import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { copyManifestIntent } from '../../../src/sync/intents/copy-manifest';
import { deleteLotsIntent } from '../../../src/features/lots/delete-lots';
import { updateLotLocationIntent } from '../../../src/features/lots/update-lot-location';
import { updateLotStatusIntent } from '../../../src/features/lots/update-lot-status';
import { updateManifestIntent } from '../../../src/sync/intents/update-manifest';
import { updateManifestsIntent } from '../../../src/sync/intents/update-manifests';
import { Destination } from '../../../src/protocol/destinations';
import { errorEnvelope, okEnvelope } from '../../../src/protocol/envelope';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { DEFAULT_LOTS_FILTER } from '../../../src/protocol/lots';
import { MessageType } from '../../../src/protocol/message-types';
import { Topic } from '../../../src/protocol/topics';
import { createIngest } from '../../../src/sync/ingest';
import { createLotLookups } from '../../../src/sync/lot-lookups';
import { allowedFilter } from '../../../src/sync/lots-filter';
import { createLotsQuery } from '../../../src/sync/lots-query';
import { enqueue, outboxSummary, type Intent } from '../../../src/sync/outbox';
import { claimReplica } from '../../../src/sync/replica-owner';
import { createMemoryStorage, createSettings } from '../../../src/sync/settings';
import { createStatus, READY } from '../../../src/sync/status';
import { makeLot } from './support/fake-server';
import { createHarness, freshReplica, mockNotifier, type Harness } from './support/sync-harness';
import { ClientMessages, ServerMessages } from '../../../src/protocol/messages';

function start(options: Parameters<typeof createHarness>[0] = {}): Harness {
  const harness = createHarness(options);
  onTestFinished(harness.unlink);
  return harness;
}

/** A replica for alice holding the given lots, and what she has queued. */
async function offlineWith(...lots: ReturnType<typeof makeLot>[]) {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  await db.lots.bulkPut(lots);
  const queue = (intent: Intent) => enqueue(db, 'alice', intent);
  const entries = async () => (await db.outbox.toArray()).map(({ destination, body, state }) => ({ destination, body, state }));
  return { db, queue, entries };
}

function ingestFor() {
  const db = freshReplica();
  const notifier = mockNotifier();
  const status = createStatus();
  const lookups = createLotLookups({ publish: () => true });
  const ingest = createIngest({ db, feedback: { notifier, status }, signedIn: () => ({ user: 'alice', isAdmin: false }), lookups });
  return { db, notifier, status, lookups, ingest };
}

const settled = (harness: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(harness.db, harness.user)).queued).toBe(0), { timeout: 3000, interval: 5 });

describe('changes on the Lots page show at once and queue one entry each', () => {
  it('Delete Lot hides the selected lots and queues one deleteLots with their ids', async () => {
    const { db, queue, entries } = await offlineWith(makeLot(1, 'a'), makeLot(2, 'b'), makeLot(3, 'c'));
    await queue(deleteLotsIntent({ ids: [1, 3] }));
    expect(await entries()).toEqual([{ destination: Destination.deleteLots, body: [{ id: 1 }, { id: 3 }], state: 'pending' }]);
    const rows = await db.lots.orderBy('id').toArray();
    expect(rows.map((lot) => [lot.id, lot.removed ?? 0, lot.pending ?? 0])).toEqual([[1, 1, 1], [2, 0, 0], [3, 1, 1]]);
  });

  it('Update Lot(s) Status shows the new status on every selected lot, in one updateLotStatus', async () => {
    const { db, queue, entries } = await offlineWith(makeLot(1, 'a'), makeLot(2, 'b'));
    await queue(updateLotStatusIntent({ status: 'SHIPPED', ids: [1, 2] }));
    expect(await entries()).toEqual([{ destination: Destination.updateLotStatus, body: { status: 'SHIPPED', lotIds: [1, 2] }, state: 'pending' }]);
    expect((await db.lots.toArray()).map((lot) => [lot.status, lot.pending])).toEqual([['SHIPPED', 1], ['SHIPPED', 1]]);
  });

  it("the location dialog's Save Changes shows the location and sends only the lot id and location", async () => {
    const { db, queue, entries } = await offlineWith(makeLot(4, 'a'));
    await queue(updateLotLocationIntent({ id: 4, loc_zone: 1, loc_aisle: 2, loc_column: 3, loc_row: 4, loc_box: 5 }));
    expect(await entries()).toEqual([
      { destination: Destination.updateLotLocation, body: { id: 4, loc_zone: 1, loc_aisle: 2, loc_column: 3, loc_row: 4, loc_box: 5 }, state: 'pending' },
    ]);
    expect(await db.lots.get(4)).toMatchObject({ loc_zone: 1, loc_box: 5, pending: 1 });
  });

  it('editing a numeric cell shows the number and sends the lot without the replica marks', async () => {
    const { db, queue, entries } = await offlineWith(makeLot(4, 'a'));
    const row = await db.lots.get(4);
    await queue(updateManifestIntent({ lot: { ...makeLot(4, 'a'), ...row, numberOfUnits: 12 } }));
    const [entry] = await entries();
    expect(entry).toMatchObject({ destination: Destination.updateManifest, body: { id: 4, numberOfUnits: 12 } });
    expect(entry?.body).not.toHaveProperty('pending');
    expect(await db.lots.get(4)).toMatchObject({ numberOfUnits: 12, pending: 1 });
    expect(() => updateManifestIntent({ lot: { ...makeLot(4, 'a'), numberOfUnits: -1 } })).toThrow(/numberOfUnits/);
  });

  it('Select Categories sends only the lots whose categories change, and nothing when none do', async () => {
    const same = makeLot(1, 'a', 7, { categories: [5, 6] });
    const other = makeLot(2, 'b', 7, { categories: [5] });
    const { db, queue, entries } = await offlineWith(same, other);
    const intent = updateManifestsIntent({ lots: [same, other], categories: [6, 5] });
    expect(intent).toBeDefined();
    if (intent !== undefined) await queue(intent);
    const [entry] = await entries();
    expect(entry?.destination).toBe(Destination.updateManifests);
    expect((entry?.body as Array<{ id: number; categories: number[] }>).map(({ id, categories }) => [id, categories])).toEqual([[2, [6, 5]]]);
    expect((await db.lots.get(2))?.categories).toEqual([6, 5]);
    expect((await db.lots.get(1))?.pending).toBeUndefined();
    expect(updateManifestsIntent({ lots: [same], categories: [5, 6] })).toBeUndefined();
  });

  it('Duplicate Lot queues one copyManifest with the lot id and shows nothing until the server answers', async () => {
    const { db, queue, entries } = await offlineWith(makeLot(9, 'a'));
    await queue(copyManifestIntent({ id: 9 }));
    expect(await entries()).toEqual([{ destination: Destination.copyManifest, body: 9, state: 'pending' }]);
    expect(await db.lots.count()).toBe(1);
  });
});

describe('refused changes come back', () => {
  it('a delete the server refuses brings the lots back, with its message', async () => {
    const h = start();
    h.server.lots.set(1, makeLot(1, 'mine'));
    await claimReplica(h.db, h.user);
    await h.db.lots.bulkPut([makeLot(1, 'mine'), makeLot(2, 'not mine')]);
    await enqueue(h.db, h.user, deleteLotsIntent({ ids: [1, 2] })); // all or nothing: 2 is not the user's
    expect((await h.db.lots.toArray()).every((lot) => lot.removed === 1)).toBe(true);
    h.connection.open();
    h.replayer.wake();
    await settled(h);
    expect(h.notifier.error).toHaveBeenCalledWith(ServerMessages.lotNotFoundOrNotOwned);
    expect(h.server.lots.has(1)).toBe(true);
    expect((await outboxSummary(h.db, h.user)).failed.map(({ lastError }) => lastError)).toEqual([ServerMessages.lotNotFoundOrNotOwned]);
    await vi.waitFor(async () => expect((await h.db.lots.get(1))?.removed).toBeUndefined());
  });

  it("a delete the server accepts removes the rows and says 'Deleted lots: {count}'", async () => {
    const h = start();
    h.server.lots.set(1, makeLot(1, 'a'));
    h.server.lots.set(2, makeLot(2, 'b'));
    await claimReplica(h.db, h.user);
    await h.db.lots.bulkPut([makeLot(1, 'a'), makeLot(2, 'b')]);
    await enqueue(h.db, h.user, deleteLotsIntent({ ids: [1, 2] }));
    h.connection.open();
    h.replayer.wake();
    await settled(h);
    expect(h.notifier.success).toHaveBeenCalledWith('Deleted lots: 2');
    await vi.waitFor(async () => expect(await h.db.lots.count()).toBe(0));
  });
});

describe('replies and pushes land in the replica', () => {
  it('UPDATED_LOT and UPDATED_LOTS replace the lots with the server version', async () => {
    const { db, ingest, notifier } = ingestFor();
    await ingest.incoming(okEnvelope(MessageType.UPDATED_LOT, makeLot(1, 'one', 7, { loc_zone: 3 })), { 'client-msg-id': 'd:1' });
    await ingest.incoming(okEnvelope(MessageType.UPDATED_LOTS, [makeLot(2, 'two', 7, { status: 'SOLD' })]), { 'client-msg-id': 'd:2' });
    expect((await db.lots.orderBy('id').toArray()).map((lot) => [lot.id, lot.status, lot.loc_zone])).toEqual([[1, 'NOT_LISTED', 3], [2, 'SOLD', null]]);
    expect(notifier.info).not.toHaveBeenCalled();
  });

  it("COPIED_MANIFEST adds the copy and tells its lot number; FOUND_LOTS adds the lots and makes them the found set", async () => {
    const { db, ingest, notifier, lookups, status } = ingestFor();
    await ingest.incoming(okEnvelope(MessageType.COPIED_MANIFEST, makeLot(10, 'copy'), 'Copied manifest: LOT-000010'), { 'client-msg-id': 'd:3' });
    expect(notifier.success).toHaveBeenCalledWith(ServerMessages.copiedManifest('LOT-000010'));
    status.busy('Getting Lots by SKUs...');
    await ingest.incoming(okEnvelope(MessageType.FOUND_LOTS, [makeLot(12, 'x'), makeLot(11, 'y')], 'Found lots: 2 of 3'));
    expect(lookups.get().found).toEqual([12, 11]);
    expect((await db.lots.orderBy('id').primaryKeys())).toEqual([10, 11, 12]);
    expect(status.get().message).toBe(READY);
  });

  it('suggestions are kept for the search box, not stored as lots; a malformed list changes nothing', async () => {
    const { db, ingest, lookups } = ingestFor();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    ingest.lotSuggestions([makeLot(3, 'abc')]);
    ingest.lotSuggestions('nope');
    expect(lookups.get().suggestions.map((lot) => lot.id)).toEqual([3]);
    expect(await db.lots.count()).toBe(0);
  });

  it("a lot changed in another session merges into the table with 'Table Lot Updated.', keeping the other rows untouched", async () => {
    const { db, ingest, notifier } = ingestFor();
    await ingest.lots([makeLot(1, 'a'), makeLot(2, 'b')], DEFAULT_LOTS_FILTER);
    const before = await db.lots.get(2);
    await ingest.incoming(okEnvelope(MessageType.UPDATED_LOTS, [makeLot(1, 'a', 7, { status: 'SHIPPED' }), makeLot(2, 'b')]));
    expect(notifier.info).toHaveBeenCalledWith(ClientMessages.tableLotUpdated);
    expect((await db.lots.get(1))?.status).toBe('SHIPPED');
    expect(await db.lots.get(2)).toEqual(before);
  });

  it('a pushed delete from another session removes the lots from the table', async () => {
    const { db, ingest, notifier } = ingestFor();
    await ingest.lots([makeLot(1, 'a'), makeLot(2, 'b')], undefined);
    await ingest.incoming(okEnvelope(MessageType.DELETED_LOTS, [1], 'Deleted lots: 1'));
    expect(await db.lots.orderBy('id').primaryKeys()).toEqual([2]);
    expect(notifier.info).toHaveBeenCalledWith(ClientMessages.tableLotUpdated);
  });

  it('a refusal on the lots page shows its message, with the not-found sound for NOT_FOUND', async () => {
    const { ingest, notifier } = ingestFor();
    await ingest.incoming(errorEnvelope(ErrorCode.NOT_FOUND, 'Lot not found.'));
    expect(notifier.error).toHaveBeenCalledWith('Lot not found.');
    expect(notifier.sound).toHaveBeenCalledWith('notFound');
  });
});

describe('look-ups are queries: sent only when they should be', () => {
  it('suggestions are not requested at 2 characters and are at 3, and never offline', () => {
    const h = start();
    expect(h.lotLookups.suggest('ab')).toBe(false); // offline
    h.connection.open();
    expect(h.lotLookups.suggest('ab')).toBe(false);
    expect(h.lotLookups.suggest('abc')).toBe(true);
    const asked = h.connection.sent.filter((frame) => frame.destination === Destination.getLotSuggestions);
    expect(asked).toEqual([{ destination: Destination.getLotSuggestions, body: 'abc' }]);
  });

  it('the suggestions reply reaches the search box through the lotSuggestions topic', async () => {
    const h = start();
    h.connection.deliver(Topic.lotSuggestions, [makeLot(5, 'abc pallet')]);
    await vi.waitFor(() => expect(h.lotLookups.get().suggestions.map((lot) => lot.id)).toEqual([5]));
  });

  it('Multiple SKUs: no SKUs sends nothing; the parsed list is sent as is', () => {
    const h = start();
    h.connection.open();
    expect(h.lotLookups.findBySkus([])).toBe(false);
    expect(h.lotLookups.findBySkus(['LOT-1', 'LOT-2'])).toBe(true);
    expect(h.connection.sent.filter((frame) => frame.destination === Destination.getLotsBySkus)).toEqual([
      { destination: Destination.getLotsBySkus, body: ['LOT-1', 'LOT-2'] },
    ]);
    expect(ClientMessages.noSkus).toBe('No SKUs entered.');
  });
});

describe('the lots filter', () => {
  it('starts with Not listed, Shipped and My Lots checked, Listed and Sold not (spec §9)', () => {
    const query = createLotsQuery({ publish: () => false, settings: createSettings(createMemoryStorage()) });
    expect(query.filter()).toMatchObject({ Not_Listed: true, Shipped: true, myLots: true, Listed: false, Sold: false });
  });

  it('is saved under lotsFilter and comes back on the next visit; changed offline, it is asked for on reconnect', () => {
    const settings = createSettings(createMemoryStorage());
    const sent: unknown[] = [];
    let online = false;
    const query = createLotsQuery({ publish: (_destination, body) => online && sent.push(body) > 0, settings });
    query.setFilter({ ...DEFAULT_LOTS_FILTER, Listed: true });
    expect(sent).toEqual([]); // offline: the replica shows it, nothing is sent
    expect(settings.get('lotsFilter')).toMatchObject({ Listed: true });
    online = true;
    expect(query.fetch()).toBe(true);
    expect(sent).toEqual([{ ...DEFAULT_LOTS_FILTER, Listed: true }]);
    expect(createLotsQuery({ publish: () => false, settings }).filter()).toMatchObject({ Listed: true });
  });

  it('a user cannot toggle My Lots; an admin can', () => {
    const untick = { ...DEFAULT_LOTS_FILTER, myLots: false, Sold: true };
    expect(allowedFilter(untick, DEFAULT_LOTS_FILTER, false)).toEqual({ ...DEFAULT_LOTS_FILTER, Sold: true });
    expect(allowedFilter(untick, DEFAULT_LOTS_FILTER, true)).toEqual(untick);
  });
});
