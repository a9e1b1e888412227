// What a UPC read from a spreadsheet can be trusted to be: the GS1 check digit (UPC-A 12, EAN-13 13, GTIN-14),
// the leading zero a numeric cell lost restored, and a plain sentence when a code cannot be right. Pure and
// shared: the spreadsheet worker, Data entry and Lot edit use it. It never rejects a code: a catalogue also holds
// codes that are not GTINs (letters, short internal numbers), so only digit strings of GTIN lengths are judged.
import { ClientMessages } from './messages';

/** GTIN lengths whose check digit is verified: UPC-A, EAN-13, GTIN-14. (An 8-digit code may be EAN-8 or UPC-E, whose check is another sum, or an internal number: not judged.) */
export const GTIN_LENGTHS: readonly number[] = [12, 13, 14];
/** Digit strings this long are a UPC that lost digits (a numeric cell drops leading zeros), not a code of their own. */
const SHORT_LENGTHS: readonly number[] = [9, 10, 11];
const UPC_A_LENGTH = 12;

const DIGITS = /^\d+$/;

export const isDigits = (code: string): boolean => DIGITS.test(code);

/**
 * The GS1 check digit for the digits before it: weights 3 and 1 alternate from the right, starting with 3;
 * the check digit takes the sum up to a multiple of 10. Leading zeros weigh nothing, so padding a code with
 * zeros never changes whether it checks out.
 */
export function gtinCheckDigit(body: string): number {
  if (!isDigits(body)) throw new TypeError(`gtinCheckDigit: not digits: ${body}`);
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether the code's last digit is the check digit of the digits before it (any length above 1). */
export function checkDigitMatches(code: string): boolean {
  return code.length > 1 && isDigits(code) && gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/**
 * A UPC as a numeric spreadsheet cell held it (`String(value)`), in its printed form: 027466802337 arrives as
 * 27466802337, and 11 digits whose check digit matches are a UPC-A that lost its leading 0. A 12-digit number
 * is a full UPC-A and stays so: an EAN-13 starting with 0 is that same UPC-A (GS1), and as padding never changes
 * the check, a 12-digit number that fails its check cannot be a 13-digit code that passes. Anything else is
 * returned as it came, for upcProblem to judge.
 */
export function restoreNumericUpc(digits: string): string {
  if (digits.length === UPC_A_LENGTH - 1 && checkDigitMatches(digits)) return `0${digits}`;
  return digits;
}

/** Why the code cannot be a right UPC, in a plain sentence; undefined when it can be (or is no GTIN at all). */
export function upcProblem(code: string): string | undefined {
  if (!isDigits(code)) return undefined;
  if (SHORT_LENGTHS.includes(code.length)) return ClientMessages.upcDigitCount(code);
  if (GTIN_LENGTHS.includes(code.length) && !checkDigitMatches(code)) return ClientMessages.upcCheckDigit(code, gtinCheckDigit(code.slice(0, -1)));
  return undefined;
}
