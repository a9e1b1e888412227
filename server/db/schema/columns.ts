// Column helpers shared by the schema modules: money, timestamps, location. Never holds a table.
import { sql } from 'drizzle-orm';
import { integer, numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Money is numeric(12,2): exact in the database, so SUM() over items and cents rounding never drift the way
 * double precision does, and mode 'number' hands JS a plain number (both drivers return numeric as text;
 * drizzle converts). 12 digits is ten billion dollars, far beyond any lot.
 */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull().default(0);
/** Money that may be unknown (a catalogue price nobody entered yet): null, never a made-up 0. */
export const moneyOrNull = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** Timestamps are timestamptz, read as Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** A location coordinate (zone, aisle, column, row, bin): spec §9 dropdowns 0–10 (bin 0–50); 0 is unset. */
export const coordinate = (name: string) => integer(name).notNull().default(0);

/** `column IN ('A', 'B', …)` for a CHECK constraint over a fixed list of literals (no quotes in them). */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
