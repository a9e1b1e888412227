// Multiple SKUs entry (spec §5): split by line, trim, drop empty lines; none left means 'No SKUs entered.'.
import { describe, expect, it } from 'vitest';
import { parseSkus } from '../../../src/ui/skus';

describe('Multiple SKUs', () => {
  it('sends one SKU per typed or scanned line, trimmed', () => {
    expect(parseSkus('  L-0001\nL-0002  \n\tL-0003\t')).toEqual(['L-0001', 'L-0002', 'L-0003']);
  });

  it('drops empty and blank lines', () => {
    expect(parseSkus('\n\nL-0001\n   \n\nL-0002\n')).toEqual(['L-0001', 'L-0002']);
  });

  it('reads Windows and old Mac line endings from pasted spreadsheets', () => {
    expect(parseSkus('A\r\nB\rC\n')).toEqual(['A', 'B', 'C']);
  });

  it('keeps spaces inside a SKU and repeated SKUs as typed', () => {
    expect(parseSkus('LOT 7\nLOT 7')).toEqual(['LOT 7', 'LOT 7']);
  });

  it('leaves nothing for blank text (the caller then shows "No SKUs entered.")', () => {
    expect(parseSkus('')).toEqual([]);
    expect(parseSkus(' \n\t\r\n ')).toEqual([]);
  });
});
