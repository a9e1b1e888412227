// Scanning into a box in the lot editor (spec §2 Lot edit, §7, §8; DESIGN §5 "Adding a UPC", "Totals"): one UPC at
// a time and a spreadsheet's worth at once, on the real server with the real STOMP client. Each destination: the
// change, its reply and the lot's totals after it, bad payloads, unknown UPCs and missing boxes.
import { describe, expect, it } from 'vitest';
import { AddedUpcReplySchema, BulkAddResponseSchema } from '../../src/protocol/boxes';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import {
  addBox, catalogued, editorView, itemsOf, KETTLE, lotOf, noSuchBox, notFound, outOfRange, packedBox, rowOf, scan, totalsOf, upcOf,
} from '../support/boxes';
import { newUpc } from '../support/catalogue';
import { invalid, okData, pushesTo, send } from '../support/lot-replies';
import { ALICE, createLot, MISSING_ID, staffSuite } from '../support/staff';

const MISSING = MISSING_ID;

const suite = staffSuite();

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
    expect(await send(owner, 'addUPCToBox', { upc: '0123 456', boxId: 1 })).toEqual(invalid(/^UPC must not contain spaces/));
    expect(await send(owner, 'addUPCToBox', { upc: '', boxId: 1 })).toEqual(invalid(/^UPC is required\.$/));
    expect(await send(owner, 'addUPCToBox', { upc: upcOf(kettle), boxId: null })).toEqual(invalid(/^Box is required\.$/));
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
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: box.id, upcQuantities: [half, { upc: upcOf(lamp), qnty: 1 }, half] })).toEqual(outOfRange);
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: box.id, upcQuantities: [{ upc: upcOf(lamp), qnty: 999_999 }] })).toEqual(outOfRange);
    expect(await editorView(owner, lot)).toEqual(before);
  });

  it("refuses a missing box with NOT_FOUND 'Error, boxId is null or invalid', and an empty sheet or a bad quantity with BAD_REQUEST", async () => {
    const owner = await suite.staff.connect(ALICE);
    const [kettle] = await catalogued(owner, KETTLE);
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: MISSING, upcQuantities: [{ upc: upcOf(kettle), qnty: 1 }] })).toEqual(noSuchBox);
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: 1, upcQuantities: [] })).toEqual(invalid(/^UPCs must have at least 1 entry\.$/));
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: 1, upcQuantities: [{ upc: upcOf(kettle), qnty: -1 }] })).toEqual(invalid(/^item 1: Qnty cannot be negative\.$/));
    expect(await send(owner, 'addMultipleUPCsToBox', { boxId: 1, upcQuantities: [{ upc: upcOf(kettle), qnty: 1.5 }] })).toEqual(invalid(/^item 1: Qnty must be a whole number\.$/));
  });
});
