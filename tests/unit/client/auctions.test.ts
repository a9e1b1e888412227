// Issue 17 on the device: an auction event made offline, lots added to it (the Lots page's Auction column following),
// rows edited, moved up and down (each move showing at once) and removed; when the connection returns everything
// reaches the server once, in order, naming the real event. The real router, handlers and a PGlite database answer
// through the in-memory wire.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addManifestsToAuctionEvent, auctionEventsTable, createAuctionEvent, deleteAuctionEventManifests, moveDownManifest, movedSortOrder,
  moveUpManifest, placedSortOrder, placeManifest, readAuctionEvents, readAuctionRows, updateAuctionEvent, updateAuctionEventManifest,
} from '../../../src/domains/auctions';
import { lotsTable } from '../../../src/domains/lots';
import { Destination } from '../../../src/protocol/destinations';
import type { AuctionEventManifest } from '../../../src/protocol/entities';
import type { Lot } from '../../../src/protocol/lots';
import { AuctionMessages, AuctionScreenMessages } from '../../../src/protocol/messages';
import { outboxSummary } from '../../../src/sync/outbox/summary';
import { auctionText } from '../../../src/ui/lot-display';
import { startClientServer, type ClientServer } from './support/server';
import { outboxSends, startHarness, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

const WAIT = { timeout: 10_000, interval: 5 };
const settled = (h: Harness) => vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), WAIT);

async function lots(h: Harness, ...titles: string[]): Promise<Lot[]> {
  const made: Lot[] = [];
  for (const title of titles) made.push(await server.ask<Lot>(h.token, 'createManifest', title));
  await h.db.rows(lotsTable).bulkPut(made);
  return made;
}

const titles = async (h: Harness, eventId: number) => (await readAuctionRows(h.db, eventId)).map((row) => row.manifest.titleListing);

describe('movedSortOrder', () => {
  const rows = [{ id: 1, sortOrder: 1 }, { id: 2, sortOrder: 2 }, { id: 3, sortOrder: 3 }];
  it('puts the row between its new neighbours, past the end by one, and nowhere at its end already', () => {
    expect(movedSortOrder(rows, 3, -1)).toBe(1.5);
    expect(movedSortOrder(rows, 2, -1)).toBe(0);
    expect(movedSortOrder(rows, 1, 1)).toBe(2.5);
    expect(movedSortOrder(rows, 1, -1)).toBeUndefined();
    expect(movedSortOrder(rows, 3, 1)).toBeUndefined();
    expect(movedSortOrder(rows, 9, 1)).toBeUndefined();
  });
});

describe('placedSortOrder', () => {
  const rows = [{ id: 1, sortOrder: 1 }, { id: 2, sortOrder: 2 }, { id: 3, sortOrder: 3 }, { id: 4, sortOrder: 4 }];
  it('puts a dropped row between its new neighbours, before the first, after the last, and nowhere when it stays', () => {
    expect(placedSortOrder(rows, 4, 1)).toBe(1.5);
    expect(placedSortOrder(rows, 1, 2)).toBe(3.5);
    expect(placedSortOrder(rows, 3, 0)).toBe(0);
    expect(placedSortOrder(rows, 1, 3)).toBe(5);
    expect(placedSortOrder(rows, 2, 1)).toBeUndefined();
    expect(placedSortOrder(rows, 2, 4)).toBeUndefined();
    expect(placedSortOrder(rows, 9, 0)).toBeUndefined();
  });
});

