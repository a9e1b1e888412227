// Inventory events and auction events (spec §3): dated, labelled sessions that lots are attached to.
// Lot and history schemas build on these, so this module imports no other entity.
import { z } from 'zod';
import { Id, IdFilter, requiredText, Timestamp } from './primitives';

export const EVENT_LABEL_MAX = 200;

export const InventoryEventSchema = z.object({
  id: Id,
  startTime: Timestamp,
  endTime: Timestamp.nullable().describe('null while open'),
  label: requiredText(EVENT_LABEL_MAX),
  createdById: Id.nullable(),
});
export type InventoryEvent = z.infer<typeof InventoryEventSchema>;

/** The spec's "title (or label)": we carry `title`; createAuctionEvent's `label` becomes it. */
export const AuctionEventSchema = z.object({
  id: Id,
  title: requiredText(EVENT_LABEL_MAX),
  startTime: Timestamp.nullable(),
  endTime: Timestamp.nullable(),
  createdAt: Timestamp.nullable().describe('server-set, ignored in requests'),
});
export type AuctionEvent = z.infer<typeof AuctionEventSchema>;

/** createInventoryEvent / createAuctionEvent body: the new event's label (default: local date and time, §9). */
export const NewEventRequestSchema = z.object({ label: requiredText(EVENT_LABEL_MAX) });
export type NewEventRequest = z.infer<typeof NewEventRequestSchema>;

/** getInventoryEvents body: both filters optional; 0, null or absent means any. */
export const InventoryEventsQuerySchema = z.object({
  createdById: IdFilter,
  id: IdFilter,
});
export type InventoryEventsQuery = z.infer<typeof InventoryEventsQuerySchema>;
