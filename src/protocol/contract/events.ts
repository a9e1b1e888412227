// Contract rows for inventory events and auction events (spec §7, in its order).
import { z } from 'zod';
import {
  AssignRequestSchema, AuctionEventManifestSchema, AuctionEventManifestUpdateSchema, AuctionEventSchema,
  InventoryEventSchema, InventoryEventsQuerySchema, LotSchema, ManifestHistoryEntrySchema,
  ManifestHistoryQuerySchema, NewEventRequestSchema, NewManifestHistoryEntrySchema,
} from '../entities';
import type { DestinationName } from '../destinations';
import { Id, LIST_MAX } from '../primitives';
import { type ContractEntry, envelopeReply, IdList, RowRefList, topicReply } from './shared';

const Rows = z.array(AuctionEventManifestSchema);
const SHARED = 'Inventory is shared by all staff (DESIGN §5).';
const PUSHED = "Pushed to the sender's other sessions and the admins.";
const MOVED = `The rows whose sortOrder changed (none at the top or bottom already); the sale is renumbered 1..N on the way. NOT_FOUND "Auction lot {id} not found.". ${PUSHED}`;
const AUCTIONS_SHARED = 'Auction events are shared by all staff (DESIGN §5).';

export const eventsContract = {
  getInventoryEvents: {
    kind: 'query',
    summary: 'Inventory events, newest first; filters by creator and id (0, null or absent: any).',
    payload: InventoryEventsQuerySchema,
    reply: envelopeReply('FOUND_INVENTORY_EVENTS', z.array(InventoryEventSchema)),
    errors: ['BAD_REQUEST'],
  },
  createInventoryEvent: {
    kind: 'mutation',
    summary: 'Start an inventory event now.',
    payload: NewEventRequestSchema,
    reply: envelopeReply('CREATED_UPDATED_INVENTORY_EVENT', InventoryEventSchema, `The new event; message 'Inventory event created: {label}'. ${PUSHED}`),
    errors: ['BAD_REQUEST'],
  },
  getManifestHistory: {
    kind: 'query',
    summary: "An inventory event's history (or a lot's), oldest first, with each lot and its store status attached.",
    payload: ManifestHistoryQuerySchema,
    reply: envelopeReply('FOUND_MANIFEST_HISTORY', z.array(ManifestHistoryEntrySchema),
      `${SHARED} manifest is null for a lot the user may not see (another user's); storeStatus is null when the store has no such product or cannot be reached: the history still arrives.`),
    errors: ['BAD_REQUEST'],
  },
  createManifestHistory: {
    kind: 'mutation',
    summary: "Record a lot's status and location in an inventory event (any lot: counting is shared); a location left null is the lot's own.",
    payload: NewManifestHistoryEntrySchema,
    reply: envelopeReply('CREATED_MANIFEST_HISTORY', ManifestHistoryEntrySchema,
      `Message 'Lot {lotNumber} added to history.'. BAD_REQUEST "Lot {lotNumber} already in history." when the event has it; NOT_FOUND for an unknown event or lot. ${PUSHED}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  deleteManifestHistory: {
    kind: 'mutation',
    summary: 'Delete history entries by id.',
    payload: IdList,
    reply: envelopeReply('DELETED_MANIFEST_HISTORIES', z.array(Id), `data is the deleted ids (an id no entry has is left out); message 'Deleted history entries: {count}'. ${PUSHED}`),
    errors: ['BAD_REQUEST'],
  },
  getAllAuctionEvents: {
    kind: 'query',
    summary: `All auction events, newest first (the latest 500). ${AUCTIONS_SHARED}`,
    payload: z.object({}),
    reply: topicReply('allAuctions', z.array(AuctionEventSchema)),
    errors: ['BAD_REQUEST'],
  },
  createAuctionEvent: {
    kind: 'mutation',
    summary: 'Create an auction event titled with the label.',
    payload: NewEventRequestSchema,
    reply: topicReply('createdAuctionEvent', AuctionEventSchema, PUSHED),
    errors: ['BAD_REQUEST'],
  },
  updateAuctionEvent: {
    kind: 'mutation',
    summary: "Save an auction event's title and times.",
    payload: AuctionEventSchema,
    reply: topicReply('updatedAuctionEvent', AuctionEventSchema, `NOT_FOUND "Auction event {id} not found." on incomingMessages. ${PUSHED}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  getAuctionEventManifestsByEventId: {
    kind: 'query',
    summary: "An auction event's lots, in sale order (sortOrder, then id), each with its lot (any owner's: the catalogue is shared).",
    payload: Id,
    reply: topicReply('auctionEventManifests', Rows, 'NOT_FOUND "Auction event {id} not found." on incomingMessages.'),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  addManifestsToAuctionEvent: {
    kind: 'mutation',
    summary: 'Assign lots to an auction event (appended at the end).',
    payload: AssignRequestSchema,
    reply: topicReply('manifestsAddedToAuctionEvent', z.array(LotSchema),
      `The lots in the order asked, each with its auctionEventManifests; new rows go to the end of the sale. A lot already in the event keeps its place. The lots must be the user's (an admin: any), else BAD_REQUEST "Lot not found or you don't own this lot!"; NOT_FOUND for an unknown event. ${PUSHED}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  updateAuctionEventManifests: {
    kind: 'mutation',
    summary: 'Save edited rows: auction title, starting price, times, place in the sale (sortOrder: 1 = first); a field left out stays unchanged. Placed rows go in the order sent; the sale is numbered 1..N after.',
    payload: z.array(AuctionEventManifestUpdateSchema).min(1).max(LIST_MAX),
    reply: topicReply('updatedAuctionEventManifests', Rows, `The saved rows and every row whose place changed, in sale order. NOT_FOUND "Auction lot {id} not found." for a row no event has, nothing saved. ${PUSHED}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  deleteAuctionEventManifests: {
    kind: 'mutation',
    summary: 'Remove lots from an auction event (the lots stay).',
    payload: RowRefList,
    reply: topicReply('deletedAuctionEventManifests', Rows, `The removed rows, their lots without the removed entries; then, on updatedAuctionEventManifests, the rows the removal moved up (the sale stays numbered 1..N). NOT_FOUND "Auction lot {id} not found." for a row no event has, nothing removed. ${PUSHED}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  moveUpManifestInAuctionEvent: {
    kind: 'mutation',
    summary: 'Move a row one place up in its event.',
    payload: Id,
    reply: topicReply('updatedAuctionEventManifests', Rows, MOVED),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  moveDownManifestInAuctionEvent: {
    kind: 'mutation',
    summary: 'Move a row one place down in its event.',
    payload: Id,
    reply: topicReply('updatedAuctionEventManifests', Rows, MOVED),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
