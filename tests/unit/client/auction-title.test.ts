// Create Title (issue 17): an auction title from a lot's title, its key words within the usual 50 characters.
import { describe, expect, it } from 'vitest';
import { AUCTION_TITLE_LIMIT, auctionTitleFrom, titleTooLong } from '../../../src/domains/auctions';

describe('auctionTitleFrom', () => {
  it('drops filler and repeated words and odd punctuation', () => {
    expect(auctionTitleFrom('NEW Lot of the  Oak chair ** with oak legs!!')).toBe('Oak chair legs');
  });
  it('stops at whole words within the limit', () => {
    const built = auctionTitleFrom('Vintage mahogany writing desk drawers brass handles leather inlay original finish');
    expect(built.length).toBeLessThanOrEqual(AUCTION_TITLE_LIMIT);
    expect(built).toBe('Vintage mahogany writing desk drawers brass');
    expect(titleTooLong(built)).toBe(false);
  });
  it('keeps one long word whole (the screen warns past the limit)', () => {
    const word = 'x'.repeat(60);
    expect(auctionTitleFrom(word)).toBe(word);
    expect(titleTooLong(word)).toBe(true);
  });
});
