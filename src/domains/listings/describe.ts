// Pricing and listing changes in words for the outbox panel: each names its lot.
import { ListingMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';
import { lotName } from '../lots';

export const listingDescribers: Describers = {
  setPricesForLot: async ({ manifestId }, { tables }) => ListingMessages.priceLot(await lotName(tables, manifestId)),
  listOnWC: async ({ manifestId }, { tables }) => ListingMessages.listLot(await lotName(tables, manifestId)),
  deleteWCListingByManifestId: async (id, { tables }) => ListingMessages.unlistLot(await lotName(tables, id)),
};
