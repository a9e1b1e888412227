// Bounds of money and counts, apart from primitives.ts so the message catalogue can name them without importing the
// schemas (which import the catalogue for their plain messages).
/** Money and counts are finite and bounded so sums over many lots cannot overflow a safe number. */
export const MONEY_MAX = 1_000_000_000;
export const COUNT_MAX = 1_000_000;

/** A mebibyte: file-size limits are set and stated in MB of 1024 × 1024 bytes. */
export const MIB = 1024 * 1024;
