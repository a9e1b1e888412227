// Contract rows for boxes and their items (spec §7, in its order).
import { z } from 'zod';
import {
  AddedUpcReplySchema, AddUpcRequestSchema, BoxItemSchema, BoxItemsReplySchema, BoxSchema, BulkAddResponseSchema,
  BulkBoxAddSchema, NewBoxSchema,
} from '../entities';
import type { DestinationName } from '../destinations';
import { Id, LIST_MAX, RowRef } from '../primitives';
import { type ContractEntry, envelopeReply, RowRefList, topicReply } from './shared';

export const boxesContract = {
  getBoxesByLotId: {
    summary: "A lot's boxes, in box order.",
    payload: Id,
    reply: topicReply('boxesByLotId', z.array(BoxSchema)),
    errors: ['BAD_REQUEST'],
  },
  getItemsByBoxId: {
    summary: "A box's items.",
    payload: Id,
    reply: envelopeReply('FOUND_ITEMS_BY_BOX_ID', BoxItemsReplySchema),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  updateBoxInfo: {
    summary: "Save a box's dimensions, weight, label and location.",
    payload: BoxSchema,
    reply: envelopeReply('UPDATED_BOX', BoxSchema),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  addBoxToLot: {
    summary: 'Add a box to a lot.',
    payload: NewBoxSchema,
    reply: envelopeReply('ADDED_BOX_TO_LOT', BoxSchema, 'data is the new box.'),
    errors: ['BAD_REQUEST'],
  },
  deleteBox: {
    summary: 'Delete a box and its items; the lot totals are recomputed.',
    payload: RowRef,
    reply: envelopeReply('DELETED_BOX', BoxSchema, 'data is the deleted box.'),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  addUPCToBox: {
    summary: 'Scan a UPC into a box: a new row filled from the catalogue, or 1 more of a row already there.',
    payload: AddUpcRequestSchema,
    reply: envelopeReply('ADDED_UPC_TO_BOX', AddedUpcReplySchema),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  addMultipleUPCsToBox: {
    summary: 'Add spreadsheet rows (upc, qnty) to a box.',
    payload: BulkBoxAddSchema,
    reply: envelopeReply('ADDED_MULT_UPCS_TO_BOX', BulkAddResponseSchema, 'UPCs not in the catalogue are listed, not refused.'),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  updateItems: {
    summary: 'Save edited rows of one box; the lot totals are recomputed.',
    payload: z.array(BoxItemSchema).min(1).max(LIST_MAX),
    reply: envelopeReply('UPDATED_ITEMS', BoxItemsReplySchema, 'All rows must be in one box (BAD_REQUEST otherwise).'),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  deleteItems: {
    summary: 'Delete rows of one box; the lot totals are recomputed.',
    payload: RowRefList,
    reply: envelopeReply('DELETED_ITEMS', BoxItemsReplySchema, 'items are the deleted rows. All rows must be in one box.'),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
