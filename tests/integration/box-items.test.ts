// The items of a box in the lot editor (spec §2 Lot edit, §7, §8; DESIGN §5 "Adding a UPC", "Totals"): read, scan,
// add a spreadsheet, edit and delete rows on the real server with the real STOMP client, replies checked against the
// contract. Each destination: the change, its reply and the lot's totals after it, a bad payload, another user's box
// (nothing changed), missing boxes and items, the live push, and a replayed outbox entry that adds nothing twice.
import { describe, expect, it } from 'vitest';
import { AddedUpcReplySchema, BoxItemsReplySchema, BulkAddResponseSchema, type Box, type BoxItem } from '../../src/protocol/boxes';
import type { UpcEntry } from '../../src/protocol/catalogue';
import type { DestinationName } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import type { Lot } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { addBox, catalogued, editorView, itemsOf, lotOf, noSuchBox, notFound, scan, totalsOf } from '../support/boxes';
import { newUpc } from '../support/catalogue';
import { invalid, notYours, okData, pushesTo, refusal, send } from '../support/lot-replies';
import { ADMIN, ALICE, BOB, createLot, MISSING_ID, outboxHeader, staffSuite, uniqueName } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const MISSING = MISSING_ID;
const OUT_OF_RANGE = refusal("Error, the lot's totals would be out of range (at most 1000000 units, and 1000000000 in retail or listing total).");

const suite = staffSuite();

const upcOf = (entry: UpcEntry | undefined): string => entry?.upc ?? '';
/** The row a scan of `entry` makes (DESIGN §5 "Adding a UPC"). */
const rowOf = (entry: UpcEntry | undefined, quantity = 1): BoxItem => ({
  id: expect.any(Number), upc: upcOf(entry), quantity, retailPrice: entry?.retailPrice ?? null, clientCost: entry?.wholesalePrice ?? null,
  listingPrice: null, vendor: entry?.vendorName ?? '', itemDescriptionManifest: entry?.itemDescription ?? '', color: entry?.color ?? '', size: entry?.size ?? '',
});
const KETTLE = { vendorName: 'Acme', itemDescription: 'Kettle 1.7L', color: 'Steel', size: '1.7 L', retailPrice: 29.99, wholesalePrice: 12.5 };
const LAMP = { vendorName: 'Northwind', itemDescription: 'Desk lamp', color: 'Black', size: '', retailPrice: 5.49, wholesalePrice: 2 };

/** A lot of `client`'s with one box holding a kettle (1) and a lamp (1). */
async function packedBox(client: TestClient, title: string): Promise<{ lot: Lot; box: Box; kettle: UpcEntry | undefined; lamp: UpcEntry | undefined; items: BoxItem[] }> {
  const lot = await createLot(client, title);
  const box = await addBox(client, lot, 'B1');
  const [kettle, lamp] = await catalogued(client, KETTLE, LAMP);
  await scan(client, box, upcOf(kettle));
  await scan(client, box, upcOf(lamp));
  return { lot, box, kettle, lamp, items: (await itemsOf(client, box)).items };
}

/** Every item change of this suite, with a request on the box `packedBox` made: for the shared tests. */
const CHANGES: ReadonlyArray<{ destination: DestinationName; payload: (box: Box, items: BoxItem[]) => unknown }> = [
  { destination: 'addUPCToBox', payload: (box, [item]) => ({ upc: item?.upc, boxId: box.id }) },
  { destination: 'addMultipleUPCsToBox', payload: (box, [item]) => ({ boxId: box.id, upcQuantities: [{ upc: item?.upc, qnty: 3 }] }) },
  { destination: 'updateItems', payload: (_box, items) => items.map((item) => ({ ...item, quantity: 5 })) },
  { destination: 'deleteItems', payload: (_box, items) => items },
];

