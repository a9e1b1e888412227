// The items of a box in the lot editor (spec §2 Lot edit, §7, §8; DESIGN §5 "Adding a UPC", "Totals") on the real
// server with the real STOMP client, replies checked against the contract: reading a box's items, and what every item
// change shares — another user's box (nothing changed), the live push, and a replayed outbox entry that adds nothing
// twice. Scans are in box-items-scans.test.ts, row edits and deletes in box-items-edits.test.ts.
import { describe, expect, it } from 'vitest';
import { BoxItemsReplySchema, type Box, type BoxItem } from '../../src/protocol/boxes';
import type { DestinationName } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { addBox, editorView, itemsOf, lotOf, noSuchBox, notFound, packedBox, rowOf } from '../support/boxes';
import { invalid, okData, pushesTo, send } from '../support/lot-replies';
import { ADMIN, ALICE, BOB, MISSING_ID, outboxHeader, staffSuite, uniqueName } from '../support/staff';

const MISSING = MISSING_ID;

const suite = staffSuite();

/** Every item change (scans, edits, deletes), with a request on the box `packedBox` made: for the shared tests. */
const CHANGES: ReadonlyArray<{ destination: DestinationName; payload: (box: Box, items: BoxItem[]) => unknown; refused: (box: Box, items: BoxItem[]) => unknown }> = [
  { destination: 'addUPCToBox', payload: (box, [item]) => ({ upc: item?.upc, boxId: box.id }), refused: () => noSuchBox },
  { destination: 'addMultipleUPCsToBox', payload: (box, [item]) => ({ boxId: box.id, upcQuantities: [{ upc: item?.upc, qnty: 3 }] }), refused: () => noSuchBox },
  { destination: 'updateItems', payload: (_box, items) => items.map((item) => ({ ...item, quantity: 5 })), refused: (_box, [item]) => notFound(`Item ${item?.id} not found.`) },
  { destination: 'deleteItems', payload: (_box, items) => items, refused: (_box, [item]) => notFound(`Item ${item?.id} not found.`) },
];

describe('every item change', () => {
  it.each(CHANGES)("$destination: refuses another user's box or items as missing ones (NOT_FOUND), changing nothing", async ({ destination, payload, refused }) => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const { lot, box, items } = await packedBox(owner, `Keep my items (${destination})`);
    const before = await editorView(owner, lot);
    await pushesTo(owner);
    expect(await send(other, destination, payload(box, items))).toEqual(refused(box, items));
    expect(await editorView(owner, lot)).toEqual(before);
    expect(await pushesTo(owner)).toEqual([]);
  });

  it.each(CHANGES)("$destination: pushes the change live to the owner's second session and to an admin, not to another user", async ({ destination, payload }) => {
    const [tablet, phone, admin, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE), await suite.staff.connect(ADMIN), await suite.staff.connect(BOB)];
    const { box, items } = await packedBox(tablet, `Items seen live (${destination})`);
    await Promise.all([phone, admin].map(pushesTo));
    const reply = await send(tablet, destination, payload(box, items));
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK });
    const pushed = await pushesTo(phone);
    expect(pushed[0]).toEqual(reply);
    expect(await pushesTo(admin)).toEqual(pushed);
    expect(await pushesTo(other)).toEqual([]);
    expect(await pushesTo(tablet)).toEqual([]);
  });

  it.each(CHANGES)('$destination: changes once when the outbox sends the same entry twice, answering the replay with the same reply', async ({ destination, payload }) => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box, items } = await packedBox(owner, `Items replayed (${destination})`);
    const entry = outboxHeader(uniqueName('test-device'));
    const first = await owner.request(destination, payload(box, items), 'incomingMessages', entry);
    expect(first).toMatchObject({ errorCode: ErrorCode.OK });
    const after = await editorView(owner, lot);
    expect(await owner.request(destination, payload(box, items), 'incomingMessages', entry)).toEqual(first);
    expect(await editorView(owner, lot)).toEqual(after);
  });
});

describe('/app/getItemsByBoxId', () => {
  it("answers FOUND_ITEMS_BY_BOX_ID with the box's items by id, the box id and its lot", async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box, kettle, lamp } = await packedBox(owner, 'Read back');
    const reply = await send(owner, 'getItemsByBoxId', box.id);
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.FOUND_ITEMS_BY_BOX_ID, data: { boxId: box.id, items: [rowOf(kettle), rowOf(lamp)], lot: await lotOf(owner, lot) } });
    const { items } = BoxItemsReplySchema.parse(okData(reply));
    expect(items.map((item) => item.id)).toEqual(items.map((item) => item.id).sort((a, b) => a - b));
    expect((await itemsOf(owner, await addBox(owner, lot, 'Empty'))).items).toEqual([]);
  });

  it("lets an admin read a user's box; refuses another user's box, as a missing one, with NOT_FOUND 'Error, boxId is null or invalid'", async () => {
    const [owner, other, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB), await suite.staff.connect(ADMIN)];
    const { box, items } = await packedBox(owner, 'Private items');
    expect((await itemsOf(admin, box)).items).toEqual(items);
    expect(await send(other, 'getItemsByBoxId', box.id)).toEqual(noSuchBox);
    expect(await send(owner, 'getItemsByBoxId', MISSING)).toEqual(noSuchBox);
    expect(await send(owner, 'getItemsByBoxId', -1)).toEqual(invalid(/^The value must be at least 1\.$/));
  });
});
