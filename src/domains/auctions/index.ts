// Auction events and their ordered manifests (spec §2 Auctions, §3). Its replica tables only, for now: the
// auctions issue adds its intents, ingest and hooks here. This file is the domain's only public face.
import type { AuctionEvent, AuctionEventManifest } from '../../protocol/entities';
import { defineDomain } from '../../sync/domain';
import { defineTable } from '../../sync/replica/table';

export const auctionEventsTable = defineTable<AuctionEvent>({
  name: 'auctionEvents',
  schema: { 1: 'id' },
  rules: 'Shared by all staff. The server wins. Replaced whole by each getAllAuctionEvents reply.',
});

export const auctionManifestsTable = defineTable<AuctionEventManifest>({
  name: 'auctionManifests',
  schema: { 1: 'id, auctionEvent.id, sortOrder' },
  rules: 'The server wins. Replaced per event by its getAuctionEventManifestsByEventId reply.',
});

export const auctionsDomain = defineDomain({ name: 'auctions', tables: [auctionEventsTable, auctionManifestsTable] });
