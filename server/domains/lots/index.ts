// The lots domain's public face: its handlers (reads in ./queries, writes in ./edits), and what the domains of a lot's
// contents use — the ownership rule (./lot-access), the presenter, and the totals recalculator (./lot-totals).
import { defineHandlers } from '../handler';
import { lotEditHandlers } from './edits';
import { lotQueryHandlers } from './queries';
import { lotSyncHandlers } from './sync';

export const lotHandlers = defineHandlers({ ...lotQueryHandlers, ...lotSyncHandlers, ...lotEditHandlers });

export { lockVisibleLots, lotNotFound, ownerName, replyAndPushPerOwner, visibleLot, visibleLots } from './lot-access';
export { type LotRow } from './lot-presenter';
export { auctionEntriesOf, presentLots, presentOneLot } from './lot-auctions';
export { changeItems, recomputeLotTotals, recomputeTotalsOfLots, type ItemChange } from './lot-totals';
