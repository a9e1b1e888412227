// Changing lots from the lots page and the lot editor (spec §2, §7): copy, delete, status, location and the
// editable fields, on the real server with the real STOMP client. Each destination: the change and its reply
// (checked against the contract), a bad payload, another user's lot and a missing lot (the same refusal, nothing
// changed), and the live push to the owner's other session and to admins, never to another user.
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DestinationName } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LotSchema, type Lot } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { boxes, items } from '../../server/db';
import { invalid, notYours, okData, pushesTo, send } from '../support/lot-replies';
import { ADMIN, ALICE, BOB, createLot, listLots, MISSING_ID, outboxHeader, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const MISSING = MISSING_ID;

const suite = staffSuite();

const db = () => suite.server.server.services.db;

/** Boxes with items in a lot: test data the client cannot make yet (the box editor's destinations come later). */
async function fillLot(lot: Lot, contents: ReadonlyArray<ReadonlyArray<{ upc: string; quantity: number; retailPrice: number }>>): Promise<void> {
  for (const [index, boxItems] of contents.entries()) {
    const [box] = await db()
      .insert(boxes)
      .values({ lotId: lot.id, label: `B${index + 1}`, boxNumber: index + 1, userId: lot.userId, w: 18, l: 24, h: 12.5, lbs: 7, ozs: 3, zone: 2 })
      .returning();
    if (!box) throw new Error('no box');
    if (boxItems.length > 0) await db().insert(items).values(boxItems.map((item) => ({ ...item, boxId: box.id, vendor: 'Acme', color: 'Red' })));
  }
}

/** A lot's boxes and their items as the box editor shows them: no ids, in tab order. */
async function contentsOf(lotId: number) {
  const lotBoxes = await db().select().from(boxes).where(eq(boxes.lotId, lotId)).orderBy(asc(boxes.boxNumber));
  return Promise.all(
    lotBoxes.map(async ({ id, lotId: _lot, createdAt: _created, ...box }) => ({
      ...box,
      items: (await db().select().from(items).where(eq(items.boxId, id)).orderBy(asc(items.upc))).map(({ id: _id, boxId: _box, ...item }) => item),
    })),
  );
}

async function countBoxesAndItems(lotIds: number[]): Promise<{ boxes: number; items: number }> {
  const lotBoxes = await db().select({ id: boxes.id }).from(boxes).where(inArray(boxes.lotId, lotIds));
  const boxIds = lotBoxes.map((box) => box.id);
  const boxItems = boxIds.length === 0 ? [] : await db().select({ id: items.id }).from(items).where(inArray(items.boxId, boxIds));
  return { boxes: lotBoxes.length, items: boxItems.length };
}

const getLot = (client: TestClient, lotId: number) => client.request('getLotById', lotId, 'lotById');
const location = (lot: Lot) => ({ id: lot.id, loc_zone: 3, loc_aisle: 4, loc_column: 5, loc_row: 6, loc_box: 42 });
const edited = (lot: Lot) => ({ ...lot, titleListing: `${lot.titleListing} (edited)`, numberOfPallets: 2, categories: [17, 31] });

/** Every destination of this suite with a request that changes `lot`: for the shared ownership and push tests. */
const CHANGES: ReadonlyArray<{ destination: DestinationName; payload: (lot: Lot) => unknown }> = [
  { destination: 'copyManifest', payload: (lot) => lot.id },
  { destination: 'deleteLots', payload: (lot) => [lot] },
  { destination: 'updateLotStatus', payload: (lot) => ({ status: 'SOLD', lotIds: [lot.id] }) },
  { destination: 'updateLotLocation', payload: location },
  { destination: 'updateManifest', payload: edited },
  { destination: 'updateManifests', payload: (lot) => [edited(lot)] },
];

describe('every lot change', () => {
  it.each(CHANGES)("$destination: refuses another user's lot and a missing lot with the same BAD_REQUEST, changing nothing", async ({ destination, payload }) => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const lot = await createLot(owner, `Keep me (${destination})`);
    await fillLot(lot, [[{ upc: '012345678905', quantity: 2, retailPrice: 10 }]]);
    expect(await send(other, destination, payload(lot))).toEqual(notYours);
    expect(await send(other, destination, payload({ ...lot, id: MISSING }))).toEqual(notYours);
    expect(await send(owner, destination, payload({ ...lot, id: MISSING }))).toEqual(notYours);
    expect(await getLot(owner, lot.id)).toEqual(lot);
    expect(await countBoxesAndItems([lot.id])).toEqual({ boxes: 1, items: 1 });
    expect(await pushesTo(owner)).toEqual([]);
  });

  it.each(CHANGES)("$destination: pushes the change live to the owner's second session and to an admin, not to another user", async ({ destination, payload }) => {
    const [tablet, phone, admin, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN), await suite.staff.connect(BOB)];
    const lot = await createLot(tablet, `Seen live (${destination})`);
    await Promise.all([phone, admin].map(pushesTo)); // the create's pushes
    const reply = await send(tablet, destination, payload(lot));
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK });
    expect(await pushesTo(phone)).toEqual([reply]);
    expect(await pushesTo(admin)).toEqual([reply]);
    expect(await pushesTo(other)).toEqual([]);
    expect(await pushesTo(tablet)).toEqual([]); // the sender has its reply, not a second copy
  });
});

