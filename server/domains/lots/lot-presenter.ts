// presentLot: a lots row → the wire's Lot (spec §3 names, numbers as numbers). The one place that shape is built,
// and its inverse for what a client may write (editableColumnsOf, locationColumnsOf, changedColumnsOf). Never reads
// the database.
import type { Lot, LotAuctionEntry, LotEdit, LotLocationUpdate } from '../../../src/protocol/lots';
import type { lots } from '../../db';

export type LotRow = typeof lots.$inferSelect;

/** Each lot's auction entries by lot id (./lot-auctions.ts reads them). */
export type AuctionEntriesByLot = ReadonlyMap<number, LotAuctionEntry[]>;
const NO_AUCTIONS: AuctionEntriesByLot = new Map();

/** The wire's Lot; its auction entries from `auctions` (none given: none shown, for uses that never send it). */
export function presentLot(row: LotRow, auctions: AuctionEntriesByLot = NO_AUCTIONS): Lot {
  return {
    id: row.id,
    lotNumber: row.lotNumber,
    titleListing: row.titleListing,
    status: row.status,
    slug: row.slug,
    categories: row.categories,
    numberOfPallets: row.numberOfPallets,
    numberOfCartons: row.numberOfCartons,
    numberOfUnits: row.numberOfUnits,
    totalOriginalRetail: row.totalOriginalRetail,
    totalListingPrice: row.totalListingPrice,
    specialNotes: row.specialNotes,
    userId: row.userId,
    loc_zone: row.locZone,
    loc_aisle: row.locAisle,
    loc_column: row.locColumn,
    loc_row: row.locRow,
    loc_box: row.locBox,
    auctionEventManifests: auctions.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    listedAt: row.listedAt?.toISOString() ?? null,
    soldAt: row.soldAt?.toISOString() ?? null,
  };
}

/** A lot's warehouse location as stored: a null coordinate is 0, "unset" (server/db/schema/columns.ts). */
export type LotLocationColumns = Pick<LotRow, 'locZone' | 'locAisle' | 'locColumn' | 'locRow' | 'locBox'>;

/** A null coordinate is stored as 0, "unset". */
const coordinate = (value: number | null): number => value ?? 0;

export function locationColumnsOf(lot: Omit<LotLocationUpdate, 'id'>): LotLocationColumns {
  return {
    locZone: coordinate(lot.loc_zone),
    locAisle: coordinate(lot.loc_aisle),
    locColumn: coordinate(lot.loc_column),
    locRow: coordinate(lot.loc_row),
    locBox: coordinate(lot.loc_box),
  };
}

/**
 * The columns a client may write with updateManifest(s), and that a copy takes from its source. Never id,
 * lotNumber, slug or userId (the server's), nor status: updateLotStatus and listing set it, and a lot the client
 * holds may be stale. Totals are taken as typed: a hand edit stands until the next item change (DESIGN §5).
 */
export type LotEditableColumns = LotLocationColumns &
  Pick<LotRow, 'titleListing' | 'categories' | 'numberOfPallets' | 'numberOfCartons' | 'numberOfUnits' | 'totalOriginalRetail' | 'totalListingPrice' | 'specialNotes'>;

export function editableColumnsOf(lot: Lot): LotEditableColumns {
  return {
    titleListing: lot.titleListing,
    categories: lot.categories,
    numberOfPallets: lot.numberOfPallets,
    numberOfCartons: lot.numberOfCartons,
    numberOfUnits: lot.numberOfUnits,
    totalOriginalRetail: lot.totalOriginalRetail,
    totalListingPrice: lot.totalListingPrice,
    specialNotes: lot.specialNotes ?? '',
    ...locationColumnsOf(lot),
  };
}

/**
 * The columns an updateManifest(s) body changes: only the editable fields it names (issue 13), so a change to one
 * field never writes another person's newer value of a field this client did not touch.
 */
export function changedColumnsOf(edit: LotEdit): Partial<LotEditableColumns> {
  const { titleListing, categories, numberOfPallets, numberOfCartons, numberOfUnits, totalOriginalRetail, totalListingPrice, specialNotes } = edit;
  const { loc_zone: zone, loc_aisle: aisle, loc_column: column, loc_row: row, loc_box: box } = edit;
  return {
    ...(titleListing === undefined ? {} : { titleListing }),
    ...(categories === undefined ? {} : { categories }),
    ...(numberOfPallets === undefined ? {} : { numberOfPallets }),
    ...(numberOfCartons === undefined ? {} : { numberOfCartons }),
    ...(numberOfUnits === undefined ? {} : { numberOfUnits }),
    ...(totalOriginalRetail === undefined ? {} : { totalOriginalRetail }),
    ...(totalListingPrice === undefined ? {} : { totalListingPrice }),
    ...(specialNotes === undefined ? {} : { specialNotes: specialNotes ?? '' }),
    ...(zone === undefined ? {} : { locZone: coordinate(zone) }),
    ...(aisle === undefined ? {} : { locAisle: coordinate(aisle) }),
    ...(column === undefined ? {} : { locColumn: coordinate(column) }),
    ...(row === undefined ? {} : { locRow: coordinate(row) }),
    ...(box === undefined ? {} : { locBox: coordinate(box) }),
  };
}
