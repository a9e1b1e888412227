// Contract rows for lots (spec §7, in its order).
import { z } from 'zod';
import {
  LotLocationUpdateSchema, LotSchema, LotsFilterSchema, StatusUpdateRequestSchema, StoreStatusSchema,
  TitleUpdateRequestSchema, TITLE_MAX,
} from '../entities';
import type { DestinationName } from '../destinations';
import { Id, LIST_MAX, LotNumber, requiredText } from '../primitives';
import { type ContractEntry, envelopeReply, RowRefList, topicReply } from './shared';

const LotList = z.array(LotSchema);
const OWN = "BAD_REQUEST also when the lot does not exist or is not the user's (\"Lot not found or you don't own this lot!\").";

export const lotsContract = {
  getLotSuggestions: {
    summary: 'Lots whose number or title contains the search text (the client asks above 2 characters).',
    payload: requiredText(100),
    reply: topicReply('lotSuggestions', LotList, 'At most 20 lots, the user\'s own unless admin.'),
    errors: ['BAD_REQUEST'],
  },
  getLots: {
    summary: 'The lots table: the lots matching the filter.',
    payload: LotsFilterSchema,
    reply: topicReply('lots', LotList, 'Newest first. Each checked status adds its lots (none checked: no lots); myLots is forced true for non-admins; a lotNumber keeps the lots whose number starts with it, a lotId that one lot.'),
    errors: ['BAD_REQUEST'],
  },
  getLotById: {
    summary: 'One lot.',
    payload: Id,
    reply: topicReply('lotById', LotSchema, `${OWN} The refusal is an envelope on incomingMessages.`),
    errors: ['BAD_REQUEST'],
  },
  createManifest: {
    summary: 'Create an empty lot titled with the label; the server assigns its lot number.',
    payload: requiredText(TITLE_MAX),
    reply: envelopeReply('CREATED_MANIFEST', LotSchema, "Status NOT_LISTED, owned by the sender; message 'Created manifest: {title}'."),
    errors: ['BAD_REQUEST'],
  },
  copyManifest: {
    summary: 'Duplicate a lot with its boxes and items under a new lot number, status NOT_LISTED.',
    payload: Id,
    reply: envelopeReply('COPIED_MANIFEST', LotSchema, 'data is the new lot.'),
    errors: ['BAD_REQUEST'],
  },
  deleteLots: {
    summary: 'Delete lots with their boxes and items, permanently.',
    payload: RowRefList,
    reply: envelopeReply('DELETED_LOTS', z.array(Id), `data is the deleted ids. All or nothing: ${OWN}`),
    errors: ['BAD_REQUEST'],
  },
  updateLotStatus: {
    summary: 'Set the status of several lots.',
    payload: StatusUpdateRequestSchema,
    reply: envelopeReply('UPDATED_LOTS', LotList, `All or nothing: ${OWN}`),
    errors: ['BAD_REQUEST'],
  },
  updateLotLocation: {
    summary: "Set a lot's warehouse location; other lot fields are ignored.",
    payload: LotLocationUpdateSchema,
    reply: envelopeReply('UPDATED_LOT', LotSchema),
    errors: ['BAD_REQUEST'],
  },
  updateManifest: {
    summary: "Save a lot's editable fields (title, status, categories, counts, totals, notes, location).",
    payload: LotSchema,
    reply: envelopeReply('UPDATED_LOT', LotSchema, 'lotNumber, slug, userId and auctionEventManifests are the server\'s and ignored.'),
    errors: ['BAD_REQUEST'],
  },
  updateManifests: {
    summary: 'Save several lots (those whose categories changed).',
    payload: z.array(LotSchema).min(1).max(LIST_MAX),
    reply: envelopeReply('UPDATED_LOTS', LotList, `All or nothing: ${OWN}`),
    errors: ['BAD_REQUEST'],
  },
  updateManifestTitleById: {
    summary: "Rename a lot.",
    payload: TitleUpdateRequestSchema,
    reply: envelopeReply('UPDATED_LOT_TITLE', LotSchema, OWN),
    errors: ['BAD_REQUEST'],
  },
  getLotsBySkus: {
    summary: 'Lots by lot number (Multiple SKUs on the lots page; Get Lot Titles in inventory).',
    payload: z.array(LotNumber).min(1).max(LIST_MAX),
    reply: envelopeReply('FOUND_LOTS', LotList, 'Lot numbers that match no visible lot are left out; message says how many were found.'),
    errors: ['BAD_REQUEST'],
  },
  getSmallWholesaleLotsWCProducts: {
    summary: "The store's stock status of the products in a category (Check Lots Status).",
    payload: requiredText(200),
    reply: envelopeReply('PRODUCT_STATUS_BY_CATEGORY', z.array(StoreStatusSchema)),
    errors: ['BAD_REQUEST', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
