// Suggestion boxes (spec §5, §9): lots-page suggestions only above 2 typed characters; a small list.
import { describe, expect, it } from 'vitest';
import {
  nextActiveIndex, shouldRequestSuggestions, SUGGEST_HIDE_DELAY_MS, SUGGEST_LIST_MAX_HEIGHT_PX,
  SUGGEST_LIST_MAX_WIDTH_PX,
} from '../../../src/ui/suggest';

const LOTS_PAGE_MIN_CHARS = 2; // the lots page asks above 2 characters (sync/lot-lookups.ts)

describe('lots search suggestions', () => {
  it.each(['', 'L', 'L-', '  L- ', '     '])('asks for no suggestions while the text is %j', (text) => {
    expect(shouldRequestSuggestions(text, LOTS_PAGE_MIN_CHARS)).toBe(false);
  });

  it.each(['L-0', 'drill', ' abc '])('asks for suggestions once %j is typed', (text) => {
    expect(shouldRequestSuggestions(text, LOTS_PAGE_MIN_CHARS)).toBe(true);
  });

  it('asks from the first character when the threshold is 0', () => {
    expect(shouldRequestSuggestions('a', 0)).toBe(true);
    expect(shouldRequestSuggestions('', 0)).toBe(false);
  });

  it('keeps the list at most 200 px tall and 250 px wide, hiding it 500 ms after focus leaves', () => {
    expect([SUGGEST_LIST_MAX_HEIGHT_PX, SUGGEST_LIST_MAX_WIDTH_PX, SUGGEST_HIDE_DELAY_MS]).toEqual([200, 250, 500]);
  });
});

describe('moving through suggestions with the arrows', () => {
  it('goes down from the text to the first suggestion and wraps after the last', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(1, 3, 'ArrowDown')).toBe(2);
    expect(nextActiveIndex(2, 3, 'ArrowDown')).toBe(0);
  });

  it('goes up from the text to the last suggestion and wraps before the first', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(0, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(2, 3, 'ArrowUp')).toBe(1);
  });

  it('highlights nothing when there are no suggestions', () => {
    expect(nextActiveIndex(0, 0, 'ArrowDown')).toBe(-1);
  });
});
