// The catalogue export (issue 17): an auction's lots as CSV in sale order, for import into auction software. Formula-
// like text is neutralised by ui/csv.ts, as in the inventory history's CSV. Pure: the screen gives it the rows as
// shown, the category names and each lot's image URLs.
import { AuctionScreenMessages } from '../../protocol/messages';
import { toCsv, type CsvCell } from '../../ui/csv';
import type { AuctionManifestRow } from './tables';

export const CATALOGUE_CSV_COLUMNS = ['Lot number', 'Sale order', 'Title', 'Description', 'Starting price', 'Quantity', 'Category', 'Image URLs'] as const;

/** Image URLs in one cell: comma and space, as store importers read them (our image links hold no comma). */
const IMAGE_SEPARATOR = ', ';
const CATEGORY_SEPARATOR = ' | ';

export interface CatalogueLookups {
  readonly categoryName: (id: number) => string | undefined;
  /** The lot's image URLs, absolute, in the order they were added. */
  readonly imageUrls: (lotId: number) => readonly string[];
}

/** The auction title, or the lot's own title while none is set. */
const titleOf = (row: AuctionManifestRow): string => (row.auctionTitle ?? '').trim() || row.manifest.titleListing;

/** The lot's title and its special notes, a blank line between. */
const descriptionOf = (row: AuctionManifestRow): string => [row.manifest.titleListing, row.manifest.specialNotes ?? ''].filter((part) => part.trim() !== '').join('\n\n');

/** The catalogue as CSV text, one line per row in the order given (the sale as shown: place 1 first). */
export function catalogueCsv(rows: readonly AuctionManifestRow[], lookups: CatalogueLookups): string {
  if (rows.length === 0) throw new Error(AuctionScreenMessages.catalogueEmpty);
  return toCsv(CATALOGUE_CSV_COLUMNS, rows.map((row, index): CsvCell[] => [
    row.manifest.lotNumber,
    index + 1,
    titleOf(row),
    descriptionOf(row),
    row.startingPrice,
    row.manifest.numberOfUnits,
    row.manifest.categories.flatMap((id) => lookups.categoryName(id) ?? []).join(CATEGORY_SEPARATOR),
    lookups.imageUrls(row.manifest.id).join(IMAGE_SEPARATOR),
  ]));
}

/** The file's name: the event's id, so two exports of one event replace each other in a downloads folder. */
export const catalogueFileName = (eventId: number): string => `auction-${eventId}-catalogue.csv`;