describe('/app/copyManifest', () => {
  it('copies the lot with its boxes and items under a new lot number, NOT_LISTED, owned by the sender', async () => {
    const owner = await suite.staff.connect(ALICE);
    const source = await createLot(owner, 'Original');
    await send(owner, 'updateManifest', { ...source, numberOfPallets: 1, numberOfUnits: 5, totalOriginalRetail: 70.5, specialNotes: 'fragile', categories: [10], ...location(source) });
    await send(owner, 'updateLotStatus', { status: 'LISTED', lotIds: [source.id] });
    await fillLot(source, [
      [{ upc: '012345678905', quantity: 2, retailPrice: 10 }, { upc: '036000291452', quantity: 1, retailPrice: 20.5 }],
      [],
      [{ upc: '012345678905', quantity: 2, retailPrice: 15 }],
    ]);
    const before = LotSchema.parse(await getLot(owner, source.id));

    const reply = await send(owner, 'copyManifest', source.id);
    const copy = LotSchema.parse(okData(reply));
    expect(reply).toMatchObject({ messageType: MessageType.COPIED_MANIFEST, message: `Copied manifest: ${copy.lotNumber}` });
    expect(copy.lotNumber).toMatch(/^LOT-\d{6}$/);
    expect(copy.lotNumber).not.toBe(source.lotNumber);
    const { id: _id, lotNumber: _number, status: _status, createdAt: _created, listedAt: _listed, ...fields } = before;
    expect(copy).toEqual({ ...fields, id: copy.id, lotNumber: copy.lotNumber, status: 'NOT_LISTED', createdAt: copy.createdAt, listedAt: null, soldAt: null });
    expect(Date.parse(copy.createdAt ?? '')).toBeGreaterThan(Date.parse(before.createdAt ?? '')); // a new lot, made now
    expect(await getLot(owner, copy.id)).toEqual(copy);
    expect(await contentsOf(copy.id)).toEqual(await contentsOf(source.id));
    expect(await countBoxesAndItems([copy.id])).toEqual({ boxes: 3, items: 3 });
    expect(await getLot(owner, source.id)).toEqual(before); // the source is untouched
  });

  it("gives an admin's copy of a user's lot to the admin, boxes included", async () => {
    const [owner, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN)];
    const source = await createLot(owner, 'Admin copies');
    await fillLot(source, [[{ upc: '012345678905', quantity: 1, retailPrice: 1 }]]);
    const copy = LotSchema.parse(okData(await send(admin, 'copyManifest', source.id)));
    const adminId = await suite.staff.idOf(ADMIN);
    expect(copy.userId).toBe(adminId);
    expect((await contentsOf(copy.id)).map((box) => box.userId)).toEqual([adminId]);
  });

  it('copies once when the outbox sends the same entry twice, answering the replay with the same copy', async () => {
    const owner = await suite.staff.connect(ALICE);
    const source = await createLot(owner, uniqueName('Copied once'));
    const entry = outboxHeader(uniqueName('test-device'));
    const first = await owner.request('copyManifest', source.id, 'incomingMessages', entry);
    expect(await owner.request('copyManifest', source.id, 'incomingMessages', entry)).toEqual(first);
    expect((await listLots(owner)).filter((lot) => lot.titleListing === source.titleListing)).toHaveLength(2);
  });

  it('refuses an id that is not a positive integer with BAD_REQUEST', async () => {
    const owner = await suite.staff.connect(ALICE);
    expect(await send(owner, 'copyManifest', 'abc')).toEqual(invalid(/^The value must be a number\.$/));
    expect(await send(owner, 'copyManifest', 0)).toEqual(invalid(/^The value must be at least 1\.$/));
  });
});