describe('every item change', () => {
  it.each(CHANGES)("$destination: refuses another user's box with BAD_REQUEST \"Lot not found or you don't own this lot!\", changing nothing", async ({ destination, payload }) => {
    const [owner, other] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const { lot, box, items } = await packedBox(owner, `Keep my items (${destination})`);
    const before = await editorView(owner, lot);
    await pushesTo(owner);
    expect(await send(other, destination, payload(box, items))).toEqual(notYours);
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

  it("lets an admin read a user's box; refuses another user's box with BAD_REQUEST and a missing one with NOT_FOUND 'Error, boxId is null or invalid'", async () => {
    const [owner, other, admin] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB), await suite.staff.connect(ADMIN)];
    const { box, items } = await packedBox(owner, 'Private items');
    expect((await itemsOf(admin, box)).items).toEqual(items);
    expect(await send(other, 'getItemsByBoxId', box.id)).toEqual(notYours);
    expect(await send(owner, 'getItemsByBoxId', MISSING)).toEqual(noSuchBox);
    expect(await send(owner, 'getItemsByBoxId', -1)).toEqual(invalid(/^Invalid request: Too small/));
  });
});

describe('/app/addUPCToBox', () => {
  it("adds a new row filled from the catalogue, 'Added UPC: {upc}', with the lot's new totals", async () => {
    const owner = await suite.staff.connect(ALICE);
    const lot = await createLot(owner, 'First scan');
    const box = await addBox(owner, lot, 'B1');
    const [kettle] = await catalogued(owner, KETTLE);
    const reply = await send(owner, 'addUPCToBox', { upc: ` ${upcOf(kettle)} `, boxId: box.id });
    const { item, lot: sent } = AddedUpcReplySchema.parse(okData(reply));
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.ADDED_UPC_TO_BOX, message: `Added UPC: ${upcOf(kettle)}`, data: { boxId: box.id, item: rowOf(kettle), lot: sent } });
    expect(totalsOf(sent)).toEqual({ units: 1, retail: 29.99, listing: 0 });
    expect(sent).toEqual(await lotOf(owner, lot));
    expect((await itemsOf(owner, box)).items).toEqual([item]);
  });

  it("adds 1 to the row when the same UPC is scanned again, 'Added 1 more of {upc}: {quantity}', keeping the row's edited values", async () => {
    const owner = await suite.staff.connect(ALICE);
    const { box, kettle, items: [row, lampRow] } = await packedBox(owner, 'Scanned twice');
    await send(owner, 'updateItems', [{ ...row, retailPrice: 20, vendor: 'Edited' }]);
    const reply = await send(owner, 'addUPCToBox', { upc: upcOf(kettle), boxId: box.id });
    expect(reply).toMatchObject({ message: `Added 1 more of ${upcOf(kettle)}: 2` });
    const again = AddedUpcReplySchema.parse(okData(reply));
    expect(again.item).toEqual({ ...row, quantity: 2, retailPrice: 20, vendor: 'Edited' });
    expect(totalsOf(again.lot)).toEqual({ units: 3, retail: 45.49, listing: 0 });
    expect((await scan(owner, box, upcOf(kettle))).item.quantity).toBe(3);
    expect((await itemsOf(owner, box)).items).toEqual([{ ...row, quantity: 3, retailPrice: 20, vendor: 'Edited' }, lampRow]);
  });

  it('counts every scan when two tablets scan the same UPC into a box at once', async () => {
    const [tablet, phone] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE)];
    const lot = await createLot(tablet, 'Two scanners');
    const box = await addBox(tablet, lot, 'B1');
    const [kettle] = await catalogued(tablet, KETTLE);
    await Promise.all([tablet, phone, tablet, phone].map((client) => scan(client, box, upcOf(kettle))));
    expect((await itemsOf(tablet, box)).items).toEqual([rowOf(kettle, 4)]);
    expect(totalsOf(await lotOf(tablet, lot))).toEqual({ units: 4, retail: 119.96, listing: 0 });
  });

  it('keeps unknown catalogue prices null on the row and counts them 0 in the totals', async () => {
    const owner = await suite.staff.connect(ALICE);
    const box = await addBox(owner, await createLot(owner, 'Unpriced'), 'B1');
    const [unpriced] = await catalogued(owner, { vendorName: 'NoPrice' });
    const { item, lot } = await scan(owner, box, upcOf(unpriced));
    expect(item).toEqual({ ...rowOf(unpriced), retailPrice: null, clientCost: null });
    expect(totalsOf(lot)).toEqual({ units: 1, retail: 0, listing: 0 });
  });

  it('recomputes totals typed by hand on the next scan (DESIGN §5)', async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box, kettle } = await packedBox(owner, 'Hand totals');
    const typed = await lotOf(owner, lot);
    await send(owner, 'updateManifest', { ...typed, numberOfUnits: 100, totalOriginalRetail: 5000, numberOfPallets: 2 });
    const { lot: after } = await scan(owner, box, upcOf(kettle));
    expect(after).toEqual({ ...typed, numberOfPallets: 2, numberOfUnits: 3, totalOriginalRetail: 65.47 });
  });

  it("refuses a UPC not in the catalogue with NOT_FOUND 'UPC {upc} not found.', writing nothing", async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box } = await packedBox(owner, 'Unknown scan');
    const before = await editorView(owner, lot);
    const unknown = newUpc();
    expect(await send(owner, 'addUPCToBox', { upc: unknown, boxId: box.id })).toEqual(notFound(`UPC ${unknown} not found.`));
    expect(await editorView(owner, lot)).toEqual(before);
  });

  it("refuses a missing box with NOT_FOUND 'Error, boxId is null or invalid' and a bad UPC or box id with BAD_REQUEST", async () => {
    const owner = await suite.staff.connect(ALICE);
    const [kettle] = await catalogued(owner, KETTLE);
    expect(await send(owner, 'addUPCToBox', { upc: upcOf(kettle), boxId: MISSING })).toEqual(noSuchBox);
    expect(await send(owner, 'addUPCToBox', { upc: '0123 456', boxId: 1 })).toEqual(invalid(/^Invalid request: upc: UPC must not contain spaces/));
    expect(await send(owner, 'addUPCToBox', { upc: '', boxId: 1 })).toEqual(invalid(/^Invalid request: upc: UPC is required/));
    expect(await send(owner, 'addUPCToBox', { upc: upcOf(kettle), boxId: null })).toEqual(invalid(/^Invalid request: boxId: /));
  });
});

