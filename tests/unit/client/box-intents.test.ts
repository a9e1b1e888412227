// Lot edit's changes to boxes and items (spec §2 Lot edit, §4 "Box editing", §5, §8, §9): each is refused in the
// spec's words when it cannot go, and otherwise shows at once in the replica, pending, and queues what the server
// needs. Also the XLS rows a spreadsheet yields and the box editor's badges.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addBox, boxesTable, deleteBox, updateBoxInfo } from '../../../src/domains/boxes';
import { addUpc, addUpcs, deleteItems, itemsTable, updateItem, type ItemRow } from '../../../src/domains/items';
import { boxTotals } from '../../../src/features/lot-edit/BoxEditor';
import { xlsRows } from '../../../src/features/lot-edit/xls-rows';
import type { Box, BoxItem, UpcEntry } from '../../../src/protocol/entities';
import { Destination } from '../../../src/protocol/destinations';
import { ClientMessages } from '../../../src/protocol/messages';
import { enqueue, type Intent } from '../../../src/sync/outbox/outbox';
import { claimReplica } from '../../../src/sync/replica/owner';
import { makeBox, makeItem } from '../../support/factories';
import { freshReplica } from './support/sync-harness';

const inBox = (boxId: number, item: BoxItem): ItemRow => ({ ...item, boxId });
const scan = (boxId: number | undefined, upc: string, existing?: ItemRow, known?: UpcEntry): Intent => addUpc.build({ boxId, upc, existing, known });

/** alice's replica holding `boxes` and `items`, and what she has queued. */
async function offlineWith({ boxes = [], items = [] }: { boxes?: Box[]; items?: ItemRow[] } = {}) {
  const db = freshReplica();
  await claimReplica(db, 'alice');
  await db.rows(boxesTable).bulkPut(boxes);
  await db.rows(itemsTable).bulkPut(items);
  const queue = (intent: Intent) => enqueue(db, 'alice', intent);
  const entries = async () => (await db.outbox.toArray()).map(({ destination, body, tempRefs }) => ({ destination, body, tempRefs }));
  return { boxes: db.rows(boxesTable), items: db.rows(itemsTable), queue, entries };
}

describe('/app/addBoxToLot: Add Box', () => {
  it("refuses a blank label with 'Error, box label cannot be empty.'", () => {
    expect(() => addBox.build({ lotId: 5, label: '' })).toThrow('Error, box label cannot be empty.');
    expect(() => addBox.build({ lotId: 5, label: '   ' })).toThrow(ClientMessages.boxLabelRequired);
  });

  it('sends the trimmed label and the lot; the tab shows at once, pending, with zero dimensions, weight and location (spec §9)', async () => {
    const { boxes, queue, entries } = await offlineWith();
    const { tempId } = await queue(addBox.build({ lotId: 5, label: '  Shelf A ' }));
    expect(await entries()).toEqual([{ destination: Destination.addBoxToLot, body: { label: 'Shelf A', manualManiestId: 5 }, tempRefs: undefined }]);
    expect(tempId).toBe(-1);
    expect(await boxes.get(-1)).toEqual({
      id: -1, label: 'Shelf A', manualManiestId: 5, w: 0, l: 0, h: 0, lbs: 0, ozs: 0, zone: 0, aisle: 0, col: 0, row: 0, bin: 0,
      boxNumber: null, userId: null, pending: 1, base: null,
    });
  });

  it('to a lot made offline: the body names the temporary lot id as one to rewrite once the lot is created', async () => {
    const { boxes, queue, entries } = await offlineWith();
    await queue(addBox.build({ lotId: -3, label: 'Shelf' }));
    expect(await entries()).toEqual([{ destination: Destination.addBoxToLot, body: { label: 'Shelf', manualManiestId: -3 }, tempRefs: ['manualManiestId'] }]);
    expect((await boxes.where('manualManiestId').equals(-3).toArray()).map((box) => box.label)).toEqual(['Shelf']);
  });

  it('refuses a label the server would refuse (too long)', () => {
    expect(() => addBox.build({ lotId: 5, label: 'x'.repeat(101) })).toThrow('Label is too long (at most 100 characters).');
  });
});

describe('/app/deleteBox: Delete Box', () => {
  it("without a box: 'Error, deleting box failed. Invalid box selected.'", () => {
    expect(() => deleteBox.build(undefined)).toThrow('Error, deleting box failed. Invalid box selected.');
  });

  it('sends the box id and hides the tab at once', async () => {
    const { boxes, queue, entries } = await offlineWith({ boxes: [makeBox(40, 5)] });
    await queue(deleteBox.build(makeBox(40, 5)));
    expect(await entries()).toEqual([{ destination: Destination.deleteBox, body: { id: 40 }, tempRefs: undefined }]);
    expect(await boxes.get(40)).toMatchObject({ removed: 1, pending: 1 });
  });

  it('a box made offline: its id is rewritten once the box is created', () => {
    expect(deleteBox.build(makeBox(-2, 5))).toMatchObject({ body: { id: -2 }, tempRefs: ['id'] });
  });
});

