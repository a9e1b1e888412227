// The spreadsheet column sets of spec §3 ("matched by header, case-insensitive"), one per screen that reads a
// file, all read by the one parser in spreadsheet.ts. Keys become the fields of each row read; nothing a file
// contains ever becomes a key.

/** Column keys and the header names (lowercase, single-spaced) that fill each, e.g. `{ desc: ['desc', 'description'] }`. */
export type SheetColumns<K extends string> = Readonly<Record<K, readonly string[]>>;

/** Box bulk add (spec §3: upc and qnty). */
export const BOX_COLUMNS = { upc: ['upc'], qnty: ['qnty'] } as const satisfies SheetColumns<string>;

/** Data entry (spec §3: upc, brand, msrp, style, color, size, desc or description). */
export const CATALOGUE_COLUMNS = {
  upc: ['upc'],
  brand: ['brand'],
  msrp: ['msrp'],
  style: ['style'],
  color: ['color'],
  size: ['size'],
  desc: ['desc', 'description'],
} as const satisfies SheetColumns<string>;

/** Image entry (spec §3: upc and url). */
export const IMAGE_COLUMNS = { upc: ['upc'], url: ['url'] } as const satisfies SheetColumns<string>;

/** The sets by name: the worker is told a name, never handed column keys, so only these keys can be built. */
export const COLUMN_SETS = { box: BOX_COLUMNS, catalogue: CATALOGUE_COLUMNS, images: IMAGE_COLUMNS } as const;
export type ColumnSetName = keyof typeof COLUMN_SETS;
export type ColumnOf<S extends ColumnSetName> = keyof (typeof COLUMN_SETS)[S] & string;

export type BoxColumn = ColumnOf<'box'>;
export type CatalogueColumn = ColumnOf<'catalogue'>;
export type ImageColumn = ColumnOf<'images'>;

/**
 * Names that reach Object.prototype when used as a key (CVE-2023-30533 polluted it through one). Never a
 * column key, and a header cell with one of these names is ignored as a column.
 */
export const FORBIDDEN_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const isColumnSetName = (name: unknown): name is ColumnSetName => typeof name === 'string' && Object.hasOwn(COLUMN_SETS, name);

/** A header cell's text as the sets name it: trimmed, lowercased, runs of whitespace as one space (spec §5). */
export const headerName = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ');
