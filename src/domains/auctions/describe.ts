// The auctions changes in words for the outbox panel.
import { AuctionScreenMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';

export const auctionDescribers: Describers = {
  createAuctionEvent: ({ label }) => AuctionScreenMessages.describeCreateEvent(label),
  updateAuctionEvent: ({ title }) => AuctionScreenMessages.describeUpdateEvent(title),
  addManifestsToAuctionEvent: ({ manifestIds }) => AuctionScreenMessages.describeAdd(manifestIds.length),
  updateAuctionEventManifests: (rows) => {
    const [only] = rows;
    // A drop sends the row's place alone.
    return rows.length === 1 && only?.sortOrder !== undefined && only.auctionTitle === undefined ? AuctionScreenMessages.describePlace(only.id, only.sortOrder) : AuctionScreenMessages.describeUpdateRows(rows.length);
  },
  deleteAuctionEventManifests: (rows) => AuctionScreenMessages.describeRemove(rows.length),
  moveUpManifestInAuctionEvent: (id) => AuctionScreenMessages.describeMoveUp(id),
  moveDownManifestInAuctionEvent: (id) => AuctionScreenMessages.describeMoveDown(id),
};
