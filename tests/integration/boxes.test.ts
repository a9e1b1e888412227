// The box tabs of the lot editor (spec §2 Lot edit, §7; DESIGN §5): list, add, delete and update boxes on the real
// server with the real STOMP client, replies checked against the contract. Each destination: the change and its
// reply, a bad payload, another user's lot (nothing changed), a missing box, the live push to the owner's other
// session and to admins (never to another user), and a replayed outbox entry.
import { describe, expect, it } from 'vitest';
import { BoxSchema, type Box } from '../../src/protocol/boxes';
import type { DestinationName } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { LotSchema, type Lot } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { boxes } from '../../server/db';
import { addBox, boxesOf, catalogued, editorView, itemsOf, lotOf, noSuchBox, notFound, scan, totalsOf } from '../support/boxes';
import { invalid, notYours, okData, pushesTo, send } from '../support/lot-replies';
import { ADMIN, ALICE, BOB, createLot, MISSING_ID, outboxHeader, staffSuite, uniqueName } from '../support/staff';

const MISSING = MISSING_ID;

const suite = staffSuite();

const ok = (messageType: number, data: unknown, message?: string) => ({ errorCode: ErrorCode.OK, messageType, ...(message === undefined ? {} : { message }), data });
/** A box as addBoxToLot makes it when only the label is given (spec §9: zero dimensions, weight and location). */
const newBox = (lot: Lot, label: string, boxNumber: number) => ({
  id: expect.any(Number), label, manualManiestId: lot.id, w: 0, l: 0, h: 0, lbs: 0, ozs: 0, zone: 0, aisle: 0, col: 0, row: 0, bin: 0, boxNumber, userId: lot.userId,
});
const weighed = (box: Box) => ({ ...box, label: 'Heavy one', h: 10.5, w: 12, l: 16.25, lbs: 7, ozs: 3.5, zone: 2, aisle: 3, col: 4, row: 5, bin: 42 });

/**
 * Every box change of this suite, with a request on a box of `lot`, and how another user is refused (as for a missing
 * lot or box: the lot's one refusal, or the box's NOT_FOUND): for the shared ownership and push tests.
 */
const CHANGES: ReadonlyArray<{ destination: DestinationName; payload: (lot: Lot, box: Box) => unknown; refused: unknown }> = [
  { destination: 'addBoxToLot', payload: (lot) => ({ manualManiestId: lot.id, label: 'Another' }), refused: notYours },
  { destination: 'deleteBox', payload: (_lot, box) => ({ id: box.id }), refused: notFound('Error, deleting box failed. Invalid box selected.') },
  { destination: 'updateBoxInfo', payload: (_lot, box) => weighed(box), refused: noSuchBox },
];

describe('every box change', () => {
  it.each(CHANGES)("$destination: refuses another user's lot or box as a missing one, changing nothing", async ({ destination, payload, refused }) => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const lot = await createLot(owner, `Keep my boxes (${destination})`);
    const box = await addBox(owner, lot, 'B1');
    const [entry] = await catalogued(owner, { retailPrice: 10 });
    await scan(owner, box, entry?.upc ?? '');
    const before = await editorView(owner, lot);
    await pushesTo(owner);
    expect(await send(other, destination, payload(lot, box))).toEqual(refused);
    expect(await editorView(owner, lot)).toEqual(before);
    expect(await pushesTo(owner)).toEqual([]);
  });

  it.each(CHANGES)("$destination: pushes the change live to the owner's second session and to an admin, not to another user", async ({ destination, payload }) => {
    const [tablet, phone, admin, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN), await suite.staff.connect(BOB)];
    const lot = await createLot(tablet, `Boxes seen live (${destination})`);
    const box = await addBox(tablet, lot, 'B1');
    await Promise.all([phone, admin].map(pushesTo)); // the create's and the add's pushes
    const reply = await send(tablet, destination, payload(lot, box));
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK });
    const pushed = await pushesTo(phone);
    expect(pushed[0]).toEqual(reply);
    expect(await pushesTo(admin)).toEqual(pushed);
    expect(await pushesTo(other)).toEqual([]);
    expect(await pushesTo(tablet)).toEqual([]); // the sender has its reply, not a second copy
  });

  it.each(CHANGES)('$destination: changes once when the outbox sends the same entry twice, answering the replay with the same reply', async ({ destination, payload }) => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, `Boxes replayed (${destination})`);
    const box = await addBox(owner, lot, 'B1');
    const entry = outboxHeader(uniqueName('test-device'));
    const first = await owner.request(destination, payload(lot, box), 'incomingMessages', entry);
    expect(first).toMatchObject({ errorCode: ErrorCode.OK });
    const after = await editorView(owner, lot);
    expect(await owner.request(destination, payload(lot, box), 'incomingMessages', entry)).toEqual(first);
    expect(await editorView(owner, lot)).toEqual(after);
  });
});

