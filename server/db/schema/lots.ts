// Lots (manifests), their boxes and box items: spec §3 "Lot / manifest", "Box", "Box item".
// Owned by domains/lots, boxes, items and the commands they call (lot copier, totals recalculator).
import { sql } from 'drizzle-orm';
import { bigint, check, doublePrecision, index, integer, pgSequence, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { coordinate, createdAt, money, moneyOrNull, oneOf, timestampTz } from './columns';
import { users } from './users';

/** The spec's lot status values (§4), in the order the status dialog lists them. */
export const LOT_STATUSES = ['NOT_LISTED', 'LISTED', 'SOLD', 'SHIPPED', 'SCHEDULED', 'UNSOLD'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

/**
 * Lot numbers are `LOT_PREFIX` + a zero-padded value of this sequence (DESIGN §5 "Lot numbers"). A sequence,
 * not max()+1, so concurrent creates on several servers never collide; gaps after a rollback are fine.
 * Use `nextLotNumber()` from server/db/sql.ts.
 */
export const lotNumberSeq = pgSequence('lot_number_seq', { startWith: 1, increment: 1 });

/**
 * lots — the spec's "manifest". Owned per user (DESIGN §5 Ownership): every query a handler runs for a
 * non-admin filters by user_id, hence the (user_id, status) index the lots list uses.
 * Totals (units, retail, listing) are recomputed from items on every item change; pallets and cartons are
 * typed by hand. `categories` holds store category ids (categories.id or WooCommerce ids), no FK.
 * Location columns keep the spec's loc_* names; loc_box is the bin.
 */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    lotNumber: text('lot_number').notNull().unique(),
    titleListing: text('title_listing').notNull().default(''),
    status: text('status', { enum: LOT_STATUSES }).notNull().default('NOT_LISTED'),
    slug: text('slug'),
    categories: integer('categories').array().notNull().default(sql`'{}'::integer[]`),
    numberOfPallets: integer('number_of_pallets').notNull().default(0),
    numberOfCartons: integer('number_of_cartons').notNull().default(0),
    numberOfUnits: integer('number_of_units').notNull().default(0),
    totalOriginalRetail: money('total_original_retail'),
    totalListingPrice: money('total_listing_price'),
    specialNotes: text('special_notes').notNull().default(''),
    userId: integer('user_id').notNull().references(() => users.id),
    locZone: coordinate('loc_zone'),
    locAisle: coordinate('loc_aisle'),
    locColumn: coordinate('loc_column'),
    locRow: coordinate('loc_row'),
    locBox: coordinate('loc_box'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow().$onUpdate(() => new Date()),
    /**
     * When the lot last became LISTED, and when it became SOLD (kept when it is SHIPPED): set by a trigger on every
     * change of status, whichever handler made it (migration 0011), never by code. Back to NOT_LISTED clears both,
     * back to LISTED clears the sale. What the Overview's weeks count (issue 34).
     */
    listedAt: timestampTz('listed_at'),
    soldAt: timestampTz('sold_at'),
    /**
     * The transaction that last wrote the lot as it is presented (its row, or its auction entries): txid_current(),
     * set by a trigger (migration 0009), never by code. What syncLots pages by (server/domains/lots/sync.ts).
     */
    writerXid: bigint('writer_xid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('lots_status_check', oneOf(t.status, LOT_STATUSES)),
    index('lots_sync_idx').on(t.writerXid, t.id),
    index('lots_user_sync_idx').on(t.userId, t.writerXid, t.id),
    index('lots_user_status_idx').on(t.userId, t.status),
    index('lots_status_idx').on(t.status),
    // Lot suggestions and getLotsBySkus: `lower(title_listing) LIKE lower($1) || '%'` and
    // `lot_number LIKE $1 || '%'`; text_pattern_ops makes LIKE-prefix use the index under any collation.
    index('lots_title_prefix_idx').using('btree', sql`lower(${t.titleListing}) text_pattern_ops`),
    index('lots_lot_number_prefix_idx').on(t.lotNumber.op('text_pattern_ops')),
  ],
);

/**
 * boxes — physical boxes of a lot (spec field manualManiestId is lot_id). Deleted with their lot.
 * Dimensions are inches and weight lbs + ozs as typed (fractions allowed, so double precision);
 * zone..bin are the box's own shelf location. box_number orders the tabs within a lot.
 */
export const boxes = pgTable(
  'boxes',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id').notNull().references(() => lots.id, { onDelete: 'cascade' }),
    label: text('label').notNull().default(''),
    w: doublePrecision('w').notNull().default(0),
    l: doublePrecision('l').notNull().default(0),
    h: doublePrecision('h').notNull().default(0),
    lbs: doublePrecision('lbs').notNull().default(0),
    ozs: doublePrecision('ozs').notNull().default(0),
    zone: coordinate('zone'),
    aisle: coordinate('aisle'),
    col: coordinate('col'),
    row: coordinate('row'),
    bin: coordinate('bin'),
    boxNumber: integer('box_number').notNull().default(0),
    userId: integer('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('boxes_lot_idx').on(t.lotId, t.boxNumber)],
);

/**
 * items — one UPC line in a box, filled from the catalogue when added (DESIGN §5 "Adding a UPC").
 * Deleted with their box. UNIQUE (box_id, upc): a UPC appears once per box; adding it again bumps the
 * quantity (`INSERT … ON CONFLICT (box_id, upc) DO UPDATE`), which also holds when two tablets add at once.
 * upc is plain text, not a FK: the catalogue entry may later be deleted while the item stays.
 * Prices are null while unknown (a catalogue entry without them, a listing price not yet set); totals count null as 0.
 */
export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    boxId: integer('box_id').notNull().references(() => boxes.id, { onDelete: 'cascade' }),
    upc: text('upc').notNull(),
    quantity: integer('quantity').notNull().default(1),
    retailPrice: moneyOrNull('retail_price'),
    clientCost: moneyOrNull('client_cost'),
    listingPrice: moneyOrNull('listing_price'),
    vendor: text('vendor').notNull().default(''),
    itemDescriptionManifest: text('item_description_manifest').notNull().default(''),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
  },
  (t) => [unique('items_box_upc_unique').on(t.boxId, t.upc), index('items_upc_idx').on(t.upc)],
);

/**
 * lot_tombstones — a deleted lot, so a device catching up by syncLots learns it went (written by a trigger when the
 * lot row goes, migration 0009). Lot ids are never reused, so one row per lot; tiny, kept.
 */
export const lotTombstones = pgTable(
  'lot_tombstones',
  {
    lotId: integer('lot_id').primaryKey(),
    userId: integer('user_id').notNull(),
    writerXid: bigint('writer_xid', { mode: 'number' }).notNull(),
  },
  (t) => [index('lot_tombstones_sync_idx').on(t.writerXid, t.lotId), index('lot_tombstones_user_sync_idx').on(t.userId, t.writerXid, t.lotId)],
);
