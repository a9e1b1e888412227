// Auction events and their lots in sale order (spec §2 Auctions, §7 auction destinations and topics; DESIGN §5:
// shared by all staff) on the real server with the real STOMP client, every reply checked against the contract.
import { describe, expect, it } from 'vitest';
import { AuctionEventManifestSchema, AuctionEventSchema, type AuctionEvent, type AuctionEventManifest } from '../../src/protocol/entities';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LotSchema, type Lot } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { AuctionMessages } from '../../src/protocol/messages';
import { notYours, send, settled } from '../support/lot-replies';
import { ALICE, BOB, MISSING_ID, allStatuses, createLot, listLots, outboxHeader, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();
const Rows = AuctionEventManifestSchema.array();
const notFound = (message: string) => ({ errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message, data: null });

async function createEvent(client: TestClient, label = uniqueName('Auction')): Promise<AuctionEvent> {
  return AuctionEventSchema.parse(await client.request('createAuctionEvent', { label }, 'createdAuctionEvent', outboxHeader(uniqueName('event'))));
}

async function addLots(client: TestClient, event: AuctionEvent, lots: readonly Lot[]): Promise<Lot[]> {
  const body = { auctionEventId: event.id, manifestIds: lots.map((lot) => lot.id) };
  return LotSchema.array().parse(await client.request('addManifestsToAuctionEvent', body, 'manifestsAddedToAuctionEvent', outboxHeader(uniqueName('add'))));
}

async function rowsOf(client: TestClient, event: AuctionEvent): Promise<AuctionEventManifest[]> {
  return Rows.parse(await client.request('getAuctionEventManifestsByEventId', event.id, 'auctionEventManifests'));
}

async function lotsNamed(client: TestClient, ...titles: string[]): Promise<Lot[]> {
  const made: Lot[] = [];
  for (const title of titles) made.push(await createLot(client, title));
  return made;
}

const titlesOf = (rows: readonly AuctionEventManifest[]) => rows.map((row) => row.manifest.titleListing);

describe('auction events', () => {
  it('creates an event titled with the label, lists it first, and saves its title and times', async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice, 'Spring sale');
    expect(event).toMatchObject({ title: 'Spring sale', startTime: null, endTime: null, createdAt: expect.any(String) });
    const all = AuctionEventSchema.array().parse(await alice.request('getAllAuctionEvents', {}, 'allAuctions'));
    expect(all[0]).toEqual(event);
    const changed = { ...event, title: 'Spring sale 2027', startTime: '2027-03-01T17:00:00.000Z', endTime: '2027-03-08T17:00:00.000Z' };
    expect(await alice.request('updateAuctionEvent', changed, 'updatedAuctionEvent')).toEqual(changed);
    expect(await send(alice, 'updateAuctionEvent', { ...changed, id: MISSING_ID })).toEqual(notFound(AuctionMessages.eventNotFound(MISSING_ID)));
  });
});

