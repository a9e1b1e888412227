// The listing and unlisting queues (spec §4: one request at a time, the next when the previous listing-created
// reply arrives, a progress dialog until 'All lots added to WC' / 'All lots unlisted on WC'), on the real server
// and the embedded store: each lot is its own outbox entry, so offline they wait and then arrive once, in order;
// a lot the server refuses is reported by its number and the rest go on.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lotsTable } from '../../../src/domains/lots';
import { closeQueue, listingQueue, startListing, startUnlisting, type QueuedLot } from '../../../src/features/listing/listing-queue';
import { Destination } from '../../../src/protocol/destinations';
import type { Note } from '../../../src/protocol/listings';
import { LotStatus, type Lot } from '../../../src/protocol/lots';
import { ListingManagerMessages, ListingMessages, ServerMessages } from '../../../src/protocol/messages';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { runSummary } from '../../../src/ui/outbox-run';
import { followQueue } from './support/listing-queue';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness, uniqueUser, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());
beforeEach(() => closeQueue());

const WAIT = { timeout: 15_000, interval: 5 };

/** A user with three lots and a template, all made on the server. */
async function seller() {
  const h = await startHarness(server);
  const lots: Lot[] = [];
  for (const title of ['Pallet A', 'Pallet B', 'Pallet C']) lots.push(await server.ask<Lot>(h.token, 'createManifest', `${title} ${h.user}`));
  const template = await server.ask<Note>(h.token, 'createNote', { id: 0, label: `template_${h.user}`, data: '<h2>{{title}}</h2><p>{{lotNumber}}</p>' });
  await h.db.rows(lotsTable).bulkPut(lots);
  const choice = { templateId: template.id, qnt: 0, free_shipping: true };
  const statuses = async () => Promise.all(lots.map(async (lot) => (await server.ask<Lot>(h.token, 'getLotById', lot.id)).status));
  return { h, lots, choice, statuses };
}

const listSends = (h: Harness, destination: string) => outboxSends(h).filter((send) => send.destination === destination);

describe('the listing queue (/app/listOnWC, one lot at a time)', () => {
  it('lists every selected lot, sending the next only after the previous reply, until "All lots added to WC"', async () => {
    const { h, lots, choice, statuses } = await seller();
    h.connection.open();
    h.wire.holding = true;
    await startListing(lots, choice);
    await vi.waitFor(() => expect(listSends(h, Destination.listOnWC)).toHaveLength(1), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listSends(h, Destination.listOnWC)).toHaveLength(1); // the second waits for the first reply
    h.wire.holding = false;
    h.wire.release();
    const { summary, report } = await followQueue(h);
    expect(summary).toMatchObject({ total: 3, done: 3, refused: 0 });
    expect(report.message).toBe(ListingManagerMessages.allListed);
    expect(listSends(h, Destination.listOnWC).map((send) => send.body)).toEqual(lots.map((lot) => ({ ...choice, manifestId: lot.id, auction: false })));
    expect(await statuses()).toEqual([LotStatus.LISTED, LotStatus.LISTED, LotStatus.LISTED]);
    expect(h.notifier.success).toHaveBeenCalledWith(ListingMessages.created(lots[2]?.lotNumber ?? ''));
    const stored = await h.db.rows(lotsTable).bulkGet(lots.map((lot) => lot.id));
    expect(stored.map((lot) => [lot?.status, lot?.slug !== null])).toEqual([[LotStatus.LISTED, true], [LotStatus.LISTED, true], [LotStatus.LISTED, true]]);
  });

  it('offline: the lots are queued on the device, then arrive once each, in order, when the connection is back', async () => {
    const { h, lots, choice, statuses } = await seller();
    await startListing(lots, choice);
    expect(runSummary(listingQueue.current())).toMatchObject({ total: 3, waiting: 3, finished: false });
    expect((await outboxSummary(h.db, h.user)).queued).toBe(3);
    expect(listSends(h, Destination.listOnWC)).toEqual([]);
    expect((await h.db.rows(lotsTable).get(lots[0]?.id ?? 0))?.status).toBe(LotStatus.LISTED); // shown at once, pending

    h.connection.open();
    const { report } = await followQueue(h);
    expect(report.message).toBe(ListingManagerMessages.allListed);
    expect(h.wire.applied.filter(({ destination }) => destination === Destination.listOnWC).map(({ body }) => (body as { manifestId: number }).manifestId))
      .toEqual(lots.map((lot) => lot.id));
    expect(await statuses()).toEqual([LotStatus.LISTED, LotStatus.LISTED, LotStatus.LISTED]);
  });

  it('reports a lot that fails by its number, and the rest go on', async () => {
    const { h, lots, choice, statuses } = await seller();
    const other = await startHarness(server, { user: uniqueUser('bob'), page: false });
    const notMine = await server.ask<Lot>(other.token, 'createManifest', 'Not yours');
    const [first, second, third] = lots;
    if (first === undefined || second === undefined || third === undefined) throw new Error('three lots');
    const queued: QueuedLot[] = [first, notMine, second, third];
    h.connection.open();
    await startListing(queued, choice);
    const { summary, report } = await followQueue(h);
    expect(summary).toMatchObject({ total: 4, done: 3, refused: 1 });
    expect(report.message).toBe(ListingManagerMessages.someFailed(1, 4));
    expect(report.failed).toEqual([ListingManagerMessages.lotFailed(notMine.lotNumber, ServerMessages.lotNotFoundOrNotOwned)]);
    expect(await statuses()).toEqual([LotStatus.LISTED, LotStatus.LISTED, LotStatus.LISTED]);
    // The refusal is told in the report: it leaves the outbox.
    await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).failed).toEqual([]), WAIT);
  });
});

describe('the unlisting queue (/app/deleteWCListingByManifestId, one lot at a time)', () => {
  it('unlists every lot until "All lots unlisted on WC", each saying "Unlisted from WC: {lotNumber}" and "Deleted Listing"', async () => {
    const { h, lots, choice, statuses } = await seller();
    h.connection.open();
    await startListing(lots, choice);
    await followQueue(h);
    closeQueue();
    const listed = await h.db.rows(lotsTable).bulkGet(lots.map((lot) => lot.id));
    await startUnlisting(listed.flatMap((lot) => (lot === undefined ? [] : [lot])));
    const { summary, report } = await followQueue(h);
    expect(summary).toMatchObject({ total: 3, done: 3 });
    expect(report.message).toBe(ListingManagerMessages.allUnlisted);
    expect(await statuses()).toEqual([LotStatus.NOT_LISTED, LotStatus.NOT_LISTED, LotStatus.NOT_LISTED]);
    expect(h.notifier.success).toHaveBeenCalledWith(ListingMessages.unlisted(lots[0]?.lotNumber ?? ''));
    expect(h.sync.status.get().message).toBe(ListingMessages.deleted);
    expect(listSends(h, Destination.deleteWCListingByManifestId).map((send) => send.body)).toEqual(lots.map((lot) => lot.id));
  });

  it('says to wait while a queue is on its way, and starts nothing', async () => {
    const { h, lots, choice } = await seller();
    await startListing(lots, choice);
    await startUnlisting(lots);
    expect(listingQueue.current().kind).toBe('list');
    expect((await outboxSummary(h.db, h.user)).queued).toBe(3);
    h.connection.open();
    await followQueue(h);
  });
});
