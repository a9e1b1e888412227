// presentLot: a lots row → the wire's Lot (spec §3 names, numbers as numbers). The one place that shape is built;
// it never reads the database itself.
import type { Lot } from '../../src/protocol/lots';
import type { lots } from '../db';

export type LotRow = typeof lots.$inferSelect;

export function presentLot(row: LotRow): Lot {
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
    auctionEventManifests: [], // filled once auction events are served
  };
}