describe('an auction event\'s lots', () => {
  it("adds lots at the end of the sale, in the order chosen, and each lot carries its entry ('auctionTitle:id')", async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice);
    const [a, b, c] = await lotsNamed(alice, 'A lot', 'B lot', 'C lot');
    if (a === undefined || b === undefined || c === undefined) throw new Error('three lots');
    await addLots(alice, event, [b, a]);
    const added = await addLots(alice, event, [c, a]); // a is in already: it keeps its place
    expect(added.map((lot) => lot.id)).toEqual([c.id, a.id]);
    expect(added[0]?.auctionEventManifests).toEqual([{ id: expect.any(Number), auctionEvent: expect.objectContaining({ id: event.id }), auctionTitle: '' }]);
    expect(titlesOf(await rowsOf(alice, event))).toEqual(['B lot', 'A lot', 'C lot']);
    const listed = await listLots(alice, allStatuses());
    expect(listed.find((lot) => lot.id === b.id)?.auctionEventManifests[0]?.auctionEvent.id).toBe(event.id);
  });

  it("refuses another user's lot, and an unknown event, adding nothing", async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const event = await createEvent(bob);
    const [lot] = await lotsNamed(alice, "Alice's lot");
    if (lot === undefined) throw new Error('a lot');
    expect(await send(bob, 'addManifestsToAuctionEvent', { auctionEventId: event.id, manifestIds: [lot.id] })).toEqual(notYours);
    expect(await send(alice, 'addManifestsToAuctionEvent', { auctionEventId: MISSING_ID, manifestIds: [lot.id] })).toEqual(notFound(AuctionMessages.eventNotFound(MISSING_ID)));
    expect(await rowsOf(bob, event)).toEqual([]);
  });

  it('moves a row up and down, answering the rows whose order changed; the top stays the top', async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice);
    await addLots(alice, event, await lotsNamed(alice, 'One', 'Two', 'Three'));
    const [one, two, three] = await rowsOf(alice, event);
    if (one === undefined || two === undefined || three === undefined) throw new Error('three rows');
    const up = Rows.parse(await alice.request('moveUpManifestInAuctionEvent', three.id, 'updatedAuctionEventManifests', outboxHeader(uniqueName('up'))));
    expect(up.map((row) => [row.id, row.sortOrder])).toEqual([[three.id, 2], [two.id, 3]]);
    expect(titlesOf(await rowsOf(alice, event))).toEqual(['One', 'Three', 'Two']);
    expect(await alice.request('moveUpManifestInAuctionEvent', one.id, 'updatedAuctionEventManifests')).toEqual([]);
    await alice.request('moveDownManifestInAuctionEvent', one.id, 'updatedAuctionEventManifests');
    expect(titlesOf(await rowsOf(alice, event))).toEqual(['Three', 'One', 'Two']);
    expect(await send(alice, 'moveDownManifestInAuctionEvent', MISSING_ID)).toEqual(notFound(AuctionMessages.rowNotFound(MISSING_ID)));
  });

  it('moves once when the outbox sends the same move twice', async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice);
    await addLots(alice, event, await lotsNamed(alice, 'First', 'Second', 'Third'));
    const [, , third] = await rowsOf(alice, event);
    const once = outboxHeader('move-once');
    await alice.request('moveUpManifestInAuctionEvent', third?.id, 'updatedAuctionEventManifests', once);
    await alice.request('moveUpManifestInAuctionEvent', third?.id, 'updatedAuctionEventManifests', once);
    expect(titlesOf(await rowsOf(alice, event))).toEqual(['First', 'Third', 'Second']);
  });

  it('saves edited titles and starting prices, and removes rows (the lots stay, without the entry)', async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice);
    await addLots(alice, event, await lotsNamed(alice, 'Kettles pallet', 'Lamps pallet'));
    const [kettles, lamps] = await rowsOf(alice, event);
    if (kettles === undefined || lamps === undefined) throw new Error('two rows');
    const saved = Rows.parse(await alice.request('updateAuctionEventManifests', [{ id: kettles.id, auctionTitle: '40 kettles', startingPrice: 25 }], 'updatedAuctionEventManifests'));
    expect(saved).toEqual([expect.objectContaining({ id: kettles.id, auctionTitle: '40 kettles', startingPrice: 25 })]);
    expect(await send(alice, 'updateAuctionEventManifests', [{ id: MISSING_ID, auctionTitle: 'x', startingPrice: 1 }])).toEqual(notFound(AuctionMessages.rowNotFound(MISSING_ID)));

    const removed = Rows.parse(await alice.request('deleteAuctionEventManifests', [{ id: lamps.id }], 'deletedAuctionEventManifests'));
    expect(removed).toEqual([expect.objectContaining({ id: lamps.id, manifest: expect.objectContaining({ id: lamps.manifest.id, auctionEventManifests: [] }) })]);
    expect((await rowsOf(alice, event)).map((row) => row.id)).toEqual([kettles.id]);
    expect((await listLots(alice, allStatuses())).some((lot) => lot.id === lamps.manifest.id)).toBe(true);
  });

  it('places a dragged row at the place sent, numbering the sale 1..N; a place past the end is the last, and a replay places once', async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice);
    await addLots(alice, event, await lotsNamed(alice, 'A', 'B', 'C', 'D', 'E'));
    const [, , , , e] = await rowsOf(alice, event);
    if (e === undefined) throw new Error('five rows');
    const once = outboxHeader(uniqueName('drag'));
    const placed = Rows.parse(await alice.request('updateAuctionEventManifests', [{ id: e.id, sortOrder: 2 }], 'updatedAuctionEventManifests', once));
    expect(placed.map((row) => [row.manifest.titleListing, row.sortOrder])).toEqual([['E', 2], ['B', 3], ['C', 4], ['D', 5]]);
    await alice.request('updateAuctionEventManifests', [{ id: e.id, sortOrder: 2 }], 'updatedAuctionEventManifests', once);
    const after = await rowsOf(alice, event);
    expect(after.map((row) => [row.manifest.titleListing, row.sortOrder])).toEqual([['A', 1], ['E', 2], ['B', 3], ['C', 4], ['D', 5]]);

    const [a] = after;
    await alice.request('updateAuctionEventManifests', [{ id: a?.id, sortOrder: 99 }], 'updatedAuctionEventManifests');
    expect(titlesOf(await rowsOf(alice, event))).toEqual(['E', 'B', 'C', 'D', 'A']);
  });

  it('places several rows in the order sent (a whole order at once), and saves a title sent alone without touching the price', async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice);
    await addLots(alice, event, await lotsNamed(alice, 'One', 'Two', 'Three'));
    const [one, two, three] = await rowsOf(alice, event);
    if (one === undefined || two === undefined || three === undefined) throw new Error('three rows');
    await alice.request('updateAuctionEventManifests', [{ id: one.id, auctionTitle: 'First title', startingPrice: 12.5 }], 'updatedAuctionEventManifests');
    const order = [three, one, two].map((row, index) => ({ id: row.id, sortOrder: index + 1 }));
    await alice.request('updateAuctionEventManifests', order, 'updatedAuctionEventManifests');
    await alice.request('updateAuctionEventManifests', [{ id: one.id, auctionTitle: 'Renamed' }], 'updatedAuctionEventManifests');
    const rows = await rowsOf(alice, event);
    expect(rows.map((row) => [row.manifest.titleListing, row.sortOrder])).toEqual([['Three', 1], ['One', 2], ['Two', 3]]);
    expect(rows[1]).toMatchObject({ auctionTitle: 'Renamed', startingPrice: 12.5 });
    expect(await send(alice, 'updateAuctionEventManifests', [{ id: one.id, sortOrder: 0 }])).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST });
  });

  it('moves the rows after a removed one up, so the sale stays numbered 1..N, and tells the sender which moved', async () => {
    const alice = await suite.staff.connect(ALICE);
    const event = await createEvent(alice);
    await addLots(alice, event, await lotsNamed(alice, 'Keep 1', 'Gone', 'Keep 2', 'Keep 3'));
    const [, gone, keep2, keep3] = await rowsOf(alice, event);
    if (gone === undefined || keep2 === undefined || keep3 === undefined) throw new Error('four rows');
    alice.drain('updatedAuctionEventManifests');
    await alice.request('deleteAuctionEventManifests', [{ id: gone.id }], 'deletedAuctionEventManifests', outboxHeader(uniqueName('remove')));
    await settled(alice);
    const moved = alice.drain('updatedAuctionEventManifests').flatMap((message) => Rows.parse(message.body));
    expect(moved.map((row) => [row.id, row.sortOrder])).toEqual([[keep2.id, 2], [keep3.id, 3]]);
    expect((await rowsOf(alice, event)).map((row) => [row.manifest.titleListing, row.sortOrder])).toEqual([['Keep 1', 1], ['Keep 2', 2], ['Keep 3', 3]]);
  });
});
