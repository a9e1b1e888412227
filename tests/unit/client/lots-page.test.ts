// The Lots page's operations as its user sees them (spec §2, §4, §5, §8, §9): each change shows at once and is
// queued as one outbox entry; refused ones come back; replies and pushes from other sessions land in the
// replica; look-ups go only when they should; the filter keeps its defaults and its owner's rights. Round trips
// go to the real server (router, handlers, database) on an in-memory wire.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { domains } from '../../../src/domains';
import {
  allowedFilter, copyManifest, deleteLots, findLotsBySkus, LOTS_FILTER, lotLookups, lotsFilter, lotsTable, setLotCategories, setLotsFilter,
  suggestLots, updateLotLocation, updateLotStatus, updateManifest, updateManifests,
} from '../../../src/domains/lots';
import { REQUEST_ID_HEADER } from '../../../src/protocol/auth';
import { Destination } from '../../../src/protocol/destinations';
import { errorEnvelope, okEnvelope } from '../../../src/protocol/envelope';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { DEFAULT_LOTS_FILTER, type Lot } from '../../../src/protocol/lots';
import { MessageType } from '../../../src/protocol/message-types';
import { ClientMessages, ServerMessages } from '../../../src/protocol/messages';
import { createStatus, READY } from '../../../src/sync/feedback/status';
import { createIngest } from '../../../src/sync/ingest/dispatch';
import { enqueue, type Intent } from '../../../src/sync/outbox/outbox';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { claimReplica } from '../../../src/sync/replica/owner';
import { createMemoryStorage, createSettings } from '../../../src/sync/session/settings';
import { createQueries } from '../../../src/sync/transport/queries';
import { makeLot } from '../../support/factories';
import { startClientServer, type ClientServer } from './support/server';
import { createHarness, freshReplica, mockNotifier, uniqueUser, type Harness, type HarnessOptions } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

// The look-ups' answers are the page's, kept in memory: each test starts with none.
beforeEach(() => lotLookups.reset());

async function start(options: HarnessOptions = {}): Promise<Harness> {
  const harness = await createHarness(server, options);
  onTestFinished(harness.unlink);
  return harness;
}

/** A replica for alice holding the given lots, and what she has queued. */
async function offlineWith(...lots: Lot[]) {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  await db.rows(lotsTable).bulkPut(lots);
  const queue = (intent: Intent) => enqueue(db, 'alice', intent);
  const entries = async () => (await db.outbox.toArray()).map(({ destination, body, state }) => ({ destination, body, state }));
  return { db, queue, entries };
}

/** Ingest as the running client has it, for alice; `ask` sends a query whose answer then carries its request-id. */
function ingestFor() {
  const db = freshReplica();
  const notifier = mockNotifier();
  const status = createStatus();
  const published: Array<Readonly<Record<string, string>>> = [];
  const queries = createQueries((_destination, _body, headers) => published.push(headers) > 0);
  const settings = createSettings(createMemoryStorage());
  const ingest = createIngest({ db, feedback: { notifier, status }, settings, signedIn: () => ({ user: 'alice', isAdmin: false }), queries, domains });
  const ask = (filter: typeof DEFAULT_LOTS_FILTER) => {
    queries.send('getLots', filter);
    return { [REQUEST_ID_HEADER]: published.at(-1)?.[REQUEST_ID_HEADER] ?? '' };
  };
  return { db, notifier, status, ingest, ask };
}

const settled = (harness: Harness) =>
  vi.waitFor(async () => expect((await outboxSummary(harness.db, harness.user)).queued).toBe(0), { timeout: 5000, interval: 5 });
/** A lot of the harness's user, made on the server. */
const serverLot = (harness: Harness, title: string) => server.ask<Lot>(harness.token, 'createManifest', title);
const sentTo = (harness: Harness, destination: string) =>
  harness.connection.sent.filter((frame) => frame.destination === destination).map(({ body }) => body);

