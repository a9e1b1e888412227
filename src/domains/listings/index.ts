// Pricing and listing on the store (spec §2 Listing Manager, §3 Price request and Listing request, §4 listing
// queues, §5, §7, §8, §9): intents, the preview query, ingest of listing replies, the remembered multipliers and
// quantity, and the Listing Manager's rules. It has no table: listed lots live in the lots domain's. This file is
// the domain's only public face.
import { defineDomain } from '../../sync/domain';
import { listingDescribers } from './describe';
import { listingMessages, listingRefusals, listingTopics } from './ingest';
import { listingPreview } from './preview';

export const listingsDomain = defineDomain({
  name: 'listings',
  messages: listingMessages,
  topics: listingTopics,
  refusals: listingRefusals,
  describe: listingDescribers,
  // A preview asked for before the drop will never be answered.
  onDisconnect: () => listingPreview.failed(),
  reset: () => listingPreview.reset(),
});

export { listAuctionLot, listLot, setPrices, unlistLot, type AuctionListingRow } from './intents';
export { listingPreview, requestPreview, type PreviewState } from './preview';
export { LISTING_QUANTITY, PRICE_REQUEST, restorePriceRequest, restoreQuantity, savePriceRequest, saveQuantity } from './settings';
export {
  auctionListProblem, calculateProblem, isOnStore, listProblem, previewProblem, publicListingPath, showsList, showsPreview, showsUnlist, unlistProblem,
} from './rules';
