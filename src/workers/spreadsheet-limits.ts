// What a spreadsheet file may be and what the user is told when it is not: the limits, the kinds, the refusal
// and its words. Shared by the worker and the main thread, so it imports no code (never SheetJS: the main
// thread's bundle must not carry it).
import { MIB } from '../protocol/limits';
import type { ZipLimits } from './zip-guard';

/** A catalogue export of 50,000 rows is about 5 MB. */
export const SPREADSHEET_MAX_BYTES = 10 * MIB;
/** Ten times the largest file: real sheets compress 3–8 times, a zip bomb a thousand times. */
export const SPREADSHEET_MAX_UNPACKED_BYTES = 100 * MIB;
/** An .xlsx holds a dozen parts, a few hundred with many sheets and images. */
export const SPREADSHEET_MAX_PARTS = 1000;
/** Rows read under the header; the rest of a longer sheet is left out, and said so. */
export const SPREADSHEET_MAX_ROWS = 50_000;

export interface SpreadsheetLimits extends ZipLimits {
  readonly maxBytes: number;
  readonly maxRows: number;
}

export const SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxBytes: SPREADSHEET_MAX_BYTES,
  maxUnpackedBytes: SPREADSHEET_MAX_UNPACKED_BYTES,
  maxParts: SPREADSHEET_MAX_PARTS,
  maxRows: SPREADSHEET_MAX_ROWS,
};

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';
export const SPREADSHEET_KINDS: readonly SpreadsheetKind[] = ['xlsx', 'xls', 'csv'];

/** A reason the file cannot be read, in words for the user. */
export class SpreadsheetError extends Error {
  override readonly name = 'SpreadsheetError';
}