describe('/app/addManifestsToAuctionEvent', () => {
  it('refuses on the device without an event or lots (§5), and the added lots carry their entry', async () => {
    const h = await startHarness(server);
    const [a, b] = await lots(h, 'Oak chair', 'Pine table');
    if (a === undefined || b === undefined) throw new Error('seed');
    expect(() => addManifestsToAuctionEvent.build({ eventId: undefined, lotIds: [a.id] })).toThrow(AuctionMessages.selectEventAndLots);
    expect(() => addManifestsToAuctionEvent.build({ eventId: 0, lotIds: [a.id] })).toThrow(AuctionMessages.selectEventAndLots);
    const event = await server.ask<{ id: number }>(h.token, 'createAuctionEvent', { label: 'Online' });
    expect(() => addManifestsToAuctionEvent.build({ eventId: event.id, lotIds: [] })).toThrow(AuctionMessages.selectEventAndLots);
    h.connection.open();
    h.sync.queries.send('getAllAuctionEvents', {});
    await vi.waitFor(async () => expect((await readAuctionEvents(h.db)).map((each) => each.id)).toContain(event.id), WAIT);
    await h.sync.enqueue(addManifestsToAuctionEvent.build({ eventId: event.id, lotIds: [a.id, b.id] }));
    await settled(h);
    const lot = await h.db.rows(lotsTable).get(a.id);
    expect(lot === undefined ? '' : auctionText(lot)).toMatch(/^Online:\d+$/); // the event's name until the row has a title
    expect(h.notifier.success).toHaveBeenCalledWith(AuctionMessages.added);
  });
});

describe('an auction catalogue made offline', () => {
  it('shows the event, moves and edits at once, and sends them once each, in order, naming the real event', async () => {
    const h = await startHarness(server);
    const [a, b, c] = await lots(h, 'A lot', 'B lot', 'C lot');
    if (a === undefined || b === undefined || c === undefined) throw new Error('seed');
    const temp = (await h.sync.enqueue(createAuctionEvent.build({ label: ' ' , now: new Date(2027, 2, 1, 17, 0) }))).tempId ?? 0;
    expect(temp).toBeLessThan(0);
    const [shown] = await readAuctionEvents(h.db);
    expect(shown).toMatchObject({ id: temp, title: new Date(2027, 2, 1, 17, 0).toLocaleString(), pending: 1 });
    await h.sync.enqueue(addManifestsToAuctionEvent.build({ eventId: temp, lotIds: [a.id, b.id, c.id] }));
    h.connection.open();
    await settled(h);
    const real = (await readAuctionEvents(h.db)).find((each) => each.title === shown?.title)?.id ?? 0;
    expect(real).toBeGreaterThan(0);
    h.sync.queries.send('getAuctionEventManifestsByEventId', real);
    await vi.waitFor(async () => expect(await titles(h, real)).toEqual(['A lot', 'B lot', 'C lot']), WAIT);

    // Offline: C up twice, A down once, each shown at once; an edit and a removal wait too.
    h.connection.close();
    const rows = () => readAuctionRows(h.db, real);
    const idOf = async (title: string) => (await rows()).find((row) => row.manifest.titleListing === title)?.id ?? 0;
    const cId = await idOf('C lot');
    await h.sync.enqueue(moveUpManifest.build({ id: cId, rows: await rows() }));
    expect(await titles(h, real)).toEqual(['A lot', 'C lot', 'B lot']);
    await h.sync.enqueue(moveUpManifest.build({ id: cId, rows: await rows() }));
    expect(await titles(h, real)).toEqual(['C lot', 'A lot', 'B lot']);
    const aId = await idOf('A lot');
    await h.sync.enqueue(moveDownManifest.build({ id: aId, rows: await rows() }));
    expect(await titles(h, real)).toEqual(['C lot', 'B lot', 'A lot']);
    await h.sync.enqueue(updateAuctionEventManifest.build({ id: aId, auctionTitle: 'Solid oak chair', startingPrice: 12.5 }));
    expect((await rows()).find((row) => row.id === aId)).toMatchObject({ auctionTitle: 'Solid oak chair', startingPrice: 12.5, pending: 1 });
    const bId = await idOf('B lot');
    await h.sync.enqueue(deleteAuctionEventManifests.build([bId]));
    expect(await titles(h, real)).toEqual(['C lot', 'A lot']);
    expect(() => deleteAuctionEventManifests.build([])).toThrow(AuctionScreenMessages.noRowsSelected);
    await h.sync.enqueue(updateAuctionEvent.build({ id: real, title: 'Spring sale', startTime: null, endTime: null, createdAt: null }));
    expect((await h.db.rows(auctionEventsTable).get(real))?.title).toBe('Spring sale');

    h.connection.open();
    await settled(h);
    // Topic replies carry no errorCode, so the wire's applied list misses them: the sends say it (no drop: once each).
    expect(outboxSends(h).map(({ destination }) => destination)).toEqual([
      Destination.createAuctionEvent, Destination.addManifestsToAuctionEvent,
      Destination.moveUpManifestInAuctionEvent, Destination.moveUpManifestInAuctionEvent, Destination.moveDownManifestInAuctionEvent,
      Destination.updateAuctionEventManifests, Destination.deleteAuctionEventManifests, Destination.updateAuctionEvent,
    ]);
    expect(outboxSends(h)[1]?.body).toEqual({ auctionEventId: real, manifestIds: [a.id, b.id, c.id] });
    const onServer = await server.ask<AuctionEventManifest[]>(h.token, 'getAuctionEventManifestsByEventId', real);
    expect(onServer.map((row) => [row.manifest.titleListing, row.auctionTitle, row.startingPrice]))
      .toEqual([['C lot', '', 0], ['A lot', 'Solid oak chair', 12.5]]);
    await vi.waitFor(async () => expect((await rows()).map((row) => [row.manifest.titleListing, row.pending === 1])).toEqual([['C lot', false], ['A lot', false]]), WAIT);
    // The Lots page's Auction column follows: the edited title, and the removed lot no longer names the event.
    await vi.waitFor(async () => expect(auctionText((await h.db.rows(lotsTable).get(a.id)) ?? a)).toMatch(/^Solid oak chair:\d+$/), WAIT);
    await vi.waitFor(async () => expect((await h.db.rows(lotsTable).get(b.id))?.auctionEventManifests).toEqual([]), WAIT);
  });
});

