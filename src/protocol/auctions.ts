// Lots placed in auction events (spec §3) and the requests that assign, edit, order and list them.
import { z } from 'zod';
import { AuctionEventSchema } from './events';
import { LotSchema, TITLE_MAX } from './lots';
import { Count, Id, LIST_MAX, Money, text, Timestamp } from './primitives';

export const AuctionEventManifestSchema = z.object({
  id: Id,
  manifest: LotSchema, // the lot
  auctionEvent: AuctionEventSchema,
  auctionTitle: text(TITLE_MAX).nullable(),
  startingPrice: Money.nullable(),
  startTime: Timestamp.nullable(),
  endTime: Timestamp.nullable(),
  sortOrder: Count,
});
export type AuctionEventManifest = z.infer<typeof AuctionEventManifestSchema>;

/**
 * updateAuctionEventManifests rows: the editable fields by id, each left out when unchanged; manifest and auctionEvent
 * are dropped if sent. `sortOrder` places the row in its event's sale (1 = first; past the end = last): the rows of a
 * request are placed in the order sent, and the sale is numbered 1..N again.
 */
export const AuctionEventManifestUpdateSchema = AuctionEventManifestSchema.pick({
  id: true,
  auctionTitle: true,
  startingPrice: true,
  startTime: true,
  endTime: true,
})
  .extend({ sortOrder: Count.min(1).describe('the place in the sale, 1 = first') })
  .partial({ auctionTitle: true, startingPrice: true, startTime: true, endTime: true, sortOrder: true });
export type AuctionEventManifestUpdate = z.infer<typeof AuctionEventManifestUpdateSchema>;

/** addManifestsToAuctionEvent body. */
export const AssignRequestSchema = z.object({
  auctionEventId: Id,
  manifestIds: z.array(Id).min(1).max(LIST_MAX),
});
export type AssignRequest = z.infer<typeof AssignRequestSchema>;
