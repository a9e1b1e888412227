// Drizzle relations for the relational query API (db.query.lots.findMany({ with: { boxes: … } })).
// Declares no tables and changes no SQL: foreign keys live in the table modules.
import { relations } from 'drizzle-orm';
import { images } from './catalogue';
import { auctionEventManifests, auctionEvents, inventoryEvents, manifestHistory } from './events';
import { boxes, items, lots } from './lots';
import { listings } from './store';
import { users } from './users';

export const usersRelations = relations(users, ({ many }) => ({ lots: many(lots) }));

export const lotsRelations = relations(lots, ({ one, many }) => ({
  owner: one(users, { fields: [lots.userId], references: [users.id] }),
  boxes: many(boxes),
  images: many(images),
  auctionEventManifests: many(auctionEventManifests),
  history: many(manifestHistory),
  listings: many(listings),
}));

export const boxesRelations = relations(boxes, ({ one, many }) => ({
  lot: one(lots, { fields: [boxes.lotId], references: [lots.id] }),
  items: many(items),
}));

export const itemsRelations = relations(items, ({ one }) => ({
  box: one(boxes, { fields: [items.boxId], references: [boxes.id] }),
}));

export const imagesRelations = relations(images, ({ one }) => ({
  lot: one(lots, { fields: [images.lotId], references: [lots.id] }),
}));

export const inventoryEventsRelations = relations(inventoryEvents, ({ one, many }) => ({
  createdBy: one(users, { fields: [inventoryEvents.createdById], references: [users.id] }),
  history: many(manifestHistory),
}));

export const manifestHistoryRelations = relations(manifestHistory, ({ one }) => ({
  lot: one(lots, { fields: [manifestHistory.manifestId], references: [lots.id] }),
  inventoryEvent: one(inventoryEvents, {
    fields: [manifestHistory.inventoryEventId],
    references: [inventoryEvents.id],
  }),
}));

export const auctionEventsRelations = relations(auctionEvents, ({ many }) => ({
  manifests: many(auctionEventManifests),
}));

export const auctionEventManifestsRelations = relations(auctionEventManifests, ({ one }) => ({
  lot: one(lots, { fields: [auctionEventManifests.manifestId], references: [lots.id] }),
  auctionEvent: one(auctionEvents, {
    fields: [auctionEventManifests.auctionEventId],
    references: [auctionEvents.id],
  }),
}));

export const listingsRelations = relations(listings, ({ one }) => ({
  lot: one(lots, { fields: [listings.manifestId], references: [lots.id] }),
}));