describe('/app/getBoxesByLotId', () => {
  it("lists the lot's boxes by box number, then id, on the boxesByLotId topic", async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Three boxes');
    const [first, second] = [await addBox(owner, lot, 'B1'), await addBox(owner, lot, 'B2')];
    // A box numbered like another (boxes copied or seeded by hand): the id breaks the tie.
    const [tied] = await suite.server.server.services.db.insert(boxes).values({ lotId: lot.id, label: 'B1 again', boxNumber: 1, userId: lot.userId }).returning({ id: boxes.id });
    const listed = await boxesOf(owner, lot);
    expect(listed.map((box) => box.id)).toEqual([first.id, tied?.id, second.id]);
    expect(listed[0]).toEqual(first);
    expect(await boxesOf(owner, await createLot(owner, 'No boxes'))).toEqual([]);
  });

  it("lets an admin list a user's boxes; refuses another user's lot and a missing lot with the same BAD_REQUEST", async () => {
    const [owner, other, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB), await suite.staff.connect(ADMIN)];
    const lot = await createLot(owner, 'Private boxes');
    const box = await addBox(owner, lot, 'B1');
    expect(await boxesOf(admin, lot)).toEqual([box]);
    expect(await send(other, 'getBoxesByLotId', lot.id)).toEqual(notYours);
    expect(await send(owner, 'getBoxesByLotId', MISSING)).toEqual(notYours);
  });

  it('refuses a lot id that is not a positive integer with BAD_REQUEST', async () => {
    const owner = await suite.staff.connect(ALICE);
    expect(await send(owner, 'getBoxesByLotId', 'abc')).toEqual(invalid(/^The value must be a number\.$/));
    expect(await send(owner, 'getBoxesByLotId', 0)).toEqual(invalid(/^The value must be at least 1\.$/));
  });
});

describe('/app/addBoxToLot', () => {
  it("adds a box with the trimmed label and zero dimensions, weight and location, numbered next in the lot: 'Added box: {label}'", async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Gets boxes');
    const reply = await send(owner, 'addBoxToLot', { id: 0, manualManiestId: lot.id, label: '  Front shelf  ' });
    expect(reply).toEqual(ok(MessageType.ADDED_BOX_TO_LOT, newBox(lot, 'Front shelf', 1), 'Added box: Front shelf'));
    expect(await addBox(owner, lot, 'Second')).toEqual(newBox(lot, 'Second', 2));
    expect(await boxesOf(owner, lot)).toEqual([BoxSchema.parse(okData(reply)), newBox(lot, 'Second', 2)]);
  });

  it("takes the dimensions, weight and location sent, never the box's number or owner", async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Measured on arrival');
    const sent = { manualManiestId: lot.id, label: 'Measured', h: 8, w: 12, l: 12, lbs: 4, ozs: 2, zone: 1, aisle: 2, col: 3, row: 4, bin: 5, boxNumber: 40, userId: await suite.staff.idOf(BOB) };
    expect(okData(await send(owner, 'addBoxToLot', sent))).toEqual({ ...sent, id: expect.any(Number), boxNumber: 1, userId: lot.userId });
  });

  it('numbers a new box after the highest one left, whatever was deleted', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Renumbered');
    const [first] = [await addBox(owner, lot, 'B1'), await addBox(owner, lot, 'B2')];
    await send(owner, 'deleteBox', { id: first.id });
    expect((await addBox(owner, lot, 'B3')).boxNumber).toBe(3);
  });

  it("gives a box an admin adds to a user's lot to the lot's owner", async () => {
    const [owner, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN)];
    const lot = await createLot(owner, 'Admin packs');
    expect(await addBox(admin, lot, 'From admin')).toEqual(newBox(lot, 'From admin', 1));
    expect(await boxesOf(owner, lot)).toHaveLength(1);
  });

  it('refuses a blank label, a stored id and a missing lot, adding nothing', async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Blank labels');
    expect(await send(owner, 'addBoxToLot', { manualManiestId: lot.id, label: '   ' })).toEqual(invalid(/^Label cannot be empty\.$/));
    expect(await send(owner, 'addBoxToLot', { id: 7, manualManiestId: lot.id, label: 'B1' })).toEqual(invalid(/^Id /));
    expect(await send(owner, 'addBoxToLot', { label: 'B1' })).toEqual(invalid(/^Lot is required\.$/));
    expect(await send(owner, 'addBoxToLot', { manualManiestId: MISSING, label: 'B1' })).toEqual(notYours);
    expect(await boxesOf(owner, lot)).toEqual([]);
  });
});

