// Auction events and their ordered manifests (spec §2 Auctions, §3, §5, §7; issue 17): replica tables, intents,
// ingest and hooks. Shared by all staff. This file is the domain's only public face.
import { defineDomain } from '../../sync/domain';
import { auctionDescribers } from './describe';
import { auctionTopics } from './ingest';
import { auctionEventsTable, auctionManifestsTable } from './tables';

export const auctionsDomain = defineDomain({
  name: 'auctions',
  tables: [auctionEventsTable, auctionManifestsTable],
  topics: auctionTopics,
  describe: auctionDescribers,
});

export { auctionEventsTable, auctionManifestsTable, type AuctionEventRow, type AuctionManifestRow } from './tables';
export {
  addManifestsToAuctionEvent, bySaleOrder, createAuctionEvent, defaultAuctionLabel, deleteAuctionEventManifests, moveDownManifest,
  movedSortOrder, moveUpManifest, placedSortOrder, placeManifest, updateAuctionEvent, updateAuctionEventManifest,
} from './intents';
export {
  compareAuctionEvents, readAuctionEvents, readAuctionRows, useAuctionEvents, useAuctionEventsQuery, useAuctionRows, useAuctionRowsQuery,
} from './hooks';
export { CATALOGUE_CSV_COLUMNS, catalogueCsv, catalogueFileName, type CatalogueLookups } from './catalogue';
export { putAuctionRowLots } from './ingest';
export { AUCTION_TITLE_LIMIT, auctionTitleFrom, titleTooLong } from './title';