describe('changes on the Lots page show at once and queue one entry each', () => {
  it('Delete Lot hides the selected lots and queues one deleteLots with their ids', async () => {
    const { db, queue, entries } = await offlineWith(makeLot(1, 'a'), makeLot(2, 'b'), makeLot(3, 'c'));
    await queue(deleteLots.build({ ids: [1, 3] }));
    expect(await entries()).toEqual([{ destination: Destination.deleteLots, body: [{ id: 1 }, { id: 3 }], state: 'pending' }]);
    const rows = await db.rows(lotsTable).orderBy('id').toArray();
    expect(rows.map((lot) => [lot.id, lot.removed ?? 0, lot.pending ?? 0])).toEqual([[1, 1, 1], [2, 0, 0], [3, 1, 1]]);
  });

  it('Update Lot(s) Status shows the new status on every selected lot, in one updateLotStatus', async () => {
    const { db, queue, entries } = await offlineWith(makeLot(1, 'a'), makeLot(2, 'b'));
    await queue(updateLotStatus.build({ status: 'SHIPPED', ids: [1, 2] }));
    expect(await entries()).toEqual([{ destination: Destination.updateLotStatus, body: { status: 'SHIPPED', lotIds: [1, 2] }, state: 'pending' }]);
    expect((await db.rows(lotsTable).toArray()).map((lot) => [lot.status, lot.pending])).toEqual([['SHIPPED', 1], ['SHIPPED', 1]]);
  });

  it("the location dialog's Save Changes shows the location and sends only the lot id and location", async () => {
    const { db, queue, entries } = await offlineWith(makeLot(4, 'a'));
    await queue(updateLotLocation.build({ id: 4, loc_zone: 1, loc_aisle: 2, loc_column: 3, loc_row: 4, loc_box: 5 }));
    expect(await entries()).toEqual([
      { destination: Destination.updateLotLocation, body: { id: 4, loc_zone: 1, loc_aisle: 2, loc_column: 3, loc_row: 4, loc_box: 5 }, state: 'pending' },
    ]);
    expect(await db.rows(lotsTable).get(4)).toMatchObject({ loc_zone: 1, loc_box: 5, pending: 1 });
  });

  it('editing a numeric cell shows the number and sends only the lot id and that field', async () => {
    const { db, queue, entries } = await offlineWith(makeLot(4, 'a'));
    await queue(updateManifest.build({ id: 4, change: { numberOfUnits: 12 } }));
    expect(await entries()).toEqual([{ destination: Destination.updateManifest, body: { id: 4, numberOfUnits: 12 }, state: 'pending' }]);
    expect(await db.rows(lotsTable).get(4)).toMatchObject({ numberOfUnits: 12, titleListing: 'a', pending: 1 });
    expect(() => updateManifest.build({ id: 4, change: { numberOfUnits: -1 } })).toThrow('Units cannot be negative.');
    expect(() => updateManifest.build({ id: 4, change: {} })).toThrow(ServerMessages.nothingToChange);
    // A lot made offline is edited by its temporary id, which the outbox rewrites once the server has made it.
    expect(updateManifest.build({ id: -3, change: { numberOfUnits: 2 } })).toMatchObject({ body: { id: -3, numberOfUnits: 2 }, tempRefs: ['id'] });
    expect(updateManifests.build({ lots: [makeLot(-3, 'made offline')], categories: [7] })).toMatchObject({ body: [{ id: -3, categories: [7] }], tempRefs: ['0.id'] });
  });

  it('Select Categories sends only the lots whose categories change, and nothing when none do', async () => {
    const same = makeLot(1, 'a', 7, { categories: [5, 6] });
    const other = makeLot(2, 'b', 7, { categories: [5] });
    const { db, queue, entries } = await offlineWith(same, other);
    await queue(updateManifests.build({ lots: [same, other], categories: [6, 5] }));
    const [entry] = await entries();
    expect(entry?.destination).toBe(Destination.updateManifests);
    expect(entry?.body).toEqual([{ id: 2, categories: [6, 5] }]);
    expect((await db.rows(lotsTable).get(2))?.categories).toEqual([6, 5]);
    expect((await db.rows(lotsTable).get(1))?.pending).toBeUndefined();
    expect(await setLotCategories([same], [5, 6])).toBe(0); // the screen's path: nothing to queue
    expect(await entries()).toHaveLength(1);
  });

  it('Duplicate Lot queues one copyManifest with the lot id and shows nothing until the server answers', async () => {
    const { db, queue, entries } = await offlineWith(makeLot(9, 'a'));
    await queue(copyManifest.build({ id: 9 }));
    expect(await entries()).toEqual([{ destination: Destination.copyManifest, body: 9, state: 'pending' }]);
    expect(await db.rows(lotsTable).count()).toBe(1);
  });
});

