// Listing replies into the replica (spec §7, §8): LISTING_CREATED carries the listed lot ('Created Listing, Lot:
// {lotNumber}'); the deletedListings topic the unlisted one ('Unlisted from WC: {lotNumber}', status 'Deleted
// Listing'); LISTING_HTML_CREATED is the preview's HTML. Prices come back as UPDATED_LOT, which the lots domain reads.
// A listed or unlisted lot also replaces its copies in the auction rows (the Auctions screen's status column).
import { contract } from '../../protocol/contract';
import { ListingMessages } from '../../protocol/messages';
import type { EnvelopeHandler, RefusalHandler, TopicHandler } from '../../sync/domain';
import { showReplyError } from '../../sync/feedback/notifier';
import { parsed } from '../../sync/ingest/parsed';
import { putAuctionRowLots } from '../auctions';
import { putLots } from '../lots';
import { listingPreview } from './preview';

const ListedLot = contract.listOnWC.reply.data;
const UnlistedLot = contract.deleteWCListingByManifestId.reply.data;
const Html = contract.generateWCHTMLListing.reply.data;
const PreviewRequest = contract.generateWCHTMLListing.payload;

const listingCreated: EnvelopeHandler = async (envelope, context) => {
  const lot = parsed(ListedLot, envelope.data, 'LISTING_CREATED data');
  if (lot === undefined) return;
  await context.write(async (db, { user }) => {
    await putLots(db, user, [lot]);
    await putAuctionRowLots(db, user, [lot]);
  });
  if (context.clientMsgId !== undefined) context.announce(envelope.message ?? ListingMessages.created(lot.lotNumber));
};

const listingHtml: EnvelopeHandler = (envelope, context) => {
  const html = parsed(Html, envelope.data, 'LISTING_HTML_CREATED data');
  const asked = PreviewRequest.safeParse(context.request?.body);
  if (html === undefined || !asked.success) return void listingPreview.failed();
  listingPreview.arrived(asked.data.manifestId, html);
  context.feedback.status.ready();
};

const deletedListing: TopicHandler = async (body, context) => {
  const lot = parsed(UnlistedLot, body, 'deletedListings');
  if (lot === undefined) return;
  await context.write(async (db, { user }) => {
    await putLots(db, user, [lot]);
    await putAuctionRowLots(db, user, [lot]);
  });
  if (context.clientMsgId !== undefined && context.announce(ListingMessages.unlisted(lot.lotNumber))) context.feedback.status.ready(ListingMessages.deleted);
};

export const listingMessages = { LISTING_CREATED: listingCreated, LISTING_HTML_CREATED: listingHtml } as const satisfies Record<string, EnvelopeHandler>;
export const listingTopics = { deletedListings: deletedListing } as const;

/** A refused preview (an unknown template, a template the server refuses): the server's words, nothing awaited. */
const previewRefused: RefusalHandler = (envelope, feedback) => {
  listingPreview.failed();
  showReplyError(feedback, envelope.errorCode, envelope.message ?? '');
};

export const listingRefusals = { generateWCHTMLListing: previewRefused } as const;
