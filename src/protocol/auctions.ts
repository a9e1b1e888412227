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

/** updateAuctionEventManifests rows: the editable fields by id; manifest and auctionEvent are dropped if sent. */
export const AuctionEventManifestUpdateSchema = AuctionEventManifestSchema.pick({
  id: true,
  auctionTitle: true,
  startingPrice: true,
  startTime: true,
  endTime: true,
}).partial({ startTime: true, endTime: true });
export type AuctionEventManifestUpdate = z.infer<typeof AuctionEventManifestUpdateSchema>;

/** addManifestsToAuctionEvent body. */
export const AssignRequestSchema = z.object({
  auctionEventId: Id,
  manifestIds: z.array(Id).min(1).max(LIST_MAX),
});
export type AssignRequest = z.infer<typeof AssignRequestSchema>;
