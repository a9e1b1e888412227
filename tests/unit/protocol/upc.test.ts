// The UPC rules every spreadsheet import shares (issue 13): the GS1 check digit of UPC-A, EAN-13 and GTIN-14,
// a numeric cell's lost leading zero put back, and the plain sentence a UPC that cannot be right is marked with.
import { describe, expect, it } from 'vitest';
import { checkDigitMatches, gtinCheckDigit, restoreNumericUpc, upcProblem } from '../../../src/protocol/upc';

// Real codes: a UPC-A starting with 0, a UPC-A, an EAN-13, a GTIN-14 (a case of the UPC-A below).
const UPC_A_WITH_ZERO = '027466802337';
const UPC_A = '123456789012';
const EAN_13 = '4006381333931';
const GTIN_14 = '10012345678902';

/** The code with the digit at `at` one higher (9 becomes 0). */
const bump = (code: string, at: number): string => `${code.slice(0, at)}${(Number(code.charAt(at)) + 1) % 10}${code.slice(at + 1)}`;

describe('GTIN check digit', () => {
  it('is the digit that takes the 3-1 weighted sum (3 on the rightmost digit of the body) to a multiple of 10', () => {
    expect(gtinCheckDigit('02746680233')).toBe(7);
    expect(gtinCheckDigit('12345678901')).toBe(2);
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(gtinCheckDigit('1001234567890')).toBe(2);
    expect(gtinCheckDigit('03600029145')).toBe(2); // 036000291452: sum 58, so 2
    expect(gtinCheckDigit('00000000000')).toBe(0);
  });

  it('accepts real UPC-A, EAN-13 and GTIN-14 codes and refuses each with one digit changed or two swapped', () => {
    for (const code of [UPC_A_WITH_ZERO, UPC_A, EAN_13, GTIN_14, '036000291452']) {
      expect(checkDigitMatches(code)).toBe(true);
      expect(checkDigitMatches(bump(code, code.length - 1))).toBe(false);
      expect(checkDigitMatches(bump(code, 2))).toBe(false);
    }
    expect(checkDigitMatches('027466803237')).toBe(false); // its 2 and 3 swapped
  });

  it('does not change when the code is padded with leading zeros (a UPC-A is the EAN-13 with a 0 in front)', () => {
    expect(checkDigitMatches(`0${UPC_A_WITH_ZERO}`)).toBe(true);
    expect(checkDigitMatches(`00${UPC_A}`)).toBe(true);
    expect(checkDigitMatches(UPC_A_WITH_ZERO.slice(1))).toBe(true);
  });

  it('judges only digits', () => {
    expect(checkDigitMatches('ABC-123')).toBe(false);
    expect(checkDigitMatches('7')).toBe(false);
    expect(() => gtinCheckDigit('12a')).toThrow(TypeError);
  });
});

describe('a UPC read from a numeric cell', () => {
  it('gets back the leading 0 Excel dropped: 027466802337 arrives as 27466802337 and leaves as 027466802337', () => {
    expect(restoreNumericUpc('27466802337')).toBe(UPC_A_WITH_ZERO);
    expect(restoreNumericUpc('3600029145')).toBe('3600029145'); // 10 digits: not guessed at (upcProblem marks it)
  });

  it('keeps 11 digits whose check digit fails with a 0 in front as they came: not a UPC-A that lost its 0', () => {
    expect(restoreNumericUpc('27466802338')).toBe('27466802338');
  });

  it('keeps a full UPC-A, EAN-13 or GTIN-14 as it is, right or wrong: padding cannot make a wrong one right', () => {
    expect(restoreNumericUpc(UPC_A)).toBe(UPC_A);
    expect(restoreNumericUpc('123456789013')).toBe('123456789013');
    expect(restoreNumericUpc(EAN_13)).toBe(EAN_13);
    expect(restoreNumericUpc(GTIN_14)).toBe(GTIN_14);
  });

  it('leaves short numbers and what is not digits alone', () => {
    expect(restoreNumericUpc('5')).toBe('5');
    expect(restoreNumericUpc('1e+21')).toBe('1e+21');
  });
});

describe('why a UPC cannot be right', () => {
  it('says nothing of a right UPC-A, EAN-13 or GTIN-14', () => {
    for (const code of [UPC_A_WITH_ZERO, UPC_A, EAN_13, GTIN_14]) expect(upcProblem(code)).toBeUndefined();
  });

  it('names a wrong check digit in plain words, with the digit that would be right', () => {
    expect(upcProblem('027466802338')).toBe('UPC 027466802338 has a wrong check digit: for these digits the last one should be 7. Check the number.');
    expect(upcProblem('4006381333932')).toBe('UPC 4006381333932 has a wrong check digit: for these digits the last one should be 1. Check the number.');
    expect(upcProblem('10012345678903')).toMatch(/should be 2\./);
  });

  it('says when digits are missing: 9 to 11 digits are a UPC that lost some', () => {
    expect(upcProblem('27466802338')).toBe('UPC 27466802338 has 11 digits; a UPC has 12 (an EAN 13). Check the number.');
    expect(upcProblem('3600029145')).toMatch(/has 10 digits/);
    expect(upcProblem('123456789')).toMatch(/has 9 digits/);
  });

  it('does not judge codes that are no GTIN: letters, short internal numbers, 8 digits (EAN-8 or UPC-E), 15 and more', () => {
    for (const code of ['ABC-123', '0123', '12345678', 'X27466802337', '123456789012345']) expect(upcProblem(code)).toBeUndefined();
  });
});
