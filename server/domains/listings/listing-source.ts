// What a listing is made from: a visible lot's facts for its template (ListingValues), and its pictures. Read on
// services.db before any transaction: rendering and the store's round trips must not hold the database.
import { asc, eq, inArray } from 'drizzle-orm';
import type { ListingRequest } from '../../../src/protocol/entities';
import { boxes, categories, images, items, lots, type DbOrTx } from '../../db';
import type { ListingValues } from '../../store/templates';
import type { HandlerUser } from '../handler';
import { visibleLot, type LotRow } from '../lots';

/** A listing shows at most this many pictures: the first is the main one. */
export const LISTING_IMAGES_MAX = 10;

export interface ListingSource {
  lot: LotRow;
  /** The lot's facts; quantity and freeShipping come from the request (valuesFor). */
  facts: Omit<ListingValues, 'quantity' | 'freeShipping'>;
  /** Our own paths of the lot's pictures (the large variant), oldest first. */
  imagePaths: string[];
}

async function categoryNames(db: DbOrTx, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, [...ids]));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  // In the lot's order; an id the tree no longer has (a WooCommerce id, a deleted category) is left out.
  return ids.flatMap((id) => names.get(id) ?? []);
}

/** The lot with what its listing needs, or undefined when it is missing or not the user's. */
export async function readListingSource(db: DbOrTx, user: HandlerUser, lotId: number): Promise<ListingSource | undefined> {
  const [lot] = await db.select().from(lots).where(visibleLot(user, lotId));
  if (lot === undefined) return undefined;
  const itemRows = await db
    .select({ quantity: items.quantity, description: items.itemDescriptionManifest, upc: items.upc, retail: items.retailPrice })
    .from(items)
    .innerJoin(boxes, eq(items.boxId, boxes.id))
    .where(eq(boxes.lotId, lot.id))
    .orderBy(asc(boxes.id), asc(items.id));
  const pictures = await db
    .select({ large: images.large })
    .from(images)
    .where(eq(images.lotId, lot.id))
    .orderBy(asc(images.id))
    .limit(LISTING_IMAGES_MAX);
  return {
    lot,
    facts: {
      title: lot.titleListing,
      lotNumber: lot.lotNumber,
      units: lot.numberOfUnits,
      retail: lot.totalOriginalRetail,
      listing: lot.totalListingPrice,
      pallets: lot.numberOfPallets,
      cartons: lot.numberOfCartons,
      specialNotes: lot.specialNotes,
      categories: await categoryNames(db, lot.categories),
      items: itemRows,
    },
    imagePaths: pictures.map((picture) => picture.large).filter((path) => path !== ''),
  };
}

export const valuesFor = (source: ListingSource, request: Pick<ListingRequest, 'qnt' | 'free_shipping'>): ListingValues => ({
  ...source.facts,
  quantity: request.qnt,
  freeShipping: request.free_shipping,
});
