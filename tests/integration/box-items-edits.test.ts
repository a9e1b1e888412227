// Editing and deleting a box's rows in the lot editor (spec §2 Lot edit, §7, §8; DESIGN §5 "Totals") on the real
// server with the real STOMP client: the change, its reply and the lot's totals after it, rows of two boxes, missing
// rows and bad payloads, each refusal changing nothing.
import { describe, expect, it } from 'vitest';
import { BoxItemsReplySchema } from '../../src/protocol/boxes';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { addBox, editorView, itemsOf, lotOf, notFound, outOfRange, packedBox, scan, totalsOf, upcOf } from '../support/boxes';
import { newUpc } from '../support/catalogue';
import { invalid, okData, refusal, send } from '../support/lot-replies';
import { ALICE, MISSING_ID, staffSuite } from '../support/staff';

const MISSING = MISSING_ID;

const suite = staffSuite();

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
    expect(await send(owner, 'updateItems', [{ ...lampRow, quantity: 2 }, { ...row, quantity: 1_000_000, retailPrice: 1999 }])).toEqual(outOfRange);
    expect(await editorView(owner, lot)).toEqual(before);
  });

  it('refuses a bad row with BAD_REQUEST naming the entry and field', async () => {
    const owner = await suite.staff.connect(ALICE);
    const { items: [row] } = await packedBox(owner, 'Bad edits');
    expect(await send(owner, 'updateItems', [row, { ...row, quantity: -1 }])).toEqual(invalid(/^item 2: Qnty cannot be negative\.$/));
    expect(await send(owner, 'updateItems', [{ ...row, retailPrice: 'ten' }])).toEqual(invalid(/^item 1: Msrp must be a number\.$/));
    expect(await send(owner, 'updateItems', [])).toEqual(invalid(/^The value must have at least 1 entry\.$/));
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
    expect(await send(owner, 'deleteItems', [{ upc: '012345678905' }])).toEqual(invalid(/^item 1: Id is required\.$/));
    expect(await editorView(owner, lot)).toEqual(before);
  });
});