describe('refused changes come back', () => {
  it('a delete the server refuses brings the lots back, with its message', async () => {
    const h = await start();
    const mine = await serverLot(h, 'mine');
    const bob = await server.account(uniqueUser('bob'));
    const notMine = await server.ask<Lot>(bob.token, 'createManifest', 'not mine');
    await claimReplica(h.db, h.user);
    await h.db.rows(lotsTable).bulkPut([mine, notMine]);
    await h.sync.enqueue(deleteLots.build({ ids: [mine.id, notMine.id] })); // all or nothing: the second is not the user's
    expect((await h.db.rows(lotsTable).toArray()).every((lot) => lot.removed === 1)).toBe(true);
    h.connection.open();
    await settled(h);
    expect(h.notifier.error).toHaveBeenCalledWith(ServerMessages.lotNotFoundOrNotOwned);
    expect(await server.ask<Lot>(h.token, 'getLotById', mine.id)).toMatchObject({ id: mine.id, titleListing: 'mine' });
    expect((await outboxSummary(h.db, h.user)).failed.map(({ lastError }) => lastError)).toEqual([ServerMessages.lotNotFoundOrNotOwned]);
    await vi.waitFor(async () => {
      const row = await h.db.rows(lotsTable).get(mine.id);
      expect(row?.titleListing).toBe('mine');
      expect(row?.removed).toBeUndefined();
    });
  });

  it("a delete the server accepts removes the rows and says 'Deleted lots: {count}'", async () => {
    const h = await start();
    const lots = [await serverLot(h, 'a'), await serverLot(h, 'b')];
    await claimReplica(h.db, h.user);
    await h.db.rows(lotsTable).bulkPut(lots);
    await h.sync.enqueue(deleteLots.build({ ids: lots.map((lot) => lot.id) }));
    h.connection.open();
    await settled(h);
    expect(h.notifier.success).toHaveBeenCalledWith('Deleted lots: 2');
    await vi.waitFor(async () => expect(await h.db.rows(lotsTable).count()).toBe(0));
  });
});

