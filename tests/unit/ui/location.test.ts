// The location dialog (spec §2, §9): zone, aisle, column and row 0–10, bin 0–50.
import { describe, expect, it } from 'vitest';
import { LOCATION_FIELDS, locationOptions, toLocation } from '../../../src/ui/location';

const range = (max: number) => Array.from({ length: max + 1 }, (_, index) => index);

describe('Update Location', () => {
  it('offers Zone, Aisle, Column and Row from 0 to 10 and Bin from 0 to 50, in that order', () => {
    expect(LOCATION_FIELDS.map(({ label, max }) => [label, locationOptions(max)])).toEqual([
      ['Zone', range(10)],
      ['Aisle', range(10)],
      ['Column', range(10)],
      ['Row', range(10)],
      ['Bin', range(50)],
    ]);
  });

  it('starts from the lot’s location', () => {
    expect(toLocation({ zone: 1, aisle: 2, column: 3, row: 4, bin: 45 })).toEqual({ zone: 1, aisle: 2, column: 3, row: 4, bin: 45 });
  });

  it('starts unset parts at 0', () => {
    expect(toLocation({ zone: null, aisle: 5 })).toEqual({ zone: 0, aisle: 5, column: 0, row: 0, bin: 0 });
  });

  it('never preselects a value the selects do not offer', () => {
    expect(toLocation({ zone: 11, aisle: -1, column: 2.5, row: 10, bin: 51 })).toEqual({ zone: 10, aisle: 0, column: 0, row: 10, bin: 50 });
  });
});
