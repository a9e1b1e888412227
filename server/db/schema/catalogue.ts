// The UPC catalogue, images (of lots and of UPCs) and the embedded store's category tree.
// Owned by domains/upcs, domains/images (+ server/images) and domains/categories (+ store/embedded).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, moneyOrNull, oneOf, timestampTz } from './columns';
import { lots } from './lots';

export const UPC_SOURCES = ['dataentry', 'excel'] as const;

/**
 * upcs — the shared UPC catalogue (spec §3 "UPC entry"); every staff member reads and writes it, deletes
 * need ROLE_ADMIN (domains/upcs). It grows to about 1,000,000 rows, so every suggestion and search is an
 * index-backed PREFIX match, written exactly as the index expression (domains/upcs/suggestions.ts):
 *   upc:                     `upc LIKE $1`                    ($1 = likePrefix(text), server/db/sql.ts)
 *   vendor/style/size/color: `lower(vendor_name) LIKE lower($1)`
 * and ordered by the indexes' own order, `ORDER BY lower(vendor_name) USING ~<~`, so a page is read straight off
 * the index (distinct values by a skip scan, one probe each; a Search's rows by UPC within a value). text_pattern_ops makes LIKE-prefix usable under
 * any database collation; a contains-match ('%x%') would scan all rows and must not be used here.
 * Prices are null while unknown.
 */
export const upcs = pgTable(
  'upcs',
  {
    id: serial('id').primaryKey(),
    upc: text('upc').notNull().unique(),
    vendorName: text('vendor_name').notNull().default(''),
    vendorStyleNumber: text('vendor_style_number').notNull().default(''),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    ean: text('ean').notNull().default(''),
    itemDescription: text('item_description').notNull().default(''),
    retailPrice: moneyOrNull('retail_price'),
    wholesalePrice: moneyOrNull('wholesale_price'),
    liquidationPrice: moneyOrNull('liquidation_price'),
    approved: boolean('approved').notNull().default(false),
    approvedBy: text('approved_by'),
    source: text('source', { enum: UPC_SOURCES }).notNull().default('dataentry'),
    division: text('division').notNull().default(''),
    department: text('department').notNull().default(''),
    vendorNameOriginal: text('vendor_name_original').notNull().default(''),
    lastUpdated: timestampTz('last_updated').notNull().defaultNow().$onUpdate(() => new Date()),
    asin: text('asin').notNull().default(''),
  },
  (t) => {
    // The searched keys as every query writes them: the UPC as typed, the other fields lower-cased.
    const upc = sql`${t.upc} text_pattern_ops`;
    const vendor = sql`lower(${t.vendorName}) text_pattern_ops`;
    const style = sql`lower(${t.vendorStyleNumber}) text_pattern_ops`;
    const size = sql`lower(${t.size}) text_pattern_ops`;
    const color = sql`lower(${t.color}) text_pattern_ops`;
    return [
      check('upcs_source_check', oneOf(t.source, UPC_SOURCES)),
      // Each searched key leads one index, followed by the UPC (a value's rows in UPC order) and the other keys, so
      // a Search checks every field inside the index (domains/upcs/suggestions.ts searchCatalogue).
      index('upcs_upc_search_idx').using('btree', upc, vendor, style, size, color),
      index('upcs_vendor_search_idx').using('btree', vendor, upc, style, size, color),
      index('upcs_style_search_idx').using('btree', style, upc, vendor, size, color),
      index('upcs_size_search_idx').using('btree', size, upc, vendor, style, color),
      index('upcs_color_search_idx').using('btree', color, upc, vendor, style, size),
    ];
  },
);

/**
 * images — one uploaded picture and its variants (DESIGN §5 Images: full, thumbnail 100, small 300,
 * medium 600, large 1200). The owner is EITHER a lot (lot_id, deleted with the lot; the database row
 * cascades, the image store's files are removed by domains/images) OR a catalogue UPC (upc text, no FK:
 * image entry may add pictures for a UPC before it is in the catalogue). Exactly one is set (CHECK).
 * Variant columns hold the files' public paths; file_key names the stored files (server/images: one folder per upload),
 * shared by the copies Load Images makes, so a file goes only with the last row naming it (image_file_deletions).
 * wc_attachment_id is the store's media id: the image's own id in the embedded store, WooCommerce's once listed there.
 */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    full: text('full').notNull().default(''),
    thumbnail: text('thumbnail').notNull().default(''),
    smallImage: text('small_image').notNull().default(''),
    medium: text('medium').notNull().default(''),
    large: text('large').notNull().default(''),
    wcAttachmentId: integer('wc_attachment_id'),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'cascade' }),
    upc: text('upc'),
    fileKey: text('file_key').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('images_one_owner_check', sql`num_nonnulls(${t.lotId}, ${t.upc}) = 1`),
    index('images_lot_idx').on(t.lotId),
    index('images_upc_idx').on(t.upc),
    index('images_file_key_idx').on(t.fileKey),
  ],
);

/**
 * image_file_deletions — stored files waiting to be deleted: a trigger adds an image row's file_key when the row goes
 * (by a handler or by its lot's cascade), in the same transaction, so a rolled-back delete deletes no file. The sweeper
 * (server/domains/images/file-sweeper.ts) deletes a key's files once no image row names it and not_before has
 * passed, then the entry.
 */
export const imageFileDeletions = pgTable('image_file_deletions', {
  fileKey: text('file_key').primaryKey(),
  notBefore: timestampTz('not_before').notNull().defaultNow(),
});

/**
 * categories — the embedded store's category tree (spec §3 Category: parent 0 means top level, so parent
 * is not a FK). Seeded once; with WooCommerce the adapter reads the shop's tree instead and this table is
 * unused. Explicit ids are allowed (seed data); the seed must then `setval` the serial's sequence.
 */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parent: integer('parent').notNull().default(0),
  },
  (t) => [index('categories_parent_idx').on(t.parent)],
);
