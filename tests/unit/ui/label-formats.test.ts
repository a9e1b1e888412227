// Label sizes and the location code a location label carries (issue 16).
import { describe, expect, it } from 'vitest';
import { labelFormat, locationCode, pagesOf, parseLocationCode } from '../../../src/ui/labels/label-formats';

describe('location labels', () => {
  it('encode zone-aisle-column-row-bin, and read back only what a location can be', () => {
    const location = { zone: 1, aisle: 2, column: 10, row: 0, bin: 50 };
    expect(locationCode(location)).toBe('1-2-10-0-50');
    expect(parseLocationCode(' 1-2-10-0-50 ')).toEqual(location);
    expect(parseLocationCode('11-1-1-1-1')).toBeUndefined(); // zone above 10
    expect(parseLocationCode('1-1-1-1-51')).toBeUndefined(); // bin above 50
    expect(parseLocationCode('LOT-000123')).toBeUndefined();
    expect(parseLocationCode('1-1-1-1')).toBeUndefined();
  });
});

describe('label formats', () => {
  it('puts labels on pages of the format, and falls back to the first format for an unknown one', () => {
    expect(pagesOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(labelFormat('letter').perPage).toBe(30);
    expect(labelFormat('nonsense').id).toBe('4x2');
  });
});
