// Contract rows for pricing, store listings and notes (spec §7, in its order).
import { z } from 'zod';
import {
  AuctionListingRequestSchema, ListingRequestSchema, LotSchema, NewNoteSchema, NoteSchema, PriceRequestSchema,
} from '../entities';
import type { DestinationName } from '../destinations';
import { NoteMessages, TemplateMessages } from '../messages';
import { Id, text } from '../primitives';
import { type ContractEntry, envelopeReply, topicReply } from './shared';

const SHARED = 'Notes and templates are shared by all staff (DESIGN §5).';
const UNIQUE = `Labels are unique: a label another note has is BAD_REQUEST "${NoteMessages.labelTaken('{label}')}", nothing saved.`;
// Issue 31: a template is checked when it is saved (listing-templates.ts noteSaveRefusal), not first at its preview.
const RENDERABLE = `A template_ note whose data would not render (an unknown placeholder, …): BAD_REQUEST in the preview's words, such as '${TemplateMessages.refused([TemplateMessages.unknown('price')])}', nothing saved.`;
const PUSHED = "Pushed to the sender's other sessions and the admins.";
const STORE = 'SERVICE_UNAVAILABLE when the online store cannot be reached.';

export const listingsContract = {
  setPricesForLot: {
    kind: 'mutation',
    summary: "Price a lot's items by the multipliers (DESIGN §5) and recompute its listing total; one SEND per lot.",
    payload: PriceRequestSchema,
    reply: envelopeReply('UPDATED_LOT', LotSchema, `The priced lot; message 'Prices calculated for {lotNumber}.'. A non-empty specialNotes replaces the lot's special notes; free_shipping is not stored (listing requests carry their own). ${PUSHED}`),
    errors: ['BAD_REQUEST'],
  },
  generateWCHTMLListing: {
    kind: 'query',
    summary: "Render a lot's listing HTML from a template (Create Preview).",
    payload: ListingRequestSchema,
    reply: envelopeReply('LISTING_HTML_CREATED', z.string(), 'data is the HTML; NOT_FOUND for an unknown template.'),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  listOnWC: {
    kind: 'mutation',
    summary: "List a lot on the online store: its product (SKU = the lot number, so listing again updates it) with the template's HTML, the lot's listing total as price, qnt in stock (0 lists one); the lot becomes LISTED with the product's slug.",
    payload: ListingRequestSchema,
    reply: envelopeReply('LISTING_CREATED', LotSchema, `data is the listed lot; message 'Created Listing, Lot: {lotNumber}'. NOT_FOUND for an unknown template, BAD_REQUEST for a refused one or the store's refusal. ${STORE} ${PUSHED}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  },
  listAuctionOnWC: {
    kind: 'mutation',
    summary: 'List a lot of an auction event on the online store, with its auction title and starting price.',
    payload: AuctionListingRequestSchema,
    reply: envelopeReply('LISTING_CREATED', LotSchema, `data is the listed lot. ${STORE}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  },
  deleteWCListingByManifestId: {
    kind: 'mutation',
    summary: 'Unlist a lot: its store product is deleted (none there is fine); a LISTED lot becomes NOT_LISTED, a SOLD or SHIPPED one keeps its status; the slug is cleared.',
    payload: Id,
    reply: topicReply('deletedListings', LotSchema, `The unlisted lot. ${STORE} ${PUSHED}`),
    errors: ['BAD_REQUEST', 'SERVICE_UNAVAILABLE'],
  },
  getNotes: {
    kind: 'query',
    summary: "Notes whose label starts with the prefix (such as template or notes); '' for all.",
    payload: text(50),
    reply: envelopeReply('NOTES_FOUND', z.array(NoteSchema),
      `Sorted by label; message '${NoteMessages.loaded}'. The prefix is literal: '_' and '%' are no wildcards. ${SHARED}`),
    errors: ['BAD_REQUEST'],
  },
  createNote: {
    kind: 'mutation',
    summary: 'Create a note.',
    payload: NewNoteSchema,
    reply: envelopeReply('NOTE_CREATED', NoteSchema,
      `The stored note; message '${NoteMessages.created}'. A blank label: BAD_REQUEST '${NoteMessages.labelRequired}'. ${RENDERABLE} ${UNIQUE} ${PUSHED}`),
    errors: ['BAD_REQUEST'],
  },
  updateNote: {
    kind: 'mutation',
    summary: "Save a note's label and data.",
    payload: NoteSchema,
    reply: envelopeReply('NOTE_UPDATED', NoteSchema,
      `The stored note; message '${NoteMessages.updated}'. No such note: NOT_FOUND '${NoteMessages.notFound('{id}')}'. ${RENDERABLE} ${UNIQUE} ${PUSHED}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
  deleteNoteById: {
    kind: 'mutation',
    summary: 'Delete a note.',
    payload: Id,
    reply: envelopeReply('NOTE_DELETED', NoteSchema,
      `data is the deleted note; message '${NoteMessages.deleted}'. No such note: NOT_FOUND '${NoteMessages.notFound('{id}')}'. ${PUSHED}`),
    errors: ['BAD_REQUEST', 'NOT_FOUND'],
  },
} satisfies Partial<Record<DestinationName, ContractEntry>>;