describe('/app/deleteLots', () => {
  it("deletes the selected lots with their boxes and items and says 'Deleted lots: {count}'", async () => {
    const owner = await suite.staff.connect(ALICE);
    const [first, second, kept] = [await createLot(owner, 'Doomed 1'), await createLot(owner, 'Doomed 2'), await createLot(owner, 'Kept')];
    for (const lot of [first, second, kept]) await fillLot(lot, [[{ upc: '012345678905', quantity: 1, retailPrice: 3 }], [{ upc: '036000291452', quantity: 4, retailPrice: 2 }]]);

    const reply = await send(owner, 'deleteLots', [first, { id: second.id }]);
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.DELETED_LOTS, message: 'Deleted lots: 2', data: [first.id, second.id] });
    expect(await send(owner, 'getLotById', first.id)).toEqual(notYours);
    expect(await countBoxesAndItems([first.id, second.id])).toEqual({ boxes: 0, items: 0 });
    expect(await countBoxesAndItems([kept.id])).toEqual({ boxes: 2, items: 2 });
  });

  it("deletes nothing when any selected lot is another user's or missing", async () => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const [mine, his] = [await createLot(owner, 'Mine'), await createLot(other, 'His')];
    expect(await send(owner, 'deleteLots', [mine, his])).toEqual(notYours);
    expect(await send(owner, 'deleteLots', [mine, { id: MISSING }])).toEqual(notYours);
    expect(await getLot(owner, mine.id)).toEqual(mine);
    expect(await getLot(other, his.id)).toEqual(his);
  });

  it("lets an admin delete lots of several users, each owner hearing only of their own", async () => {
    const [alice, bob, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB), await suite.staff.connect(ADMIN)];
    const [hers, his] = [await createLot(alice, 'Hers to go'), await createLot(bob, 'His to go')];
    await Promise.all([alice, bob].map(pushesTo));
    expect(await send(admin, 'deleteLots', [hers, his])).toMatchObject({ message: 'Deleted lots: 2', data: [hers.id, his.id] });
    expect(await pushesTo(alice)).toEqual([{ errorCode: ErrorCode.OK, messageType: MessageType.DELETED_LOTS, message: 'Deleted lots: 1', data: [hers.id] }]);
    expect(await pushesTo(bob)).toEqual([{ errorCode: ErrorCode.OK, messageType: MessageType.DELETED_LOTS, message: 'Deleted lots: 1', data: [his.id] }]);
  });

  it('refuses an empty selection and a row without an id with BAD_REQUEST naming the field', async () => {
    const owner = await suite.staff.connect(ALICE);
    expect(await send(owner, 'deleteLots', [])).toEqual(invalid(/^The value must have at least 1 entry\.$/));
    expect(await send(owner, 'deleteLots', [{ lotNumber: 'LOT-000001' }])).toEqual(invalid(/^item 1: Id is required\.$/));
  });
});

describe('/app/updateLotStatus', () => {
  it('sets the status of every lot asked and answers UPDATED_LOTS with them, in the order asked', async () => {
    const owner = await suite.staff.connect(ALICE);
    const [first, second] = [await createLot(owner, 'Sold 1'), await createLot(owner, 'Sold 2')];
    const reply = await send(owner, 'updateLotStatus', { status: 'SOLD', lotIds: [second.id, first.id, second.id] });
    const soldAt = expect.any(String) as string; // stamped now (lot-status-times.test.ts)
    const sold = [{ ...second, status: 'SOLD', soldAt }, { ...first, status: 'SOLD', soldAt }];
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOTS, data: sold });
    expect(await getLot(owner, first.id)).toEqual(sold[1]);
  });

  it("changes nothing when any lot is another user's", async () => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const [mine, his] = [await createLot(owner, 'Stays'), await createLot(other, 'Also stays')];
    expect(await send(owner, 'updateLotStatus', { status: 'SHIPPED', lotIds: [mine.id, his.id] })).toEqual(notYours);
    expect(await getLot(owner, mine.id)).toEqual(mine);
  });

  it('refuses a status the spec does not know with BAD_REQUEST naming the field', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Unknown status');
    expect(await send(owner, 'updateLotStatus', { status: 'LOST', lotIds: [lot.id] })).toEqual(invalid(/^Status must be one of /));
    expect(await send(owner, 'updateLotStatus', { status: 'SOLD', lotIds: [] })).toEqual(invalid(/^Lots must have at least 1 entry\.$/));
  });
});

