// Lots (manifests) and the requests that select or change them (spec §3, §9).
// The client-side `selected` flag is not part of any wire schema: objects are parsed in zod's default
// strip mode, so a client that sends it (or any other unknown key) has it dropped, never stored.
import { z } from 'zod';
import { AuctionEventSchema } from './events';
import { ServerMessages } from './messages';
import { BinValue, Count, COUNT_MAX, Id, LIST_MAX, LocationValue, LotNumber, Money, requiredText, text, Timestamp, wireString } from './primitives';

export const LotStatus = {
  NOT_LISTED: 'NOT_LISTED',
  LISTED: 'LISTED',
  SOLD: 'SOLD',
  SHIPPED: 'SHIPPED',
  SCHEDULED: 'SCHEDULED',
  UNSOLD: 'UNSOLD',
} as const;
export type LotStatus = (typeof LotStatus)[keyof typeof LotStatus];
export const LotStatusSchema = z.enum(LotStatus);

export const TITLE_MAX = 255; // a store product name
/** Lots-page suggestions: a short list under the search box (spec §9: at most 200px tall). */
export const LOT_SUGGESTIONS_MAX = 20;
export const SPECIAL_NOTES_MAX = 10_000;
export const CATEGORIES_MAX = 50;

/** A lot's place in an auction event, as the lot carries it: the event (with its id) and the lot's title there. */
export const LotAuctionEntrySchema = z.object({
  id: Id.optional(),
  auctionEvent: AuctionEventSchema.partial().extend({ id: Id }),
  auctionTitle: text(TITLE_MAX).nullable(),
});
export type LotAuctionEntry = z.infer<typeof LotAuctionEntrySchema>;

export const LotSchema = z.object({
  id: Id,
  lotNumber: LotNumber.describe('the SKU; server-assigned, ignored in requests'),
  titleListing: text(TITLE_MAX),
  status: LotStatusSchema,
  slug: text(300).nullable().describe('set once listed: the public listing is the store address plus the slug'),
  categories: z.array(Id).max(CATEGORIES_MAX).describe('category ids'),
  numberOfPallets: Count,
  numberOfCartons: Count,
  numberOfUnits: Count,
  totalOriginalRetail: Money,
  totalListingPrice: Money,
  specialNotes: text(SPECIAL_NOTES_MAX).nullable(),
  userId: Id.describe('the owner; server-set, ignored in requests'),
  loc_zone: LocationValue.nullable(),
  loc_aisle: LocationValue.nullable(),
  loc_column: LocationValue.nullable(),
  loc_row: LocationValue.nullable(),
  loc_box: BinValue.nullable(),
  auctionEventManifests: z.array(LotAuctionEntrySchema).max(100).default([]).describe('server-set, ignored in requests'),
  // When (issue 34: the Overview's ageing and weeks). Absent from a lot made on the device and not yet answered, and
  // from a server before this version.
  createdAt: Timestamp.optional().describe('when the lot was made; server-set, ignored in requests'),
  listedAt: Timestamp.nullable().optional().describe('when it last became LISTED (null: not listed since); server-set, ignored in requests'),
  soldAt: Timestamp.nullable().optional().describe('when it became SOLD (kept once SHIPPED; null: not sold); server-set, ignored in requests'),
});
export type Lot = z.infer<typeof LotSchema>;

/** The lot fields updateManifest(s) may change, by their wire names. */
export const LOT_EDITABLE_FIELDS = [
  'titleListing', 'categories', 'numberOfPallets', 'numberOfCartons', 'numberOfUnits', 'totalOriginalRetail', 'totalListingPrice',
  'specialNotes', 'loc_zone', 'loc_aisle', 'loc_column', 'loc_row', 'loc_box',
] as const satisfies ReadonlyArray<keyof Lot>;
export type LotEditableField = (typeof LOT_EDITABLE_FIELDS)[number];
/** Some of a lot's editable fields, with their new values. */
export type LotChange = Partial<Pick<Lot, LotEditableField>>;

const namesAField = (edit: Partial<Lot>): boolean => LOT_EDITABLE_FIELDS.some((field) => edit[field] !== undefined);

/**
 * updateManifest(s) body: the lot's id and the editable fields to change, only those (issue 13: two people editing
 * different fields of one lot both keep their change). A whole lot as the client holds it is still taken (old
 * clients, spec §7): its other fields are checked and ignored. The title, when given, must hold something.
 */
export const LotEditSchema = LotSchema.partial()
  .extend({
    id: Id,
    titleListing: requiredText(TITLE_MAX).optional(),
    status: LotStatusSchema.optional().describe('ignored: updateLotStatus and listing set it'),
    auctionEventManifests: z.array(LotAuctionEntrySchema).max(100).optional().describe('server-set, ignored in requests'),
  })
  .refine(namesAField, { message: ServerMessages.nothingToChange });