describe('/app/addMultipleUPCsToBox', () => {
  it("adds each known UPC (repeated rows summed, rows already there increased), lists the unknown ones, 'Successfully added {n} UPCs to the box.'", async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box, kettle, items: [kettleRow, lampRow] } = await packedBox(owner, 'From a sheet');
    const [skillet] = await catalogued(owner, { vendorName: 'Globex', itemDescription: 'Skillet', retailPrice: 34.95, wholesalePrice: 14 });
    const [unknown, alsoUnknown] = [newUpc(), newUpc()];
    const upcQuantities = [
      { upc: upcOf(skillet), qnty: 2 }, { upc: unknown, qnty: 1 }, { upc: upcOf(kettle), qnty: 3 }, { upc: upcOf(skillet), qnty: 4 }, { upc: alsoUnknown, qnty: 9 },
    ];
    const reply = await send(owner, 'addMultipleUPCsToBox', { boxId: box.id, upcQuantities });
    const added = [rowOf(skillet, 6), { ...kettleRow, quantity: 4 }];
    expect(reply).toEqual({
      errorCode: ErrorCode.OK, messageType: MessageType.ADDED_MULT_UPCS_TO_BOX, message: 'Successfully added 2 UPCs to the box.',
      data: { addedItems: added, notFoundUPCs: [unknown, alsoUnknown] },
    });
    expect(BulkAddResponseSchema.parse(okData(reply)).addedItems).toHaveLength(2);
    expect((await itemsOf(owner, box)).items).toEqual([{ ...kettleRow, quantity: 4 }, lampRow, rowOf(skillet, 6)]);
    // 4 × 29.99 + 5.49 + 6 × 34.95
    expect(totalsOf(await lotOf(owner, lot))).toEqual({ units: 11, retail: 335.15, listing: 0 });
  });

  it("tells the owner's other session of the rows and of the lot's new totals", async () => {
    const [tablet, phone] = [await suite.staff.connect(ALICE), await suite.staff.connect(ALICE)];
    const { lot, box, lamp } = await packedBox(tablet, 'Sheet seen live');
    await pushesTo(phone);
    const reply = await send(tablet, 'addMultipleUPCsToBox', { boxId: box.id, upcQuantities: [{ upc: upcOf(lamp), qnty: 10 }] });
    const lotNow = await lotOf(tablet, lot);
    expect(totalsOf(lotNow)).toEqual({ units: 12, retail: 90.38, listing: 0 });
    expect(await pushesTo(phone)).toEqual([reply, { errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOT, data: lotNow }]);
  });

  it('changes nothing when no UPC is known, listing them all, and keeps totals typed by hand', async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box } = await packedBox(owner, 'Sheet of strangers');
    await send(owner, 'updateManifest', { ...(await lotOf(owner, lot)), numberOfUnits: 50 });
    const before = await editorView(owner, lot);
    const unknown = newUpc();
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: box.id, upcQuantities: [{ upc: unknown, qnty: 1 }] })).toEqual({
      errorCode: ErrorCode.OK, messageType: MessageType.ADDED_MULT_UPCS_TO_BOX, message: 'Successfully added 0 UPCs to the box.', data: { addedItems: [], notFoundUPCs: [unknown] },
    });
    expect(await editorView(owner, lot)).toEqual(before);
  });

  it("refuses quantities that would take the lot's units out of range, adding nothing", async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box, kettle, lamp } = await packedBox(owner, 'Too many');
    const before = await editorView(owner, lot);
    const half = { upc: upcOf(kettle), qnty: 600_000 };
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: box.id, upcQuantities: [half, { upc: upcOf(lamp), qnty: 1 }, half] })).toEqual(OUT_OF_RANGE);
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: box.id, upcQuantities: [{ upc: upcOf(lamp), qnty: 999_999 }] })).toEqual(OUT_OF_RANGE);
    expect(await editorView(owner, lot)).toEqual(before);
  });

  it("refuses a missing box with NOT_FOUND 'Error, boxId is null or invalid', and an empty sheet or a bad quantity with BAD_REQUEST", async () => {
    const owner = await suite.staff.connect(ALICE);
    const [kettle] = await catalogued(owner, KETTLE);
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: MISSING, upcQuantities: [{ upc: upcOf(kettle), qnty: 1 }] })).toEqual(noSuchBox);
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: 1, upcQuantities: [] })).toEqual(invalid(/^Invalid request: upcQuantities: Too small/));
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: 1, upcQuantities: [{ upc: upcOf(kettle), qnty: -1 }] })).toEqual(invalid(/^Invalid request: upcQuantities\[0\]\.qnty: /));
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: 1, upcQuantities: [{ upc: upcOf(kettle), qnty: 1.5 }] })).toEqual(invalid(/^Invalid request: upcQuantities\[0\]\.qnty: /));
  });
});

