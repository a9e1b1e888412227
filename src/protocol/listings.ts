// Pricing, store listings and notes (spec §3, §9). A listing template is a note labelled `template_…`
// (DESIGN §5), so notes live here with the requests that use them.
import { z } from 'zod';
import { SPECIAL_NOTES_MAX } from './lots';
import { NoteMessages } from './messages';
import { Count, Id, Multiplier, requiredText, text, wireString } from './primitives';

export const PriceRequestSchema = z.object({
  manifestId: Id,
  retailCostMult: Multiplier,
  minOfRetailMult: Multiplier,
  clientCostMult: Multiplier,
  maxOfRetailMult: Multiplier,
  perUnitPriceMult: Multiplier,
  specialNotes: text(SPECIAL_NOTES_MAX),
  free_shipping: z.boolean(),
});
export type PriceRequest = z.infer<typeof PriceRequestSchema>;

/** No lot chosen yet: the client sets manifestId before sending; the server refuses -1. */
export const NO_MANIFEST_ID = -1;

/** Spec §9; the manifest id is reset to -1 when restored from local storage. */
export const DEFAULT_PRICE_REQUEST: PriceRequest = {
  manifestId: NO_MANIFEST_ID,
  retailCostMult: 0.2,
  minOfRetailMult: 0.1,
  clientCostMult: 2.5,
  maxOfRetailMult: 0.25,
  perUnitPriceMult: 0,
  specialNotes: '',
  free_shipping: true,
};

/** generateWCHTMLListing and listOnWC body. `auction` is always false from this client (spec §9). */
export const ListingRequestSchema = z.object({
  manifestId: Id,
  templateId: Id.describe('a note whose label starts with template_'),
  qnt: Count.describe('listing quantity'),
  auction: z.boolean().describe('always false from this client'),
  free_shipping: z.boolean(),
});
export type ListingRequest = z.infer<typeof ListingRequestSchema>;

export const AuctionListingRequestSchema = z.object({
  auctionEventManifestId: Id,
  templateId: Id,
  quantity: Count,
  free_shipping: z.boolean(),
});
export type AuctionListingRequest = z.infer<typeof AuctionListingRequestSchema>;

/** Label prefix kinds: a note's label is `{kind}_{user label}`. */
export const NoteKind = { TEMPLATE: 'template', NOTES: 'notes' } as const;
export type NoteKind = (typeof NoteKind)[keyof typeof NoteKind];

export const NOTE_LABEL_MAX = 200;
export const NOTE_DATA_MAX = 200_000; // a listing template is a whole HTML page

export const NoteSchema = z.object({
  id: Id,
  label: requiredText(NOTE_LABEL_MAX),
  data: text(NOTE_DATA_MAX),
});
export type Note = z.infer<typeof NoteSchema>;

/** createNote body: id 0, label, data; a blank label is told in the spec's words (§5). */
export const NewNoteSchema = NoteSchema.extend({
  id: z.literal(0),
  label: wireString().trim().min(1, NoteMessages.labelRequired).max(NOTE_LABEL_MAX),
});
export type NewNote = z.infer<typeof NewNoteSchema>;