describe('/app/deleteBox', () => {
  it("deletes the box with its items, answers DELETED_BOX with it, 'Deleted box: {label}', and recomputes the lot's totals", async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'Loses a box');
    const [kept, doomed] = [await addBox(owner, lot, 'Kept'), await addBox(owner, lot, 'Doomed')];
    const [cheap, dear] = await catalogued(owner, { retailPrice: 5.25 }, { retailPrice: 120 });
    await scan(owner, kept, cheap?.upc ?? '');
    await scan(owner, doomed, dear?.upc ?? '');
    const doomedItems = await itemsOf(owner, doomed);
    expect(totalsOf(doomedItems.lot)).toEqual({ units: 2, retail: 125.25, listing: 0 });

    expect(await send(owner, 'deleteBox', doomed)).toEqual(ok(MessageType.DELETED_BOX, doomed, 'Deleted box: Doomed'));
    expect(await boxesOf(owner, lot)).toEqual([kept]);
    expect(totalsOf(await lotOf(owner, lot))).toEqual({ units: 1, retail: 5.25, listing: 0 });
    expect(await send(owner, 'getItemsByBoxId', doomed.id)).toEqual(noSuchBox);
    expect(await send(owner, 'deleteItems', doomedItems.items)).toEqual(notFound(`Item ${doomedItems.items[0]?.id} not found.`));
  });

  it("names a box without a label by its id, and tells the owner's other session the lot's new totals", async () => {
    const [tablet, phone] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE)];
    const lot = await createLot(tablet, 'Unlabelled box');
    const box = await addBox(tablet, lot, 'B1');
    const [entry] = await catalogued(tablet, { retailPrice: 3 });
    await scan(tablet, box, entry?.upc ?? '');
    await send(tablet, 'updateBoxInfo', { ...box, label: null });
    await pushesTo(phone);
    const reply = await send(tablet, 'deleteBox', { id: box.id });
    expect(reply).toEqual(ok(MessageType.DELETED_BOX, { ...box, label: '' }, `Deleted box: ${box.id}`));
    const lotNow = await lotOf(tablet, lot);
    expect(totalsOf(lotNow)).toEqual({ units: 0, retail: 0, listing: 0 });
    expect(await pushesTo(phone)).toEqual([reply, ok(MessageType.UPDATED_LOT, lotNow)]);
  });

  it("refuses a missing box with NOT_FOUND 'Error, deleting box failed. Invalid box selected.' and a bad row with BAD_REQUEST", async () => {
    const owner = await suite.staff.connect(ALICE);
    expect(await send(owner, 'deleteBox', { id: MISSING })).toEqual(notFound('Error, deleting box failed. Invalid box selected.'));
    expect(await send(owner, 'deleteBox', { label: 'B1' })).toEqual(invalid(/^Id /));
  });
});

