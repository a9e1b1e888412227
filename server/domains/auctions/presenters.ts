// auction_events and auction_event_manifests rows → the wire's AuctionEvent and AuctionEventManifest (spec §3).
import type { AuctionEvent, AuctionEventManifest } from '../../../src/protocol/entities';
import type { Lot } from '../../../src/protocol/lots';
import type { auctionEventManifests, auctionEvents } from '../../db';

export type AuctionEventRow = typeof auctionEvents.$inferSelect;
export type AuctionRow = typeof auctionEventManifests.$inferSelect;

export const presentAuctionEvent = (row: AuctionEventRow): AuctionEvent => ({
  id: row.id,
  title: row.title,
  startTime: row.startTime?.toISOString() ?? null,
  endTime: row.endTime?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const presentAuctionRow = (row: AuctionRow, lot: Lot, event: AuctionEventRow): AuctionEventManifest => ({
  id: row.id,
  manifest: lot,
  auctionEvent: presentAuctionEvent(event),
  auctionTitle: row.auctionTitle,
  startingPrice: row.startingPrice,
  startTime: row.startTime?.toISOString() ?? null,
  endTime: row.endTime?.toISOString() ?? null,
  sortOrder: row.sortOrder,
});
