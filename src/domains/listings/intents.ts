// Pricing and listing changes (spec §7 setPricesForLot, listOnWC, deleteWCListingByManifestId), each through the
// outbox so they work offline and arrive once, in order. A queue of many lots is one entry per lot: the replayer
// sends the next only after the previous one's reply and receipt (spec §4). Listing shows the lot LISTED at once,
// unlisting NOT_LISTED (a listed one); the server's lot replaces it, a refusal rolls it back. An auction row's listing
// (listAuctionOnWC) shows it on the row, whose lot is a copy the Auctions screen reads.
import type { AuctionEventManifest } from '../../protocol/entities';
import { LotStatus, type Lot } from '../../protocol/lots';
import type { AuctionListingRequest, ListingRequest, PriceRequest } from '../../protocol/listings';
import { auctionManifestsTable } from '../auctions';
import { lotsTable } from '../lots';
import { defineIntent } from '../../sync/intent';
import { patches } from '../../sync/outbox/outbox';

/** Calculate: one lot priced by the multipliers (one SEND per selected lot). */
export const setPrices = defineIntent({
  destination: 'setPricesForLot',
  ids: ['manifestId'],
  build: (request: PriceRequest) => ({ body: request }),
});

/** List: one lot on the store; `auction` is always false from this client (spec §9). */
export const listLot = defineIntent({
  destination: 'listOnWC',
  ids: ['manifestId', 'templateId'],
  build: (request: Omit<ListingRequest, 'auction'>) =>
    ({ body: { ...request, auction: false }, optimistic: patches(lotsTable, [request.manifestId], { status: LotStatus.LISTED }) }),
});

/** Unlist: one lot off the store; a LISTED lot goes back to NOT_LISTED, a sold or shipped one keeps its status. */
export const unlistLot = defineIntent({
  destination: 'deleteWCListingByManifestId',
  ids: [''],
  build: ({ id, status }: Pick<Lot, 'id' | 'status'>) =>
    ({ body: id, optimistic: patches(lotsTable, [id], status === LotStatus.LISTED ? { status: LotStatus.NOT_LISTED, slug: null } : { slug: null }) }),
});

/** An auction row to list: its id and the lot it holds (the patch below replaces that copy whole). */
export type AuctionListingRow = Pick<AuctionEventManifest, 'id' | 'manifest'>;

/**
 * List an auction row (spec §3 Auction listing request): the server lists its lot with the row's title and starting
 * price. The row's lot shows LISTED at once: the Auctions screen reads the row's copy of the lot, not the lots table,
 * which may not even hold it there. The LISTING_CREATED reply puts the server's lot into the row (listings' ingest).
 */
export const listAuctionLot = defineIntent({
  destination: 'listAuctionOnWC',
  ids: ['auctionEventManifestId', 'templateId'],
  build: ({ row, ...choice }: Omit<AuctionListingRequest, 'auctionEventManifestId'> & { readonly row: AuctionListingRow }) => ({
    body: { auctionEventManifestId: row.id, ...choice },
    optimistic: patches(auctionManifestsTable, [row.id], { manifest: { ...row.manifest, status: LotStatus.LISTED } }),
  }),
});