describe('/app/updateBoxInfo', () => {
  it('saves label, dimensions, weight and location, answering UPDATED_BOX with the stored box; never its lot, owner or number', async () => {
    const owner = await suite.staff.connect(ALICE);
    const [lot, elsewhere] = [await createLot(owner, 'Weighed'), await createLot(owner, 'Not moved here')];
    const box = await addBox(owner, lot, 'B1');
    const sent = { ...weighed(box), label: '  Heavy one ', manualManiestId: elsewhere.id, userId: await suite.staff.idOf(BOB), boxNumber: 9 };
    const reply = await send(owner, 'updateBoxInfo', sent);
    expect(reply).toEqual(ok(MessageType.UPDATED_BOX, weighed(box), 'Updated box: Heavy one'));
    expect(await boxesOf(owner, lot)).toEqual([weighed(box)]);
    expect(await boxesOf(owner, elsewhere)).toEqual([]);
  });

  it("stores null coordinates as 0 (unset) and a null label as ''", async () => {
    const owner = await suite.staff.connect(ALICE);
    const box = await addBox(owner, await createLot(owner, 'Half placed box'), 'B1');
    const reply = await send(owner, 'updateBoxInfo', { ...weighed(box), label: null, zone: null, bin: null });
    expect(okData(reply)).toEqual({ ...weighed(box), label: '', zone: 0, bin: 0 });
  });

  it("lets an admin fix a user's box, and the owner sees it live", async () => {
    const [owner, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN)];
    const box = await addBox(owner, await createLot(owner, 'Admin weighs'), 'B1');
    await pushesTo(owner);
    const reply = await send(admin, 'updateBoxInfo', weighed(box));
    expect(okData(reply)).toEqual(weighed(box));
    expect(await pushesTo(owner)).toEqual([reply]);
  });

  it("refuses a missing box with NOT_FOUND 'Error, boxId is null or invalid' and bad measures with BAD_REQUEST naming the field", async () => {
    const owner = await suite.staff.connect(ALICE);
    const box = await addBox(owner, await createLot(owner, 'Bad weights'), 'B1');
    expect(await send(owner, 'updateBoxInfo', { ...weighed(box), id: MISSING })).toEqual(noSuchBox);
    expect(await send(owner, 'updateBoxInfo', { ...box, lbs: -1 })).toEqual(invalid(/^Pounds cannot be negative\.$/));
    expect(await send(owner, 'updateBoxInfo', { ...box, h: 'tall' })).toEqual(invalid(/^Height must be a number\.$/));
    expect(await send(owner, 'updateBoxInfo', { ...box, bin: 51 })).toEqual(invalid(/^Bin must be at most 50\.$/));
    expect(await boxesOf(owner, { id: box.manualManiestId })).toEqual([box]);
  });
});

describe('/app/copyManifest', () => {
  it('copies the boxes and items made in the box editor, with the same totals', async () => {
    const owner = await suite.staff.connect(ALICE);
    const source = await createLot(owner, 'Copied with boxes');
    const [first, second] = [await addBox(owner, source, 'B1'), await addBox(owner, source, 'B2')];
    await send(owner, 'updateBoxInfo', weighed(first));
    const [kettle, lamp] = await catalogued(owner, { retailPrice: 29.5, wholesalePrice: 12, vendorName: 'Acme' }, { retailPrice: null });
    for (const [box, upc] of [[first, kettle?.upc], [first, kettle?.upc], [second, lamp?.upc]] as const) await scan(owner, box, upc ?? '');
    const copy = LotSchema.parse(okData(await send(owner, 'copyManifest', source.id)));

    const withoutIds = async (lot: Lot) => {
      const view = await editorView(owner, lot);
      return {
        totals: totalsOf(view.lot),
        boxes: view.boxes.map(({ id: _id, manualManiestId: _lot, ...box }) => box),
        items: view.items.map((rows) => rows.map(({ id: _id, ...item }) => item)),
      };
    };
    const copied = await withoutIds(copy);
    expect(copied).toEqual(await withoutIds(source));
    expect(copied.totals).toEqual({ units: 3, retail: 59, listing: 0 });
    expect((await boxesOf(owner, copy)).every((box) => box.manualManiestId === copy.id)).toBe(true);
  });
});