describe('/app/updateLotLocation', () => {
  it('sets the location and nothing else, answering UPDATED_LOT', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'On a shelf');
    const reply = await send(owner, 'updateLotLocation', { ...location(lot), titleListing: 'Not taken', status: 'SOLD' });
    const moved = { ...lot, loc_zone: 3, loc_aisle: 4, loc_column: 5, loc_row: 6, loc_box: 42 };
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOT, data: moved });
    expect(await getLot(owner, lot.id)).toEqual(moved);
  });

  it('stores a null coordinate as 0 (unset)', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Half placed');
    const reply = await send(owner, 'updateLotLocation', { ...location(lot), loc_row: null, loc_box: null });
    expect(okData(reply)).toMatchObject({ loc_zone: 3, loc_row: 0, loc_box: 0 });
  });

  it('refuses a coordinate beyond the dropdowns with BAD_REQUEST naming the field', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Off the map');
    expect(await send(owner, 'updateLotLocation', { ...location(lot), loc_zone: 11 })).toEqual(invalid(/^Zone must be at most 10\.$/));
    expect(await send(owner, 'updateLotLocation', { ...location(lot), loc_box: 51 })).toEqual(invalid(/^Bin must be at most 50\.$/));
  });
});

describe('/app/updateManifest', () => {
  it("saves the editable fields, keeping the server's own (lot number, status, slug, owner)", async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Before edit');
    const changes = {
      titleListing: '  After edit  ', categories: [10, 57], numberOfPallets: 1, numberOfCartons: 4, numberOfUnits: 37,
      totalOriginalRetail: 1234.56, totalListingPrice: 300.1, specialNotes: 'Two cartons water-damaged', ...location(lot),
    };
    const reply = await send(owner, 'updateManifest', { ...lot, ...changes, lotNumber: 'LOT-HACKED', status: 'SOLD', slug: 'stolen', userId: await suite.staff.idOf(BOB) });
    const saved = { ...lot, ...changes, titleListing: 'After edit' };
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOT, data: saved });
    expect(await getLot(owner, lot.id)).toEqual(saved);
  });

  it("stores null notes as ''", async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'No notes');
    expect(okData(await send(owner, 'updateManifest', { ...lot, specialNotes: null }))).toMatchObject({ specialNotes: '' });
  });

  it('lets an admin edit a user\'s lot, and the owner sees it live', async () => {
    const [owner, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN)];
    const lot = await createLot(owner, 'Admin fixes');
    await pushesTo(owner);
    const reply = await send(admin, 'updateManifest', edited(lot));
    expect(okData(reply)).toEqual({ ...edited(lot), userId: lot.userId });
    expect(await pushesTo(owner)).toEqual([reply]);
  });

  it('refuses a blank title and a negative count with BAD_REQUEST naming the fields', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Valid');
    expect(await send(owner, 'updateManifest', { ...lot, titleListing: '  ' })).toEqual(invalid(/^Title cannot be empty\.$/));
    expect(await send(owner, 'updateManifest', { ...lot, numberOfUnits: -1 })).toEqual(invalid(/^Units cannot be negative\.$/));
    expect(await getLot(owner, lot.id)).toEqual(lot);
  });
});

describe('/app/updateManifests', () => {
  it('saves every lot sent and answers UPDATED_LOTS with them, a lot sent twice taking its last values', async () => {
    const owner = await suite.staff.connect(ALICE);
    const [first, second] = [await createLot(owner, 'Cat 1'), await createLot(owner, 'Cat 2')];
    const reply = await send(owner, 'updateManifests', [{ ...first, categories: [10] }, { ...second, categories: [11, 17] }, { ...first, categories: [18] }]);
    const saved = [{ ...first, categories: [18] }, { ...second, categories: [11, 17] }];
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOTS, data: saved });
    expect(await getLot(owner, second.id)).toEqual(saved[1]);
  });

  it("saves nothing when any lot is another user's", async () => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const [mine, his] = [await createLot(owner, 'Mine cats'), await createLot(other, 'His cats')];
    expect(await send(owner, 'updateManifests', [{ ...mine, categories: [10] }, { ...his, categories: [10] }])).toEqual(notYours);
    expect(await getLot(owner, mine.id)).toEqual(mine);
    expect(await getLot(other, his.id)).toEqual(his);
  });

  it('refuses a lot with bad categories with BAD_REQUEST naming the entry and field', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Bad cats');
    expect(await send(owner, 'updateManifests', [lot, { ...lot, categories: 'Tools' }])).toEqual(invalid(/^item 2: Categories must be a list\.$/));
    expect(await send(owner, 'updateManifests', [])).toEqual(invalid(/^The value must have at least 1 entry\.$/));
  });
});
