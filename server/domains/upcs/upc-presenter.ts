// presentUpc: a upcs row → the wire's UpcEntry (spec §3); and its inverse, the columns a client's entry writes
// (absent fields kept, null clears). The one place either shape is built. Never reads the database.
import type { UpcEntry } from '../../../src/protocol/catalogue';
import type { upcs } from '../../db';

export type UpcRow = typeof upcs.$inferSelect;
export type UpcColumns = Omit<typeof upcs.$inferInsert, 'id' | 'lastUpdated'>;

export function presentUpc(row: UpcRow): UpcEntry {
  return {
    id: row.id,
    upc: row.upc,
    vendorName: row.vendorName,
    vendorStyleNumber: row.vendorStyleNumber,
    size: row.size,
    color: row.color,
    ean: row.ean,
    itemDescription: row.itemDescription,
    retailPrice: row.retailPrice,
    wholesalePrice: row.wholesalePrice,
    liquidationPrice: row.liquidationPrice,
    approved: row.approved,
    approvedBy: row.approvedBy,
    source: row.source,
    division: row.division,
    department: row.department,
    vendorNameOriginal: row.vendorNameOriginal,
    lastUpdated: row.lastUpdated.toISOString(),
    asin: row.asin,
  };
}

/** Free-text fields: stored trimmed (a stray space would make a second brand in the suggestions); null is ''. */
const TEXT_FIELDS = [
  'vendorName', 'vendorStyleNumber', 'size', 'color', 'ean', 'itemDescription', 'division', 'department', 'vendorNameOriginal', 'asin',
] as const satisfies ReadonlyArray<keyof UpcEntry & keyof UpcColumns>;
/** Prices: null is "unknown", never a made-up 0. */
const MONEY_FIELDS = ['retailPrice', 'wholesalePrice', 'liquidationPrice'] as const satisfies ReadonlyArray<keyof UpcEntry & keyof UpcColumns>;

/**
 * The columns `entry` writes: a field left out (undefined) is not among them, so an UPDATE keeps it; null clears it
 * (text to '', a price to null, approved to false). source cannot be cleared: null keeps it. lastUpdated is the
 * server's, whatever the client sent.
 */
export function columnsOf(entry: UpcEntry): Partial<UpcColumns> & Pick<UpcColumns, 'upc'> {
  const columns: Partial<UpcColumns> & Pick<UpcColumns, 'upc'> = { upc: entry.upc };
  for (const field of TEXT_FIELDS) {
    const value = entry[field];
    if (value !== undefined) columns[field] = value?.trim() ?? '';
  }
  for (const field of MONEY_FIELDS) {
    const value = entry[field];
    if (value !== undefined) columns[field] = value;
  }
  if (entry.approved !== undefined) columns.approved = entry.approved ?? false;
  if (entry.approvedBy !== undefined) columns.approvedBy = entry.approvedBy;
  if (entry.source !== undefined && entry.source !== null) columns.source = entry.source;
  return columns;
}

/** An approved entry names its approver: the one given, else whoever approves it now (spec §3 approvedBy). */
export function withApprover<C extends Pick<UpcColumns, 'approved' | 'approvedBy'>>(columns: C, username: string): C {
  const blank = (columns.approvedBy ?? '').trim() === '';
  return columns.approved === true && blank ? { ...columns, approvedBy: username } : columns;
}
