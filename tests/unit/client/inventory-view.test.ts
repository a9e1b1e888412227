// Issue 16's pure parts: expected vs found for one location, and the history's CSV rows (spec §9 columns, word for
// word; the store's stock as Qnt and WC Status; a formula-like title neutralised).
import { describe, expect, it } from 'vitest';
import { countLocation, historyCsv, HISTORY_CSV_COLUMNS, type HistoryRow } from '../../../src/domains/inventory';
import { InventoryScreenMessages } from '../../../src/protocol/messages';

const HERE = { zone: 1, aisle: 2, column: 3, row: 4, bin: 5 };
const lot = (id: number, place: readonly [number | null, number, number, number, number]) => ({
  id, lotNumber: `LOT-${id}`, loc_zone: place[0], loc_aisle: place[1], loc_column: place[2], loc_row: place[3], loc_box: place[4],
});
const entry = (id: number, manifestId: number, place: readonly [number, number, number, number, number] = [1, 2, 3, 4, 5]): HistoryRow => ({
  id, manifestId, inventoryEventId: 1, status: 'NOT_LISTED', lotNumber: `LOT-${manifestId}`, locZone: place[0], locAisle: place[1], locColumn: place[2],
  locRow: place[3], locBox: place[4], changedBy: 1, changedAt: null, manifest: null, storeStatus: null,
});

describe('countLocation', () => {
  it('splits the location into found, missing and strays; an unset part of a lot\'s location never matches', () => {
    const lots = [lot(1, [1, 2, 3, 4, 5]), lot(2, [1, 2, 3, 4, 5]), lot(3, [9, 9, 9, 9, 9]), lot(4, [null, 2, 3, 4, 5])];
    const count = countLocation(HERE, lots, [entry(10, 1), entry(11, 3), entry(12, 77), entry(13, 2, [1, 2, 3, 4, 6])]);
    expect(count.expected.map((each) => each.id)).toEqual([1, 2]);
    expect(count.found.map((each) => each.id)).toEqual([1]);
    expect(count.missing.map((each) => each.id)).toEqual([2]); // counted in this event, but at another bin
    expect(count.strays.map((each) => [each.lotNumber, each.lot?.id])).toEqual([['LOT-3', 3], ['LOT-77', undefined]]);
  });
});

describe('historyCsv', () => {
  it('writes the spec\'s columns, the attached lot or the device\'s one, and the store\'s stock', () => {
    const attached = { ...entry(1, 1), manifest: null, storeStatus: { sku: 'LOT-1', stock_status: 'instock', stock_quantity: 2 } };
    const lines = historyCsv([attached, entry(2, 2)], new Map([['LOT-1', { titleListing: '@risky', totalListingPrice: 12.5 }]])).split('\r\n');
    expect(lines[0]).toBe(HISTORY_CSV_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual(["LOT-1,NOT_LISTED,1 2 3 4 5,'@risky,12.5,2,instock", 'LOT-2,NOT_LISTED,1 2 3 4 5,,,,']);
  });

  it('says so when there is nothing to download', () => {
    expect(() => historyCsv([], new Map())).toThrow(InventoryScreenMessages.csvEmpty);
  });
});
