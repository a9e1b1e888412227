// Contract rows for lots (spec §7, in its order).
import { z } from 'zod';
import { LOT_SUGGESTIONS_MAX, LOT_SYNC_PAGE, LotChangesSchema, LotEditSchema, LotSyncRequestSchema, LotLocationUpdateSchema, LotSchema, LotsFilterSchema, StatusUpdateRequestSchema, StoreStatusSchema, TitleUpdateRequestSchema } from '../entities';
import type { DestinationName } from '../destinations';
import { ServerMessages } from '../messages';
import { CreateManifestPayload } from '../rehearsal';
import { Id, LIST_MAX, LotNumber, requiredText } from '../primitives';
import { type ContractEntry, envelopeReply, RowRefList, topicReply } from './shared';

const LotList = z.array(LotSchema);
const OWN = "BAD_REQUEST also when the lot does not exist or is not the user's (\"Lot not found or you don't own this lot!\").";

export const lotsContract = {
  getLotSuggestions: {
    kind: 'query',
    summary: 'Lots whose number or title starts with, then contains, the search text (the client asks above 2 characters).',
    payload: requiredText(100),
    reply: topicReply(
      'lotSuggestions',
      LotList.max(LOT_SUGGESTIONS_MAX),
      `At most ${LOT_SUGGESTIONS_MAX} lots the user may see (their own; an admin every lot): first those whose number or title starts with the text (or whose number it reads as: 'lot-7' and '007' are LOT-000007), then those that contain it, each part by lot number. Matching ignores case.`,
    ),
    errors: ['BAD_REQUEST'],
  },
  getLots: {
    kind: 'query',
    summary: 'The lots table: the lots matching the filter.',
    payload: LotsFilterSchema,
    reply: topicReply('lots', LotList, 'Newest first. Each checked status adds its lots (none checked: no lots); myLots is forced true for non-admins; a lotNumber keeps the lots whose number starts with it, a lotId that one lot.'),
    errors: ['BAD_REQUEST'],
  },
  syncLots: {
    kind: 'query',
    summary: 'Not in the spec (incremental sync): the lots the user may see that changed since a cursor, and those that went, a page at a time.',
    payload: LotSyncRequestSchema,
    reply: topicReply(
      'lotChanges',
      LotChangesSchema,
      `At most ${LOT_SYNC_PAGE} lots and ${LOT_SYNC_PAGE} removed ids a page, oldest change first; ask again with \`next\` while \`more\`, and keep the last \`next\` for the next sync. A lot is sent again when it or its auction entries change; a deleted one comes as its id in \`removed\`. \`full\`: the run started over (after '' or a cursor this database did not give this account, e.g. after a restore), so lots held that do not come are gone. Users get their own lots, admins every lot.`,
    ),
    errors: ['BAD_REQUEST'],
  },
  getLotById: {
    kind: 'query',
    summary: 'One lot.',
    payload: Id,
    reply: topicReply('lotById', LotSchema, `${OWN} The refusal is an envelope on incomingMessages.`),
    errors: ['BAD_REQUEST'],
  },
  createManifest: {
    kind: 'mutation',
    summary: 'Create an empty lot titled with the label; the server assigns its lot number.',
    payload: CreateManifestPayload,
    reply: envelopeReply('CREATED_MANIFEST', LotSchema, "Status NOT_LISTED, owned by the sender; message 'Created manifest: {title}'."),
    errors: ['BAD_REQUEST'],
  },
  copyManifest: {
    kind: 'mutation',
    summary: 'Duplicate a lot with its boxes and items under a new lot number, status NOT_LISTED.',
    payload: Id,
    reply: envelopeReply(
      'COPIED_MANIFEST',
      LotSchema,
      `data is the new lot (lotNumber among its fields): the source's editable fields (as updateManifest takes them), status NOT_LISTED, owned by the sender; images stay with the source. Message 'Copied manifest: {lotNumber}'. ${OWN}`,
    ),
    errors: ['BAD_REQUEST'],
  },
  deleteLots: {
    kind: 'mutation',
    summary: 'Delete lots with their boxes and items, permanently.',
    payload: RowRefList,
    reply: envelopeReply('DELETED_LOTS', z.array(Id), `data is the deleted ids; message 'Deleted lots: {count}'. All or nothing: ${OWN}`),
    errors: ['BAD_REQUEST'],
  },
  updateLotStatus: {
    kind: 'mutation',
    summary: 'Set the status of several lots.',
    payload: StatusUpdateRequestSchema,
    reply: envelopeReply('UPDATED_LOTS', LotList, `The lots, in the order asked. All or nothing: ${OWN}`),
    errors: ['BAD_REQUEST'],
  },
  updateLotLocation: {
    kind: 'mutation',
    summary: "Set a lot's warehouse location; other lot fields are ignored.",
    payload: LotLocationUpdateSchema,
    reply: envelopeReply('UPDATED_LOT', LotSchema, `A null coordinate is stored as 0 (unset). ${OWN}`),
    errors: ['BAD_REQUEST'],
  },
  updateManifest: {
    kind: 'mutation',
    summary: "Save a lot's editable fields (title, categories, counts, totals, notes, location): its id and only the fields that changed.",
    payload: LotEditSchema,
    reply: envelopeReply(
      'UPDATED_LOT',
      LotSchema,
      `The whole lot. Only the editable fields present in the body are written, so two people changing different fields of one lot both keep their change; a body naming none is refused ('${ServerMessages.nothingToChange}'). A whole lot is still taken: status is not taken from it (updateLotStatus and listing set it, so a stale copy cannot undo them); lotNumber, slug, userId and auctionEventManifests are the server's and ignored, as are unknown fields. A total typed by hand stands until the next item change; null notes are stored as '' and a null coordinate as 0. ${OWN}`,
    ),
    errors: ['BAD_REQUEST'],
  },
  updateManifests: {
    kind: 'mutation',
    summary: 'Save several lots (those whose categories changed), each as its id and the fields that changed.',
    payload: z.array(LotEditSchema).min(1).max(LIST_MAX),
    reply: envelopeReply('UPDATED_LOTS', LotList, `Each lot as updateManifest takes it (a lot sent twice: its changes in order, the last value of a field wins); the whole lots, in the order sent. All or nothing: ${OWN}`),
    errors: ['BAD_REQUEST'],
  },
  updateManifestTitleById: {
    kind: 'mutation',
    summary: "Rename a lot.",
    payload: TitleUpdateRequestSchema,
    reply: envelopeReply('UPDATED_LOT_TITLE', LotSchema, OWN),
    errors: ['BAD_REQUEST'],
  },
  getLotsBySkus: {
    kind: 'query',
    summary: 'Lots by lot number (Multiple SKUs on the lots page; Get Lot Titles in inventory).',
    payload: z.array(LotNumber).min(1).max(LIST_MAX),
    reply: envelopeReply('FOUND_LOTS', LotList, "The visible lots with these numbers, in the order asked; numbers that match no visible lot are left out. Message 'Found lots: {found} of {asked}'."),
    errors: ['BAD_REQUEST'],
  },
  getSmallWholesaleLotsWCProducts: {
    kind: 'query',
    summary: "The store's stock status of the products in a category (Check Lots Status).",
    payload: requiredText(200),
    reply: envelopeReply('PRODUCT_STATUS_BY_CATEGORY', z.array(StoreStatusSchema)),
    errors: ['BAD_REQUEST', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