describe('a sale ordered by dragging, offline', () => {
  it('shows each drop at once and sends each once, in order, as its place; the server numbers the sale 1..N', async () => {
    const h = await startHarness(server);
    const made = await lots(h, 'Drag A', 'Drag B', 'Drag C', 'Drag D');
    const event = await server.ask<{ id: number }>(h.token, 'createAuctionEvent', { label: 'Dragged sale' });
    await server.ask(h.token, 'addManifestsToAuctionEvent', { auctionEventId: event.id, manifestIds: made.map((lot) => lot.id) });
    h.connection.open();
    h.sync.queries.send('getAuctionEventManifestsByEventId', event.id);
    await vi.waitFor(async () => expect(await titles(h, event.id)).toEqual(['Drag A', 'Drag B', 'Drag C', 'Drag D']), WAIT);

    h.connection.close();
    const rows = () => readAuctionRows(h.db, event.id);
    const idOf = async (title: string) => (await rows()).find((row) => row.manifest.titleListing === title)?.id ?? 0;
    await h.sync.enqueue(placeManifest.build({ id: await idOf('Drag D'), rows: await rows(), to: 0 }));
    expect(await titles(h, event.id)).toEqual(['Drag D', 'Drag A', 'Drag B', 'Drag C']);
    await h.sync.enqueue(placeManifest.build({ id: await idOf('Drag A'), rows: await rows(), to: 3 }));
    expect(await titles(h, event.id)).toEqual(['Drag D', 'Drag B', 'Drag C', 'Drag A']);

    h.connection.open();
    await settled(h);
    expect(outboxSends(h).map(({ body }) => body)).toEqual([[{ id: await idOf('Drag D'), sortOrder: 1 }], [{ id: await idOf('Drag A'), sortOrder: 4 }]]);
    const onServer = await server.ask<AuctionEventManifest[]>(h.token, 'getAuctionEventManifestsByEventId', event.id);
    expect(onServer.map((row) => [row.manifest.titleListing, row.sortOrder])).toEqual([['Drag D', 1], ['Drag B', 2], ['Drag C', 3], ['Drag A', 4]]);
    await vi.waitFor(async () => expect((await rows()).map((row) => [row.manifest.titleListing, row.sortOrder])).toEqual([['Drag D', 1], ['Drag B', 2], ['Drag C', 3], ['Drag A', 4]]), WAIT);
  });
});