describe('/app/updateBoxInfo: Update Weight/Dims', () => {
  it('sends the box with the new weight and dimensions and shows them at once', async () => {
    const box = makeBox(40, 5, { label: 'Shelf', zone: 2 });
    const { boxes, queue, entries } = await offlineWith({ boxes: [box] });
    const info = { h: 10, w: 12.5, l: 14, lbs: 3, ozs: 4 };
    await queue(updateBoxInfo.build({ box, info }));
    expect(await entries()).toEqual([{ destination: Destination.updateBoxInfo, body: { ...box, ...info }, tempRefs: undefined }]);
    expect(await boxes.get(40)).toMatchObject({ ...info, label: 'Shelf', zone: 2, pending: 1, base: box });
  });

  it('refuses numbers the server would refuse', () => {
    expect(() => updateBoxInfo.build({ box: makeBox(40, 5), info: { h: -1, w: 0, l: 0, lbs: 0, ozs: 0 } })).toThrow('Height cannot be negative.');
    expect(() => updateBoxInfo.build({ box: makeBox(-2, -1), info: { h: -1, w: 0, l: 0, lbs: 0, ozs: 0 } })).toThrow('Height cannot be negative.');
  });

  it('a box made offline, in a lot made offline: both ids are rewritten once the server names them', () => {
    const info = { h: 1, w: 2, l: 3, lbs: 4, ozs: 5 };
    expect(updateBoxInfo.build({ box: makeBox(-2, -1), info })).toMatchObject({ body: { ...makeBox(-2, -1), ...info }, tempRefs: ['id', 'manualManiestId'] });
  });
});

describe('/app/addUPCToBox: a scan', () => {
  it("a blank UPC: 'Please specify a UPC when adding the item.' (before the box is looked at)", () => {
    expect(() => scan(40, '  ')).toThrow('Please specify a UPC when adding the item.');
    expect(() => scan(undefined, '')).toThrow(ClientMessages.upcRequired);
  });

  it("without a box: 'Error, boxId is null or invalid'", () => {
    expect(() => scan(undefined, '0123')).toThrow('Error, boxId is null or invalid');
  });

  it("a UPC already in the box: that row shows 1 more at once, and the scan is sent as it was read", async () => {
    const row = inBox(40, makeItem(100, '0123', { quantity: 4, color: 'Red' }));
    const { items, queue, entries } = await offlineWith({ items: [row] });
    await queue(scan(40, ' 0123 ', row));
    expect(await entries()).toEqual([{ destination: Destination.addUPCToBox, body: { upc: '0123', boxId: 40 }, tempRefs: undefined }]);
    expect(await items.get(100)).toMatchObject({ quantity: 5, color: 'Red', pending: 1, base: row });
    expect(await items.count()).toBe(1);
  });

  it('a new UPC: a row of 1 appears at once, filled from the catalogue entry this device knows', async () => {
    const known: UpcEntry = {
      id: 9, upc: '0123', vendorName: 'Acme', itemDescription: 'Kettle', color: 'Red', size: '1L', retailPrice: 19.99, wholesalePrice: 7.5,
    };
    const { items, queue } = await offlineWith();
    const { tempId } = await queue(scan(40, '0123', undefined, known));
    expect(await items.get(tempId ?? 0)).toEqual({
      id: -1, boxId: 40, upc: '0123', quantity: 1, retailPrice: 19.99, clientCost: 7.5, listingPrice: null, vendor: 'Acme',
      itemDescriptionManifest: 'Kettle', color: 'Red', size: '1L', pending: 1, base: null,
    });
  });

  it('a UPC this device does not know: a bare row of 1 (the server fills it)', async () => {
    const { items, queue } = await offlineWith();
    await queue(scan(40, '0123'));
    expect(await items.get(-1)).toMatchObject({
      upc: '0123', quantity: 1, retailPrice: null, clientCost: null, vendor: null, itemDescriptionManifest: null, color: null, size: null,
    });
  });

  it('into a box made offline: the box id is one to rewrite once the box is created', async () => {
    const { queue, entries } = await offlineWith();
    await queue(scan(-2, '0123'));
    expect(await entries()).toEqual([{ destination: Destination.addUPCToBox, body: { upc: '0123', boxId: -2 }, tempRefs: ['boxId'] }]);
  });
});

describe('/app/addMultipleUPCsToBox: XLS Save Changes', () => {
  it("sends the box and the file's rows, and shows nothing until the server says which went in", async () => {
    const { items, queue, entries } = await offlineWith();
    const rows = [{ upc: '111', qnty: 2 }, { upc: '222', qnty: 1 }];
    await queue(addUpcs.build({ boxId: 40, upcQuantities: rows }));
    expect(await entries()).toEqual([{ destination: Destination.addMultipleUPCsToBox, body: { boxId: 40, upcQuantities: rows }, tempRefs: undefined }]);
    expect(await items.count()).toBe(0);
  });

  it('into a box made offline: the box id is one to rewrite once the box is created', () => {
    expect(addUpcs.build({ boxId: -2, upcQuantities: [{ upc: '111', qnty: 1 }] })).toMatchObject({ body: { boxId: -2 }, tempRefs: ['boxId'] });
  });
});

