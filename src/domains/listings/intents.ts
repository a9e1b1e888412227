// Pricing and listing changes (spec §7 setPricesForLot, listOnWC, deleteWCListingByManifestId), each through the
// outbox so they work offline and arrive once, in order. A queue of many lots is one entry per lot: the replayer
// sends the next only after the previous one's reply and receipt (spec §4). Listing shows the lot LISTED at once,
// unlisting NOT_LISTED (a listed one); the server's lot replaces it, a refusal rolls it back.
import { LotStatus, type Lot } from '../../protocol/lots';
import type { ListingRequest, PriceRequest } from '../../protocol/listings';
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
