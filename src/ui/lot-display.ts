// Pure display rules of lots (spec §2 Lots list, Lot edit): categories as 'name:id' joined by ' | ', the first auction
// entry as 'auctionTitle:id' (the event's title while the row has none), the location as its Z A C R B values. No React here.
import type { Category } from '../protocol/entities';
import type { Lot } from '../protocol/lots';

export function categoriesText(ids: readonly number[], byId: ReadonlyMap<number, Category>): string {
  return ids.map((id) => `${byId.get(id)?.name ?? ''}:${id}`).join(' | ');
}

export function auctionText(lot: Pick<Lot, 'auctionEventManifests'>): string {
  const [first] = lot.auctionEventManifests;
  if (first === undefined) return '';
  // A row without a title of its own (the usual case until Create Title) shows its event's name, not a bare ':1'.
  const title = first.auctionTitle !== null && first.auctionTitle !== '' ? first.auctionTitle : (first.auctionEvent.title ?? '');
  return `${title}:${first.id ?? first.auctionEvent.id}`;
}

const part = (value: number | null): string => (value === null ? '-' : String(value));

/** Zone, aisle, column, row, bin ('-' where unset). */
export function locationText(lot: Pick<Lot, 'loc_zone' | 'loc_aisle' | 'loc_column' | 'loc_row' | 'loc_box'>): string {
  return [lot.loc_zone, lot.loc_aisle, lot.loc_column, lot.loc_row, lot.loc_box].map(part).join(' ');
}

/** The row's name for buttons and screen readers: its number, or 'new lot' before the server made it. */
export const lotName = (lot: Pick<Lot, 'id' | 'lotNumber'>): string => (lot.id < 0 ? 'new lot' : lot.lotNumber);

/** A lot search's suggestion as listed (spec §2: the lots search; Inventory's lot field): number, then title. */
export const suggestionText = (lot: Pick<Lot, 'lotNumber' | 'titleListing'>): string => `${lot.lotNumber} ${lot.titleListing}`;

/** Lots named in a confirmation: the first ten by name, then how many more. */
const NAMES_SHOWN = 10;
export const lotNames = (lots: ReadonlyArray<Pick<Lot, 'id' | 'lotNumber'>>): string =>
  lots.slice(0, NAMES_SHOWN).map(lotName).join(', ') + (lots.length > NAMES_SHOWN ? ` and ${lots.length - NAMES_SHOWN} more` : '');
