// Contract rows for boxes and their items (spec §7, in its order).
import { z } from 'zod';
import {AddedUpcReplySchema, AddUpcRequestSchema, BoxItemSchema, BoxItemsReplySchema, BoxSchema, BulkAddResponseSchema, BulkBoxAddSchema, NewBoxSchema } from '../entities';
import type { DestinationName } from '../destinations';
import { Id, LIST_MAX, RowRef } from '../primitives';
import { type ContractEntry, envelopeReply, RowRefList, topicReply } from './shared';

const LOT_OWN = "A lot's boxes are its owner's (an admin reaches all): another user's lot gets BAD_REQUEST \"Lot not found or you don't own this lot!\", as a missing one does.";
const OWN = "A box and its items are its lot's owner's (an admin reaches all): another user's box or item is answered exactly as one that does not exist, so ids cannot be probed.";
const NO_BOX = 'A box id that names no box: NOT_FOUND "Error, boxId is null or invalid".';
const NO_ITEM = 'an id that names no item: NOT_FOUND "Item {id} not found.", nothing written.';
const TOTALS =
  "The lot's units, retail and listing totals are recomputed from its items (a null price counts 0); a change that would take them past the wire's bounds, or a box past 10,000 rows, is refused (BAD_REQUEST), nothing written.";

export const boxesContract = {
  getBoxesByLotId: {
    kind: 'query',
    summary: "A lot's boxes, in box order.",
    payload: Id,
    reply: topicReply('boxesByLotId', z.array(BoxSchema), `By boxNumber, then id. ${LOT_OWN} The refusal is an envelope on incomingMessages.`),
    errors: ['BAD_REQUEST'],
  },
  getItemsByBoxId: {
    kind: 'query',
    summary: "A box's items.",
    payload: Id,
    reply: envelopeReply('FOUND_ITEMS_BY_BOX_ID', BoxItemsReplySchema, `items by id. ${NO_BOX} ${OWN}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  updateBoxInfo: {
    kind: 'mutation',
    summary: "Save a box's dimensions, weight, label and location.",
    payload: BoxSchema,
    reply: envelopeReply(
      'UPDATED_BOX',
      BoxSchema,
      `data is the stored box. Saves label (trimmed, null as ''), h, w, l, lbs, ozs and zone…bin (null as 0, unset); manualManiestId, userId and boxNumber are the server's and ignored. Message 'Updated box: {label or id}'. ${NO_BOX} ${OWN}`,
    ),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  addBoxToLot: {
    kind: 'mutation',
    summary: 'Add a box to a lot.',
    payload: NewBoxSchema,
    reply: envelopeReply(
      'ADDED_BOX_TO_LOT',
      BoxSchema,
      `data is the new box: boxNumber next in the lot, owned by the lot's owner; dimensions, weight and location as sent, else 0 (spec §9). Message 'Added box: {label}'. ${LOT_OWN}`,
    ),
    errors: ['BAD_REQUEST'],
  },
  deleteBox: {
    kind: 'mutation',
    summary: 'Delete a box and its items; the lot totals are recomputed.',
    payload: RowRef,
    reply: envelopeReply(
      'DELETED_BOX',
      BoxSchema,
      `data is the deleted box; message 'Deleted box: {label or id}'. The owner's other sessions and admins also get UPDATED_LOT with the new totals. A missing box: NOT_FOUND "Error, deleting box failed. Invalid box selected.". ${OWN}`,
    ),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  addUPCToBox: {
    kind: 'mutation',
    summary: 'Scan a UPC into a box: a new row filled from the catalogue, or 1 more of a row already there.',
    payload: AddUpcRequestSchema,
    reply: envelopeReply(
      'ADDED_UPC_TO_BOX',
      AddedUpcReplySchema,
      `A new row takes Msrp (retailPrice), Your Cost (wholesalePrice), vendor, description, color and size from the catalogue (unknown prices null, listingPrice null); message 'Added UPC: {upc}'. A UPC already in the box: its row's quantity + 1, nothing else changed; message 'Added 1 more of {upc}: {quantity}'. An unknown UPC: NOT_FOUND "UPC {upc} not found.", nothing written. ${NO_BOX} ${TOTALS} ${OWN}`,
    ),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  addMultipleUPCsToBox: {
    kind: 'mutation',
    summary: 'Add spreadsheet rows (upc, qnty) to a box.',
    payload: BulkBoxAddSchema,
    reply: envelopeReply(
      'ADDED_MULT_UPCS_TO_BOX',
      BulkAddResponseSchema,
      `Quantities of a UPC on several rows add up; each known UPC joins the box as addUPCToBox fills it (quantity qnty) or adds qnty to its row. addedItems: the stored rows, in request order; notFoundUPCs: UPCs not in the catalogue, listed, not refused. Message 'Successfully added {n} UPCs to the box.' (n distinct UPCs added) even when some were not found; when none is known nothing changes. The owner's other sessions and admins also get UPDATED_LOT with the new totals. ${NO_BOX} ${TOTALS} ${OWN}`,
    ),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  updateItems: {
    kind: 'mutation',
    summary: 'Save edited rows of one box; the lot totals are recomputed.',
    payload: z.array(BoxItemSchema).min(1).max(LIST_MAX),
    reply: envelopeReply(
      'UPDATED_ITEMS',
      BoxItemsReplySchema,
      `items are the stored rows, in the order sent (a row sent twice: its last copy). Saves quantity, the three prices, vendor, itemDescriptionManifest, color and size (text trimmed, null as ''); upc is never changed. Message 'Updated items: {n}'. All rows must be in one box (BAD_REQUEST "Error, the items are not all in one box." otherwise); ${NO_ITEM} ${TOTALS} ${OWN}`,
    ),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  deleteItems: {
    kind: 'mutation',
    summary: 'Delete rows of one box; the lot totals are recomputed.',
    payload: RowRefList,
    reply: envelopeReply(
      'DELETED_ITEMS',
      BoxItemsReplySchema,
      `items are the deleted rows. Message 'Deleted items: {n}'. All rows must be in one box (BAD_REQUEST otherwise); ${NO_ITEM} ${OWN}`,
    ),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