export type LotEdit = z.infer<typeof LotEditSchema>;

/** updateLotLocation body: the lot's id and its location fields. */
export const LotLocationUpdateSchema = LotSchema.pick({
  id: true,
  loc_zone: true,
  loc_aisle: true,
  loc_column: true,
  loc_row: true,
  loc_box: true,
});
export type LotLocationUpdate = z.infer<typeof LotLocationUpdateSchema>;

export const LotsFilterSchema = z.object({
  Listed: z.boolean(),
  Sold: z.boolean(),
  Not_Listed: z.boolean(),
  Shipped: z.boolean(),
  Other: z.boolean().optional().describe('not in the spec (issue 31): SCHEDULED and UNSOLD lots; absent: false'),
  myLots: z.boolean().describe('forced true for non-admins'),
  lotNumber: text(64).optional().describe("'' or absent: any"),
  lotId: z.union([Id, wireString().trim().regex(/^\d{0,10}$/, 'lotId must be digits')]).optional().describe("'' or absent: any"),
});
export type LotsFilter = z.infer<typeof LotsFilterSchema>;

/**
 * The statuses a filter's checkboxes show, for the server's getLots and the device's list alike: the spec's four, and
 * 'Other statuses' for the two the spec's checkboxes leave unreachable (SCHEDULED, UNSOLD).
 */
export function statusesOfFilter(filter: LotsFilter): LotStatus[] {
  const statuses: LotStatus[] = [];
  if (filter.Not_Listed) statuses.push(LotStatus.NOT_LISTED);
  if (filter.Listed) statuses.push(LotStatus.LISTED);
  if (filter.Sold) statuses.push(LotStatus.SOLD);
  if (filter.Shipped) statuses.push(LotStatus.SHIPPED);
  if (filter.Other === true) statuses.push(LotStatus.SCHEDULED, LotStatus.UNSOLD);
  return statuses;
}

/** Spec §9. */
export const DEFAULT_LOTS_FILTER: LotsFilter = {
  Listed: false,
  Sold: false,
  Not_Listed: true,
  Shipped: true,
  Other: false,
  myLots: true,
  lotNumber: '',
  lotId: '',
};

export const StatusUpdateRequestSchema = z.object({
  status: LotStatusSchema,
  lotIds: z.array(Id).min(1).max(LIST_MAX),
});
export type StatusUpdateRequest = z.infer<typeof StatusUpdateRequestSchema>;

export const TitleUpdateRequestSchema = z.object({
  lotId: Id,
  newTitle: requiredText(TITLE_MAX),
});
export type TitleUpdateRequest = z.infer<typeof TitleUpdateRequestSchema>;

/** The online store's view of one product (a listed lot, by SKU), as WooCommerce names the fields. */
export const StoreStatusSchema = z.object({
  sku: text(64),
  stock_status: text(32).describe('instock, outofstock or onbackorder on WooCommerce'),
  stock_quantity: z.number().int().min(-COUNT_MAX).max(COUNT_MAX).nullable().describe('null: stock not managed'),
});
export type StoreStatus = z.infer<typeof StoreStatusSchema>;

/** How many lots (and, apart, removed lots) one syncLots page carries at most: 500 keep a page's work on the server
 *  under ~50 ms (bench/full-sync: /health p99 47 ms while 12,000 lots go, 607 ms during one getLots of them). */
export const LOT_SYNC_PAGE = 500;

/**
 * syncLots (not in the spec: issue 18's incremental sync): where a device's copy of the lots it may see left off.
 * '' asks for everything; otherwise the `next` of the last page received. Opaque to the client.
 */
export const LotSyncRequestSchema = z.object({
  after: text(200).regex(/^[0-9a-f.-]*$/, ServerMessages.notASyncCursor),
});
export type LotSyncRequest = z.infer<typeof LotSyncRequestSchema>;

/** One page of the lots that changed since a cursor, and the ids of those that went. */
export const LotChangesSchema = z.object({
  lots: z.array(LotSchema).max(LOT_SYNC_PAGE),
  removed: z.array(Id).max(LOT_SYNC_PAGE),
  /** Ask again with this while `more`; once `more` is false, keep it: the next sync starts from it. */
  next: z.string().max(200),
  more: z.boolean(),
  /** This run started over (no cursor, or one this database did not give this account): the lots held that do not come are gone. */
  full: z.boolean(),
  /** The asking user's account id (an admin's My Lots shows the lots whose userId is this). */
  userId: Id,
});
export type LotChanges = z.infer<typeof LotChangesSchema>;
