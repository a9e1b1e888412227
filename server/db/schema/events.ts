// Inventory events with their manifest history, and auction events with their manifests (spec §3).
// Shared by all staff (DESIGN §5 Ownership); owned by domains/inventory and domains/auctions.
import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { coordinate, createdAt, money, timestampTz } from './columns';
import { lots } from './lots';
import { users } from './users';

/** inventory_events — a stock-take session; history rows hang off it. */
export const inventoryEvents = pgTable('inventory_events', {
  id: serial('id').primaryKey(),
  startTime: timestampTz('start_time').notNull().defaultNow(),
  endTime: timestampTz('end_time'),
  label: text('label').notNull(),
  createdById: integer('created_by_id').notNull().references(() => users.id),
});

/**
 * manifest_history — a lot seen during an inventory event, with the location and status recorded then.
 * UNIQUE (inventory_event_id, manifest_id) is the spec's 'Lot {lot number} already in history.' rule, and
 * its index serves "history by event". lot_number is copied so the CSV survives a later renumbering.
 * Deleted with the lot or with the event. changed_by is the user id (history column "user id").
 */
export const manifestHistory = pgTable(
  'manifest_history',
  {
    id: serial('id').primaryKey(),
    manifestId: integer('manifest_id').notNull().references(() => lots.id, { onDelete: 'cascade' }),
    inventoryEventId: integer('inventory_event_id')
      .notNull()
      .references(() => inventoryEvents.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    locZone: coordinate('loc_zone'),
    locAisle: coordinate('loc_aisle'),
    locColumn: coordinate('loc_column'),
    locRow: coordinate('loc_row'),
    locBox: coordinate('loc_box'),
    changedBy: integer('changed_by').notNull().references(() => users.id),
    changedAt: timestampTz('changed_at').notNull().defaultNow(),
    lotNumber: text('lot_number').notNull(),
  },
  (t) => [
    unique('manifest_history_event_manifest_unique').on(t.inventoryEventId, t.manifestId),
    index('manifest_history_manifest_idx').on(t.manifestId),
  ],
);

/** auction_events — an auction; the spec calls its name title (or label). */
export const auctionEvents = pgTable('auction_events', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  startTime: timestampTz('start_time'),
  endTime: timestampTz('end_time'),
  createdAt: createdAt(),
});

/**
 * auction_event_manifests — a lot placed in an auction, ordered by sort_order (move up/down swaps two
 * rows' sort_order in one transaction). UNIQUE (auction_event_id, manifest_id): a lot is in an event once,
 * so addManifestsToAuctionEvent uses ON CONFLICT DO NOTHING. Deleted with the lot or with the event.
 */
export const auctionEventManifests = pgTable(
  'auction_event_manifests',
  {
    id: serial('id').primaryKey(),
    manifestId: integer('manifest_id').notNull().references(() => lots.id, { onDelete: 'cascade' }),
    auctionEventId: integer('auction_event_id')
      .notNull()
      .references(() => auctionEvents.id, { onDelete: 'cascade' }),
    auctionTitle: text('auction_title').notNull().default(''),
    startingPrice: money('starting_price'),
    startTime: timestampTz('start_time'),
    endTime: timestampTz('end_time'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('auction_event_manifests_event_order_idx').on(t.auctionEventId, t.sortOrder),
    unique('auction_event_manifests_event_manifest_unique').on(t.auctionEventId, t.manifestId),
    index('auction_event_manifests_manifest_idx').on(t.manifestId),
  ],
);