describe('/app/updateItems: Update Items', () => {
  it('sends the row with its edits and shows them at once', async () => {
    const item = makeItem(100, '0123', { quantity: 1, retailPrice: 10 });
    const { items, queue, entries } = await offlineWith({ items: [inBox(40, item)] });
    await queue(updateItem.build({ item, edits: { quantity: 3, listingPrice: 4.5 } }));
    expect(await entries()).toEqual([{ destination: Destination.updateItems, body: [{ ...item, quantity: 3, listingPrice: 4.5 }], tempRefs: undefined }]);
    expect(await items.get(100)).toMatchObject({ quantity: 3, listingPrice: 4.5, retailPrice: 10, pending: 1 });
  });

  it('sends the row without the replica marks', async () => {
    const item = makeItem(100, '0123');
    const { queue, entries } = await offlineWith({ items: [inBox(40, item)] });
    const row: ItemRow = { ...inBox(40, item), pending: 1, base: null };
    await queue(updateItem.build({ item: row, edits: { size: 'M' } }));
    const [entry] = await entries();
    expect(entry?.body).toEqual([{ ...item, size: 'M' }]);
  });

  it('refuses values the server would refuse', () => {
    expect(() => updateItem.build({ item: makeItem(100, '0123'), edits: { quantity: -1 } })).toThrow('Qnty cannot be negative.');
    expect(() => updateItem.build({ item: makeItem(-1, '0123'), edits: { quantity: -1 } })).toThrow('Qnty cannot be negative.');
  });

  it('a row scanned offline: its id is rewritten once the scan has arrived', () => {
    expect(updateItem.build({ item: makeItem(-1, '0123'), edits: { quantity: 2 } })).toMatchObject({ body: [{ ...makeItem(-1, '0123'), quantity: 2 }], tempRefs: ['0.id'] });
  });
});

describe('/app/deleteItems: Delete Items', () => {
  it('sends the ids and hides every row at once', async () => {
    const rows = [makeItem(100, '1'), makeItem(101, '2'), makeItem(102, '3')];
    const { items, queue, entries } = await offlineWith({ items: rows.map((item) => inBox(40, item)) });
    await queue(deleteItems.build([makeItem(100, '1'), makeItem(102, '3')]));
    expect(await entries()).toEqual([{ destination: Destination.deleteItems, body: [{ id: 100 }, { id: 102 }], tempRefs: undefined }]);
    expect((await items.orderBy('id').toArray()).map((item) => [item.id, item.removed ?? 0])).toEqual([[100, 1], [101, 0], [102, 1]]);
  });

  it('refuses nothing selected', () => {
    expect(() => deleteItems.build([])).toThrow('No items selected to delete...');
  });

  it('a row scanned offline: its id is rewritten once the scan has arrived', () => {
    expect(deleteItems.build([makeItem(100, '1'), makeItem(-1, '2')])).toMatchObject({ body: [{ id: 100 }, { id: -1 }], tempRefs: ['1.id'] });
  });
});

describe('XLS rows (upc, qnty)', () => {
  it('skips and counts rows without a usable UPC or a whole positive quantity', () => {
    const { rows, skipped } = xlsRows([
      { upc: '111', qnty: '2' },
      { upc: '', qnty: '1' },
      { upc: '12 34', qnty: '1' },
      { upc: '222', qnty: '0' },
      { upc: '333', qnty: '-1' },
      { upc: '444', qnty: '1.5' },
      { upc: '555', qnty: '' },
      { upc: '666', qnty: 'two' },
      { upc: ' 777 ', qnty: ' 3 ' },
    ]);
    expect(rows).toEqual([{ upc: '111', qnty: 2 }, { upc: '777', qnty: 3 }]);
    expect(skipped).toBe(7);
  });

  it('sums the same UPC on several rows, in the order the UPCs first appear', () => {
    expect(xlsRows([{ upc: '222', qnty: '1' }, { upc: '111', qnty: '2' }, { upc: '222', qnty: '4' }])).toEqual({
      rows: [{ upc: '222', qnty: 5 }, { upc: '111', qnty: 2 }],
      skipped: 0,
    });
  });
});

describe('the box editor badges', () => {
  it('count the units and total the MSRP (an unknown price counts 0)', () => {
    const rows = [
      inBox(40, makeItem(1, '1', { quantity: 2, retailPrice: 10.5 })),
      inBox(40, makeItem(2, '2', { quantity: 3, retailPrice: null })),
      inBox(40, makeItem(3, '3', { quantity: 1, retailPrice: 4 })),
    ];
    expect(boxTotals(rows)).toEqual({ units: 6, msrp: 25 });
    expect(boxTotals([])).toEqual({ units: 0, msrp: 0 });
  });
});
