// The auction listing manager's List (spec §2 Auctions, §3 Auction listing request, §4 "Auction listing also queues one
// by one until 'All lots added to WC'", §5): the selected auction rows go as listAuctionOnWC, one outbox entry each, on
// the real server and the embedded store. Offline the rows show LISTED at once and wait; on reconnect each arrives
// once, in sale order, and the rows' lots end LISTED. With no row, or no template, nothing is queued.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auctionManifestsTable, readAuctionRows } from '../../../src/domains/auctions';
import { lotsTable } from '../../../src/domains/lots';
import { closeQueue, listingQueue, type ListingChoice } from '../../../src/features/listing/listing-queue';
import { listChosen } from '../../../src/features/listing/use-listing-manager';
import { Destination } from '../../../src/protocol/destinations';
import type { AuctionEvent, AuctionEventManifest } from '../../../src/protocol/entities';
import type { Note } from '../../../src/protocol/listings';
import { LotStatus, type Lot } from '../../../src/protocol/lots';
import { ClientMessages, ListingManagerMessages } from '../../../src/protocol/messages';
import { setNotifier } from '../../../src/sync/feedback/notifier';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { runSummary } from '../../../src/ui/outbox-run';
import { followQueue } from './support/listing-queue';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());
beforeEach(() => closeQueue());

const WAIT = { timeout: 15_000, interval: 5 };

/**
 * An auctioneer's event of three titled and priced rows and a template, all made on the server; the rows are in the
 * replica as the Auctions screen loads them, their lots not (that screen never loads the lots table).
 */
async function auctioneer() {
  const h = await startHarness(server);
  setNotifier(h.notifier); // the app has one notifier: the manager's warnings and the replies speak through it
  const lots: Lot[] = [];
  for (const title of ['Oak chair', 'Pine table', 'Brass lamp']) lots.push(await server.ask<Lot>(h.token, 'createManifest', `${title} ${h.user}`));
  const event = await server.ask<AuctionEvent>(h.token, 'createAuctionEvent', { label: `Sale ${h.user}` });
  await server.ask(h.token, 'addManifestsToAuctionEvent', { auctionEventId: event.id, manifestIds: lots.map((lot) => lot.id) });
  const added = await server.ask<AuctionEventManifest[]>(h.token, 'getAuctionEventManifestsByEventId', event.id);
  const edits = added.map((row, index) => ({ id: row.id, auctionTitle: `Auction ${row.manifest.titleListing}`, startingPrice: 10 + index }));
  await server.ask(h.token, 'updateAuctionEventManifests', edits);
  const rows = await server.ask<AuctionEventManifest[]>(h.token, 'getAuctionEventManifestsByEventId', event.id);
  await h.db.rows(auctionManifestsTable).bulkPut(rows);
  const template = await server.ask<Note>(h.token, 'createNote', { id: 0, label: `template_${h.user}`, data: '<h2>{{title}}</h2><p>{{lotNumber}}</p>' });
  const choice = (templateId: number): ListingChoice => ({ templateId, qnt: 0, free_shipping: true });
  return { h, event, rows, template, choice };
}

/** What List is given on the Auctions screen: the rows' lots, and each lot's row by its id. */
const selection = (rows: readonly AuctionEventManifest[]) => ({ lots: rows.map((row) => row.manifest), auctionRows: new Map(rows.map((row) => [row.manifest.id, row])) });

const auctionSends = (h: Harness) => outboxSends(h).filter((send) => send.destination === Destination.listAuctionOnWC);

describe('/app/listAuctionOnWC from the auction listing manager', () => {
  it('lists three rows chosen offline: shown LISTED at once, then on reconnect each sent once, in order, until "All lots added to WC"', async () => {
    const { h, event, rows, template, choice } = await auctioneer();
    const { lots, auctionRows } = selection(rows);
    expect(listChosen(lots, auctionRows, template.id, choice)).toBe(true);
    await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(3), WAIT);
    expect(runSummary(listingQueue.current())).toMatchObject({ total: 3, waiting: 3, finished: false });
    expect(listingQueue.current().kind).toBe('auction');
    expect(auctionSends(h)).toEqual([]);
    // Shown at once on the rows the Auctions screen reads, pending until the server answers.
    expect((await readAuctionRows(h.db, event.id)).map((row) => [row.manifest.status, row.pending])).toEqual(rows.map(() => [LotStatus.LISTED, 1]));

    h.connection.open();
    const { summary, report } = await followQueue(h);
    expect(summary).toMatchObject({ total: 3, done: 3, refused: 0 });
    expect(report.message).toBe(ListingManagerMessages.allListed);
    // Once each (no resend), in sale order, each naming its row.
    expect(auctionSends(h).map((send) => send.body)).toEqual(rows.map((row) => ({ auctionEventManifestId: row.id, templateId: template.id, quantity: 0, free_shipping: true })));
    expect(h.wire.applied.filter(({ destination }) => destination === Destination.listAuctionOnWC).map(({ body }) => (body as { auctionEventManifestId: number }).auctionEventManifestId))
      .toEqual(rows.map((row) => row.id));
    // The server's lots and the store's products: listed under the auction titles at the starting prices.
    for (const row of rows) {
      expect((await server.ask<Lot>(h.token, 'getLotById', row.manifest.id)).status).toBe(LotStatus.LISTED);
      expect(await server.services.store.findBySku(row.manifest.lotNumber)).toMatchObject({ name: row.auctionTitle, regularPrice: (row.startingPrice ?? 0).toFixed(2) });
    }
    // The replica: the rows hold the server's listed lots (no longer pending), and so does the lots table.
    await vi.waitFor(async () => expect((await readAuctionRows(h.db, event.id)).map((row) => [row.manifest.status, row.manifest.slug !== null, row.pending === 1]))
      .toEqual(rows.map(() => [LotStatus.LISTED, true, false])), WAIT);
    const stored = await h.db.rows(lotsTable).bulkGet(lots.map((lot) => lot.id));
    expect(stored.map((lot) => lot?.status)).toEqual([LotStatus.LISTED, LotStatus.LISTED, LotStatus.LISTED]);
  });

  it('says "Please select at least one lot to list" with no row and "Please select a template first" without a template, queueing nothing', async () => {
    const { h, rows, template, choice } = await auctioneer();
    const none = selection([]);
    expect(listChosen(none.lots, none.auctionRows, template.id, choice)).toBe(false);
    expect(h.notifier.warning).toHaveBeenLastCalledWith(ListingManagerMessages.selectAtLeastOneLotToList);
    const { lots, auctionRows } = selection(rows);
    expect(listChosen(lots, auctionRows, undefined, choice)).toBe(false);
    expect(h.notifier.warning).toHaveBeenLastCalledWith(ListingManagerMessages.selectTemplateFirst);
    // The lots page keeps its own words (spec §5).
    expect(listChosen([], undefined, template.id, choice)).toBe(false);
    expect(h.notifier.warning).toHaveBeenLastCalledWith(ClientMessages.selectLotFirst);
    expect((await outboxSummary(h.db, h.user)).queued).toBe(0);
    expect(runSummary(listingQueue.current())).toBeUndefined();
  });
});