describe('/app/updateItems', () => {
  it("saves each row's edited fields but never its UPC, answering UPDATED_ITEMS with the stored rows, the box and the lot's new totals", async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box, items: [kettleRow, lampRow] } = await packedBox(owner, 'Edited rows');
    if (!kettleRow || !lampRow) throw new Error('no rows');
    const kettleEdit = { ...kettleRow, upc: newUpc(), quantity: 3, retailPrice: 31, clientCost: null, listingPrice: 12.5, vendor: ' Acme Co ', itemDescriptionManifest: 'Kettle, dented', color: null, size: 'L' };
    const lampEdit = { ...lampRow, listingPrice: 2.25 };
    const reply = await send(owner, 'updateItems', [lampEdit, kettleEdit]);
    const stored = [lampEdit, { ...kettleEdit, upc: kettleRow.upc, vendor: 'Acme Co', color: '' }];
    const lotNow = await lotOf(owner, lot);
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_ITEMS, message: 'Updated items: 2', data: { boxId: box.id, items: stored, lot: lotNow } });
    // units 3 + 1; retail 3 × 31 + 5.49; listing 3 × 12.5 + 2.25
    expect(totalsOf(lotNow)).toEqual({ units: 4, retail: 98.49, listing: 39.75 });
    expect((await itemsOf(owner, box)).items).toEqual([stored[1], stored[0]]);
  });

  it('takes the last copy of a row sent twice', async () => {
    const owner = await suite.staff.connect(ALICE);
    const { items: [row] } = await packedBox(owner, 'Sent twice');
    if (!row) throw new Error('no row');
    const reply = await send(owner, 'updateItems', [{ ...row, quantity: 7 }, { ...row, quantity: 2 }]);
    expect(BoxItemsReplySchema.parse(okData(reply)).items).toEqual([{ ...row, quantity: 2 }]);
  });

  it('refuses rows of two boxes with BAD_REQUEST and a missing row with NOT_FOUND, saving nothing', async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, kettle, items: [row] } = await packedBox(owner, 'Two boxes of rows');
    const other = await addBox(owner, lot, 'B2');
    const { item: elsewhere } = await scan(owner, other, upcOf(kettle));
    const before = await editorView(owner, lot);
    expect(await send(owner, 'updateItems', [{ ...row, quantity: 9 }, { ...elsewhere, quantity: 9 }])).toEqual(refusal('Error, the items are not all in one box.'));
    expect(await send(owner, 'updateItems', [{ ...row, quantity: 9 }, { ...elsewhere, id: MISSING }])).toEqual(notFound(`Item ${MISSING} not found.`));
    expect(await editorView(owner, lot)).toEqual(before);
  });

  it("refuses a change that would take the lot's totals out of range, saving nothing", async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, items: [row, lampRow] } = await packedBox(owner, 'Typo in quantity');
    const before = await editorView(owner, lot);
    // 1,000,000 × $1,999 is far beyond any lot: a slip of the keyboard, refused rather than stored.
    expect(await send(owner, 'updateItems', [{ ...lampRow, quantity: 2 }, { ...row, quantity: 1_000_000, retailPrice: 1999 }])).toEqual(OUT_OF_RANGE);
    expect(await editorView(owner, lot)).toEqual(before);
  });

  it('refuses a bad row with BAD_REQUEST naming the entry and field', async () => {
    const owner = await suite.staff.connect(ALICE);
    const { items: [row] } = await packedBox(owner, 'Bad edits');
    expect(await send(owner, 'updateItems', [row, { ...row, quantity: -1 }])).toEqual(invalid(/^Invalid request: \[1\]\.quantity: /));
    expect(await send(owner, 'updateItems', [{ ...row, retailPrice: 'ten' }])).toEqual(invalid(/^Invalid request: \[0\]\.retailPrice: /));
    expect(await send(owner, 'updateItems', [])).toEqual(invalid(/^Invalid request: Too small/));
  });
});

