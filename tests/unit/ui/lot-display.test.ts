// The Lots table's display rules (spec §2): categories 'name:id' joined by ' | ', the first auction entry as
// 'auctionTitle:id', the location as its Z A C R B values.
import { describe, expect, it } from 'vitest';
import type { Category } from '../../../src/protocol/entities';
import { auctionText, categoriesText, locationText, lotName } from '../../../src/ui/lot-display';

describe('Lots table display', () => {
  it('shows categories as name:id pairs separated by " | ", in the lot\'s order', () => {
    const byId = new Map<number, Category>([
      [3, { id: 3, name: 'Tools', parent: 0 }],
      [7, { id: 7, name: 'Toys', parent: 0 }],
    ]);
    expect(categoriesText([7, 3], byId)).toBe('Toys:7 | Tools:3');
    expect(categoriesText([], byId)).toBe('');
    expect(categoriesText([9], byId)).toBe(':9');
  });

  it('shows the first auction-event manifest as auctionTitle:id, else nothing', () => {
    expect(auctionText({ auctionEventManifests: [] })).toBe('');
    expect(
      auctionText({
        auctionEventManifests: [
          { id: 12, auctionEvent: { id: 4 }, auctionTitle: 'Spring tools' },
          { id: 13, auctionEvent: { id: 5 }, auctionTitle: 'Later' },
        ],
      }),
    ).toBe('Spring tools:12');
  });

  it("shows the event's name while the row has no auction title of its own, never a bare ':12' (issue 31)", () => {
    const entry = (auctionTitle: string | null) => ({ id: 12, auctionEvent: { id: 4, title: 'Saturday sale' }, auctionTitle });
    expect(auctionText({ auctionEventManifests: [entry(null)] })).toBe('Saturday sale:12');
    expect(auctionText({ auctionEventManifests: [entry('')] })).toBe('Saturday sale:12');
  });

  it('shows the location as zone, aisle, column, row and bin values, "-" where unset', () => {
    expect(locationText({ loc_zone: 1, loc_aisle: 2, loc_column: 3, loc_row: 4, loc_box: 50 })).toBe('1 2 3 4 50');
    expect(locationText({ loc_zone: null, loc_aisle: 0, loc_column: null, loc_row: null, loc_box: null })).toBe('- 0 - - -');
  });

  it('names a lot made offline "new lot" until the server numbers it', () => {
    expect(lotName({ id: -1, lotNumber: '' })).toBe('new lot');
    expect(lotName({ id: 5, lotNumber: 'LOT-0005' })).toBe('LOT-0005');
  });
});
