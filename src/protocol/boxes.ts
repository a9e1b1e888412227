// Boxes of a lot and the items in them (spec §3), with the requests and replies that change them.
import { z } from 'zod';
import { LotSchema } from './lots';
import {
  BinValue, Count, Id, LIST_MAX, LocationValue, Measure, Money, requiredText, text, Upc,
} from './primitives';

export const BOX_LABEL_MAX = 100;

export const BoxSchema = z.object({
  id: Id,
  label: text(BOX_LABEL_MAX).nullable(),
  manualManiestId: Id.describe('the lot id (spelled so, spec §3)'),
  w: Measure,
  l: Measure,
  h: Measure,
  lbs: Measure,
  ozs: Measure,
  zone: LocationValue.nullable(),
  aisle: LocationValue.nullable(),
  col: LocationValue.nullable(),
  row: LocationValue.nullable(),
  bin: BinValue.nullable(),
  boxNumber: Count.nullable(),
  userId: Id.nullable().describe('server-set, ignored in requests'),
});
export type Box = z.infer<typeof BoxSchema>;

/** What the weight and dimensions dialog edits (inches, pounds, ounces). */
export const BoxInfoSchema = BoxSchema.pick({ h: true, w: true, l: true, lbs: true, ozs: true });
export type BoxInfo = z.infer<typeof BoxInfoSchema>;

/** addBoxToLot body: a box with id 0 (or none), a non-empty label and its lot; the rest defaults to zero (§9). */
export const NewBoxSchema = BoxSchema.partial().extend({
  id: z.literal(0).optional(),
  label: requiredText(BOX_LABEL_MAX),
  manualManiestId: Id,
});
export type NewBox = z.infer<typeof NewBoxSchema>;

export const BoxItemSchema = z.object({
  id: Id,
  upc: Upc,
  quantity: Count,
  retailPrice: Money.nullable().describe('Msrp'),
  clientCost: Money.nullable().describe('Your Cost'),
  listingPrice: Money.nullable(),
  vendor: text(200).nullable(),
  itemDescriptionManifest: text(2000).nullable(),
  color: text(100).nullable(),
  size: text(100).nullable(),
});
export type BoxItem = z.infer<typeof BoxItemSchema>;

export const AddUpcRequestSchema = z.object({ upc: Upc, boxId: Id });
export type AddUpcRequest = z.infer<typeof AddUpcRequestSchema>;

export const BULK_ADD_MAX = 5000; // rows of one spreadsheet

export const BulkBoxAddSchema = z.object({
  boxId: Id,
  upcQuantities: z.array(z.object({ upc: Upc, qnty: Count })).min(1).max(BULK_ADD_MAX),
});
export type BulkBoxAdd = z.infer<typeof BulkBoxAddSchema>;

export const BulkAddResponseSchema = z.object({
  addedItems: z.array(BoxItemSchema),
  notFoundUPCs: z.array(Upc),
});
export type BulkAddResponse = z.infer<typeof BulkAddResponseSchema>;

/**
 * Reply data for item reads and changes. Items carry no box id on the wire (spec §3), so the reply names the
 * box; `lot` is the box's lot with its totals recomputed (DESIGN §5), so the client's totals stay true.
 */
export const BoxItemsReplySchema = z.object({
  boxId: Id,
  items: z.array(BoxItemSchema).max(LIST_MAX * 10),
  lot: LotSchema,
});
export type BoxItemsReply = z.infer<typeof BoxItemsReplySchema>;

/** ADDED_UPC_TO_BOX data: the new or incremented row, its box and the lot with new totals. */
export const AddedUpcReplySchema = z.object({ boxId: Id, item: BoxItemSchema, lot: LotSchema });
export type AddedUpcReply = z.infer<typeof AddedUpcReplySchema>;
