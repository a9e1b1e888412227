// The auctions domain's replica tables (DESIGN §4): auction events and their lots in sale order, shared by all staff.
import type { AuctionEvent, AuctionEventManifest } from '../../protocol/entities';
import { defineTable, type Replicated } from '../../sync/replica/table';

export type AuctionEventRow = Replicated<AuctionEvent>;
export type AuctionManifestRow = Replicated<AuctionEventManifest>;

export const auctionEventsTable = defineTable<AuctionEvent>({
  name: 'auctionEvents',
  schema: { 1: 'id' },
  rules: 'Shared by all staff. The server wins. Replaced whole by each getAllAuctionEvents reply; an event made offline stays until its create settles.',
});

export const auctionManifestsTable = defineTable<AuctionEventManifest>({
  name: 'auctionManifests',
  schema: { 1: 'id, auctionEvent.id, sortOrder' },
  rules: 'The server wins. Replaced per event by its getAuctionEventManifestsByEventId reply; an edit or move waiting in the outbox stays on top until it settles.',
});
