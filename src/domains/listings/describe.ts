// Pricing and listing changes in words for the outbox panel: each names its lot.
import { ClientMessages, ListingManagerMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';
import { auctionManifestsTable } from '../auctions';
import { lotName } from '../lots';

export const listingDescribers: Describers = {
  setPricesForLot: async ({ manifestId }, { tables }) => ListingManagerMessages.priceLot(await lotName(tables, manifestId)),
  listOnWC: async ({ manifestId }, { tables }) => ListingManagerMessages.listLot(await lotName(tables, manifestId)),
  // The row holds its lot: the lots table may not (the Auctions screen never loads it).
  listAuctionOnWC: async ({ auctionEventManifestId: id }, { tables }) => {
    const title = (await tables.rows(auctionManifestsTable).get(id))?.manifest.titleListing ?? '';
    return ListingManagerMessages.listAuctionLot(title === '' ? ListingManagerMessages.auctionRowNumbered(id) : ClientMessages.lotTitled(title));
  },
  deleteWCListingByManifestId: async (id, { tables }) => ListingManagerMessages.unlistLot(await lotName(tables, id)),
};
