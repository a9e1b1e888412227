// Pricing and listing changes in words for the outbox panel: each names its lot.
import { ListingManagerMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';
import { lotName } from '../lots';

export const listingDescribers: Describers = {
  setPricesForLot: async ({ manifestId }, { tables }) => ListingManagerMessages.priceLot(await lotName(tables, manifestId)),
  listOnWC: async ({ manifestId }, { tables }) => ListingManagerMessages.listLot(await lotName(tables, manifestId)),
  deleteWCListingByManifestId: async (id, { tables }) => ListingManagerMessages.unlistLot(await lotName(tables, id)),
};