describe('/app/deleteItems', () => {
  it("deletes the rows, answering DELETED_ITEMS with them, the box and the lot's new totals", async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, box, items: [kettleRow, lampRow] } = await packedBox(owner, 'Rows removed');
    const reply = await send(owner, 'deleteItems', [{ id: kettleRow?.id }, kettleRow]);
    const lotNow = await lotOf(owner, lot);
    expect(reply).toEqual({ errorCode: ErrorCode.OK, messageType: MessageType.DELETED_ITEMS, message: 'Deleted items: 1', data: { boxId: box.id, items: [kettleRow], lot: lotNow } });
    expect(totalsOf(lotNow)).toEqual({ units: 1, retail: 5.49, listing: 0 });
    expect((await itemsOf(owner, box)).items).toEqual([lampRow]);
  });

  it('refuses rows of two boxes with BAD_REQUEST and a missing row with NOT_FOUND, deleting nothing', async () => {
    const owner = await suite.staff.connect(ALICE);
    const { lot, kettle, items: [row] } = await packedBox(owner, 'Rows kept');
    const { item: elsewhere } = await scan(owner, await addBox(owner, lot, 'B2'), upcOf(kettle));
    const before = await editorView(owner, lot);
    expect(await send(owner, 'deleteItems', [row, elsewhere])).toEqual(refusal('Error, the items are not all in one box.'));
    expect(await send(owner, 'deleteItems', [row, { id: MISSING }])).toEqual(notFound(`Item ${MISSING} not found.`));
    expect(await send(owner, 'deleteItems', [{ upc: '012345678905' }])).toEqual(invalid(/^Invalid request: \[0\]\.id: /));
    expect(await editorView(owner, lot)).toEqual(before);
  });
});
