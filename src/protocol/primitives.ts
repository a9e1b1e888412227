// Bounded building blocks for the wire schemas. The server parses every payload with schemas built from
// these, so their limits are the first defence against hostile input: keep them tight but never below
// what real data needs. Nothing here knows an entity.
import { z } from 'zod';
import { COUNT_MAX, MONEY_MAX } from './limits';
import { plainError } from './plain-issues';

export { COUNT_MAX, MONEY_MAX };

/** Largest id we accept: ids are database serials; anything above is a forged or broken value. */
export const ID_MAX = 2_147_483_647; // PostgreSQL integer
/** Lists in one request: enough for a warehouse day, small enough to keep one transaction short. */
export const LIST_MAX = 1000;

/** A stored row's id: a positive integer. */
export const Id = z.number().int().min(1).max(ID_MAX).describe('a stored row\'s id');
/** An id that may be 0: the spec's "new row" marker (data-entry rows, new notes, new boxes). */
export const IdOrZero = z.number().int().min(0).max(ID_MAX).describe('0: a new row');
/** A filter id where 0, null or absence means "any". */
export const IdFilter = IdOrZero.nullable().optional().describe('0, null or absent: any');
/**
 * A row the client holds (a lot, box, item, image, history entry), sent to act on it: only the id is read,
 * every other field is dropped (zod's default strip mode), so a full row or a bare `{id}` both work.
 */
export const RowRef = z.object({ id: Id }).describe('a row the client holds; only its id is read');
export type RowRef = z.infer<typeof RowRef>;

// Numbers say what is wrong in a person's words ('Units must be a whole number.'), the field named by its label.
const number = () => z.number({ error: plainError });
export const Money = number().min(0).max(MONEY_MAX);
export const Count = number().int().min(0).max(COUNT_MAX);
/** Inches, pounds, ounces: non-negative, finite, with room for a pallet. */
export const Measure = number().min(0).max(100_000);
/** A price multiplier of spec §9 (0.2, 2.5, …): non-negative and bounded. */
export const Multiplier = number().min(0).max(1000);

/**
 * A NUL (PostgreSQL text cannot hold one) or half of a UTF-16 surrogate pair without its other half (no character
 * at all: it cannot be stored or shown as sent). JSON can carry both (`\u0000`, `\ud800`); no real text holds them.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain a NUL character or a broken (unpaired surrogate) character.';

/** True when the text holds nothing a database column or a screen could not keep as it is. */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * The one string every wire schema starts from: any string field of any payload is refused (BAD_REQUEST, the field
 * named) when it holds a NUL or a broken character, before a handler or the database sees it. Build string fields
 * from this (or the helpers below), never from z.string() itself; tests/unit/protocol/wire-strings.test.ts checks.
 */
export const wireString = () => z.string({ error: plainError }).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** Free text of at most `max` characters (may be empty). */
export const text = (max: number) => wireString().max(max);
/** Text that must hold something once trimmed (labels, titles, search terms). */
export const requiredText = (max: number) => wireString().trim().min(1).max(max);

/** A product code as scanned or typed: UPC, EAN or a style code. No spaces or control characters. */
export const Upc = wireString()
  .trim()
  .min(1, 'UPC is required')
  .max(64)
  .regex(/^[^\s\p{Cc}]+$/u, 'UPC must not contain spaces or control characters');

/** A lot number (SKU), server-assigned like `LOT-000042`; typed by staff when searching. */
export const LotNumber = requiredText(64);

/** An ISO 8601 date-time, with an offset (server times) or without one (a local datetime input). */
export const Timestamp = z.iso.datetime({ offset: true, local: true, error: plainError }).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

/** Location values of spec §9: zone, aisle, column and row 0–10, bin 0–50. */
export const LOCATION_MAX = 10;
export const BIN_MAX = 50;
export const LocationValue = number().int().min(0).max(LOCATION_MAX);
export const BinValue = number().int().min(0).max(BIN_MAX);

/** A public link or a server-relative path to an image variant. */
export const ImageLink = text(2048);
/**
 * An http(s) address to fetch an image from; the server also checks it resolves to a public host. The URL check
 * would pass a NUL in the path (it percent-encodes it), so the text is checked too.
 */
export const HttpUrl = z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).max(2048).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
