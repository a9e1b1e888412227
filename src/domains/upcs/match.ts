// The catalogue search as data entry means it (spec §2 Data entry), in one place for the server's answer and
// the replica's: which search field reads which entry field, what "matches" means (a case-insensitive prefix,
// the UPC as typed, like the server), and the distinct values a field suggests. Pure: tested in node.
import { SuggestionType } from '../../protocol/catalogue';
import type { UpcEntry } from '../../protocol/entities';

/** The eight search fields, in the screen's order. */
export const SEARCH_FIELDS = ['upc', 'style', 'size', 'color', 'asin', 'vendor', 'msrp', 'wholesale'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type CatalogueSearch = Readonly<Record<SearchField, string>>;

export const EMPTY_SEARCH: CatalogueSearch = { upc: '', style: '', size: '', color: '', asin: '', vendor: '', msrp: '', wholesale: '' };

/** The fields the server's suggestion types cover (spec §3: UPC, BRAND, STYLE, SIZE, COLOR, ALL_FIELDS). ASIN,
 * MSRP and Wholesale Price have none: their suggestions come from the replica, and they narrow what a search
 * found rather than being sent. */
export const SERVER_SUGGESTION_TYPE: Partial<Record<SearchField, SuggestionType>> = {
  upc: SuggestionType.UPC,
  vendor: SuggestionType.BRAND,
  style: SuggestionType.STYLE,
  size: SuggestionType.SIZE,
  color: SuggestionType.COLOR,
};

/** A price as typed into a search field: 2 decimals, '' when unset. */
const price = (value: number | null | undefined): string => (value === null || value === undefined ? '' : value.toFixed(2));

/** The entry's text for a search field (prices with 2 decimals, as the table shows them). */
export function fieldValue(entry: UpcEntry, field: SearchField): string {
  switch (field) {
    case 'upc': return entry.upc;
    case 'style': return entry.vendorStyleNumber ?? '';
    case 'size': return entry.size ?? '';
    case 'color': return entry.color ?? '';
    case 'asin': return entry.asin ?? '';
    case 'vendor': return entry.vendorName ?? '';
    case 'msrp': return price(entry.retailPrice);
    case 'wholesale': return price(entry.wholesalePrice);
  }
}

/** True when `value` starts with `typed`: the UPC exactly as typed, every other field ignoring case. */
export function startsWith(field: SearchField, value: string, typed: string): boolean {
  const wanted = typed.trim();
  if (wanted === '') return true;
  return field === 'upc' ? value.startsWith(wanted) : value.toLowerCase().startsWith(wanted.toLowerCase());
}

/** True when the entry matches every non-blank field of the search. */
export function matchesSearch(entry: UpcEntry, search: CatalogueSearch): boolean {
  return SEARCH_FIELDS.every((field) => startsWith(field, fieldValue(entry, field), search[field]));
}

/** True when the search has a non-blank field the server does not search by (ASIN, MSRP, Wholesale Price). */
export const narrowsLocally = (search: CatalogueSearch): boolean =>
  SEARCH_FIELDS.some((field) => SERVER_SUGGESTION_TYPE[field] === undefined && search[field].trim() !== '');

/** Up to `limit` distinct values of a field among the entries starting with `typed`, in order; case-insensitive
 * duplicates count once, blanks never show. */
export function distinctValues(entries: Iterable<UpcEntry>, field: SearchField, typed: string, limit: number): string[] {
  const seen = new Map<string, string>();
  for (const entry of entries) {
    const value = fieldValue(entry, field);
    if (value === '' || !startsWith(field, value, typed)) continue;
    const key = field === 'upc' ? value : value.toLowerCase();
    if (!seen.has(key)) seen.set(key, value);
  }
  return [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit).map(([, value]) => value);
}