describe('replies and pushes land in the replica', () => {
  it('UPDATED_LOT and UPDATED_LOTS replace the lots with the server version', async () => {
    const { db, ingest, notifier } = ingestFor();
    await ingest.incoming(okEnvelope(MessageType.UPDATED_LOT, makeLot(1, 'one', 7, { loc_zone: 3 })), { 'client-msg-id': 'd:1' });
    await ingest.incoming(okEnvelope(MessageType.UPDATED_LOTS, [makeLot(2, 'two', 7, { status: 'SOLD' })]), { 'client-msg-id': 'd:2' });
    expect((await db.rows(lotsTable).orderBy('id').toArray()).map((lot) => [lot.id, lot.status, lot.loc_zone])).toEqual([[1, 'NOT_LISTED', 3], [2, 'SOLD', null]]);
    expect(notifier.info).not.toHaveBeenCalled();
  });

  it("COPIED_MANIFEST adds the copy and tells its lot number; FOUND_LOTS adds the lots and makes them the found set", async () => {
    const { db, ingest, notifier, status } = ingestFor();
    await ingest.incoming(okEnvelope(MessageType.COPIED_MANIFEST, makeLot(10, 'copy'), 'Copied manifest: LOT-000010'), { 'client-msg-id': 'd:3' });
    expect(notifier.success).toHaveBeenCalledWith(ServerMessages.copiedManifest('LOT-000010'));
    status.busy('Getting Lots by SKUs...');
    await ingest.incoming(okEnvelope(MessageType.FOUND_LOTS, [makeLot(12, 'x'), makeLot(11, 'y')], 'Found lots: 2 of 3'));
    expect(lotLookups.get().found).toEqual([12, 11]);
    expect(await db.rows(lotsTable).orderBy('id').primaryKeys()).toEqual([10, 11, 12]);
    expect(status.get().message).toBe(READY);
  });

  it('suggestions are kept for the search box, not stored as lots; a malformed list changes nothing', async () => {
    const { db, ingest } = ingestFor();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    await ingest.topic('lotSuggestions', [makeLot(3, 'abc')]);
    await ingest.topic('lotSuggestions', 'nope');
    expect(lotLookups.get().suggestions.map((lot) => lot.id)).toEqual([3]);
    expect(await db.rows(lotsTable).count()).toBe(0);
  });

  it("a lot changed in another session merges into the table with 'Table Lot Updated.', keeping the other rows untouched", async () => {
    const { db, ingest, notifier, ask } = ingestFor();
    await ingest.topic('lots', [makeLot(1, 'a'), makeLot(2, 'b')], ask(DEFAULT_LOTS_FILTER));
    const before = await db.rows(lotsTable).get(2);
    await ingest.incoming(okEnvelope(MessageType.UPDATED_LOTS, [makeLot(1, 'a', 7, { status: 'SHIPPED' }), makeLot(2, 'b')]));
    expect(notifier.info).toHaveBeenCalledWith(ClientMessages.tableLotUpdated);
    expect((await db.rows(lotsTable).get(1))?.status).toBe('SHIPPED');
    expect(await db.rows(lotsTable).get(2)).toEqual(before);
  });

  it('a pushed delete from another session removes the lots from the table', async () => {
    const { db, ingest, notifier } = ingestFor();
    await ingest.topic('lots', [makeLot(1, 'a'), makeLot(2, 'b')]);
    await ingest.incoming(okEnvelope(MessageType.DELETED_LOTS, [1], 'Deleted lots: 1'));
    expect(await db.rows(lotsTable).orderBy('id').primaryKeys()).toEqual([2]);
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
  it('suggestions are not requested at 2 characters and are at 3, and never offline', async () => {
    const h = await start();
    await suggestLots('abc'); // offline: the replica answers
    h.connection.open();
    await suggestLots('ab');
    expect(sentTo(h, Destination.getLotSuggestions)).toEqual([]);
    await suggestLots('abc');
    expect(sentTo(h, Destination.getLotSuggestions)).toEqual(['abc']);
    await h.wire.idle();
  });

  it('the suggestions reply reaches the search box through the lotSuggestions topic', async () => {
    const h = await start();
    const title = `abc pallet ${uniqueUser('s')}`;
    const lot = await serverLot(h, title);
    h.connection.open();
    await suggestLots(title);
    await vi.waitFor(() => expect(lotLookups.get().suggestions.map(({ id }) => id)).toEqual([lot.id]));
  });

  it('Multiple SKUs: no SKUs sends nothing; the parsed list is sent as is', async () => {
    const h = await start();
    h.connection.open();
    expect(findLotsBySkus([])).toBe(false);
    expect(h.notifier.alert).toHaveBeenCalledWith(ClientMessages.noSkus);
    expect(findLotsBySkus(['LOT-1', 'LOT-2'])).toBe(true);
    expect(sentTo(h, Destination.getLotsBySkus)).toEqual([['LOT-1', 'LOT-2']]);
    expect(ClientMessages.noSkus).toBe('No SKUs entered.');
    await h.wire.idle();
  });
});

describe('the lots filter', () => {
  it('starts with Not listed, Shipped and My Lots checked, Listed and Sold not (spec §9)', async () => {
    await start();
    expect(lotsFilter.get()).toMatchObject({ Not_Listed: true, Shipped: true, myLots: true, Listed: false, Sold: false });
  });

  it('is saved under lotsFilter and comes back on the next visit; a change asks the server nothing, the replica holds every lot', async () => {
    const h = await start();
    setLotsFilter({ ...DEFAULT_LOTS_FILTER, Listed: true }, false);
    expect(h.settings.get(LOTS_FILTER)).toMatchObject({ Listed: true });
    h.connection.open();
    // On connect the replica catches up on every lot the user may see (issue 18); the list filters it.
    await vi.waitFor(() => expect(sentTo(h, Destination.syncLots)).toEqual([{ after: '' }]));
    setLotsFilter({ ...DEFAULT_LOTS_FILTER, Listed: true, Sold: true }, false);
    await h.wire.idle();
    expect(sentTo(h, Destination.getLots)).toEqual([]);
    h.unlink();

    await start({ user: h.user, settings: h.settings }); // the next visit
    expect(lotsFilter.get()).toMatchObject({ Listed: true, Sold: true });
  });

  it('a user cannot toggle My Lots; an admin can', () => {
    const untick = { ...DEFAULT_LOTS_FILTER, myLots: false, Sold: true };
    expect(allowedFilter(untick, DEFAULT_LOTS_FILTER, false)).toEqual({ ...DEFAULT_LOTS_FILTER, Sold: true });
    expect(allowedFilter(untick, DEFAULT_LOTS_FILTER, true)).toEqual(untick);
  });
});
