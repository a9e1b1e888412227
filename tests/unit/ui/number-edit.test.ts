// Numeric table cells (spec §2 'numbers display rounded to 2 decimals', §5 table cell edit).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Count, Measure, Money } from '../../../src/protocol/primitives';
import { formatNumber, parseNumberEdit } from '../../../src/ui/table/number-edit';

describe('editing a numeric cell', () => {
  it('shows "ERROR, Units must be a number. Invalid number:abc" and ignores the change', () => {
    expect(parseNumberEdit('Units', 'abc', 3, Count)).toEqual({ kind: 'invalid', message: 'ERROR, Units must be a number. Invalid number:abc' });
  });

  it.each(['', '   ', '1,5,0', '0x10', 'Infinity', '1e400', '12abc', '--1', '.'])('rejects %j as not a number', (raw) => {
    expect(parseNumberEdit('Retail', raw, 0, Money).kind).toBe('invalid');
  });

  it('names the column and the trimmed text in the error', () => {
    expect(parseNumberEdit('Listing', ' 1,500 ', 2, Money)).toEqual({ kind: 'invalid', message: 'ERROR, Listing must be a number. Invalid number:1,500' });
  });

  it.each([
    ['12.50', 12.5],
    [' 7 ', 7],
    ['0', 0],
    ['-0', 0],
  ])('counts %j as unchanged when the value was %s', (raw, original) => {
    expect(parseNumberEdit('Retail', raw, original, Money)).toEqual({ kind: 'unchanged' });
  });

  it.each([
    ['8', 7, 8],
    ['2.25', 0, 2.25],
    ['.5', 1, 0.5],
    ['1e3', 1, 1000],
    ['+4', 3, 4],
  ])('turns %j into a change from %s to %s', (raw, original, value) => {
    expect(parseNumberEdit('Retail', raw, original, Money)).toEqual({ kind: 'changed', value });
  });

  it.each([['$40', 40], ['$ 40', 40], ['40,00', 40], ['€12,5', 12.5], ['£3.25', 3.25], ['1,05', 1.05]])(
    'reads a price typed %j as %s (a currency sign, a decimal comma: issue 31)',
    (raw, value) => {
      expect(parseNumberEdit('Starting price', raw, 0, Money)).toEqual({ kind: 'changed', value });
    },
  );

  it.each(['1,500', '$', '40$', '4,0,0', '$-'])('does not guess at %j', (raw) => {
    expect(parseNumberEdit('Starting price', raw, 0, Money).kind).toBe('invalid');
  });

  it('shows "Units must be a whole number." for 12.345 in a count column, and changes nothing', () => {
    expect(parseNumberEdit('Units', '12.345', 12, Count)).toEqual({ kind: 'invalid', message: 'Units must be a whole number.' });
  });

  it('shows "Qnty cannot be negative." for -3 in a count column', () => {
    expect(parseNumberEdit('Qnty', '-3', 1, Count)).toEqual({ kind: 'invalid', message: 'Qnty cannot be negative.' });
  });

  it('shows "Msrp cannot be negative." for a negative price, and takes cents', () => {
    expect(parseNumberEdit('Msrp', '-0.01', 1, Money)).toEqual({ kind: 'invalid', message: 'Msrp cannot be negative.' });
    expect(parseNumberEdit('Msrp', '12.34', 1, Money)).toEqual({ kind: 'changed', value: 12.34 });
  });

  it('names the upper bound of the column', () => {
    expect(parseNumberEdit('Height', '100001', 1, Measure)).toEqual({ kind: 'invalid', message: 'Height must be at most 100000.' });
  });

  it('treats any number typed into an empty cell as a change', () => {
    expect(parseNumberEdit('Retail', '0', null, Money)).toEqual({ kind: 'changed', value: 0 });
  });

  it('reads back every number it displays unchanged or as that rounded number', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (original) => {
        const edit = parseNumberEdit('Retail', String(original), original, Money);
        expect(edit).toEqual({ kind: 'unchanged' });
      }),
    );
  });
});

describe('showing numbers', () => {
  it.each([
    [10, '10.00'],
    [1.1, '1.10'],
    [12345.678, '12345.68'],
    [1.005, '1.01'],
    [2.675, '2.68'],
    [-1.005, '-1.01'],
    [-0.001, '0.00'],
    [0, '0.00'],
  ])('shows %s as "%s"', (value, shown) => {
    expect(formatNumber(value)).toBe(shown);
  });

  it('shows nothing for an unset number', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('always shows exactly two decimals, within half a cent of the value', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        const shown = formatNumber(value);
        expect(shown).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.abs(Number(shown) - value)).toBeLessThanOrEqual(0.005 + 1e-6);
      }),
    );
  });
});
