// /app/setPricesForLot, generateWCHTMLListing, listOnWC, listAuctionOnWC, deleteWCListingByManifestId and
// getSmallWholesaleLotsWCProducts (spec §7; DESIGN §5). Listing and unlisting are staged: the store's round trips
// run before the transaction, which then only sets the lot's status. The store's product is keyed by the lot number,
// so a repeated list updates the same product.
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import type { ListingRequest } from '../../../src/protocol/entities';
import { LotStatus } from '../../../src/protocol/lots';
import { AuctionMessages, ListingMessages, TemplateMessages } from '../../../src/protocol/messages';
import { lots } from '../../db';
import { renderListing } from '../../store/templates';
import type { AuctionTerms, ProductInput } from '../../store/types';
import { defineHandlers, only, refuse, reply, replyAndPush, type HandlerResult, type Staged, type UserContext } from '../handler';
import { auctionListingOf } from '../auctions';
import { lockVisibleLots, lotNotFound, ownerName, presentOneLot } from '../lots';
import { templateById } from '../notes';
import { readListingSource, valuesFor, type ListingSource } from './listing-source';
import { setPricesForLot } from './pricing-handler';
import { productImages, slugOf, storeRefusal } from './store-products';

type Rendered = { ok: true; source: ListingSource; html: string } | { ok: false; refusal: HandlerResult };

/** A listing to make: a lot's (listOnWC), or an auction row's with its title, starting price and times (listAuctionOnWC). */
type ListingPlan = ListingRequest & { auctionLot?: { title: string; terms: AuctionTerms } };

/** The lot's listing HTML from the request's template, or why not. An auction's title stands for the lot's. */
async function renderFor({ db, user }: UserContext, plan: ListingPlan): Promise<Rendered> {
  const read = await readListingSource(db, user, plan.manifestId);
  if (read === undefined) return { ok: false, refusal: lotNotFound() };
  const title = plan.auctionLot?.title ?? '';
  const source = title === '' ? read : { ...read, facts: { ...read.facts, title } };
  const template = await templateById(db, plan.templateId);
  if (template === undefined) return { ok: false, refusal: refuse(ErrorCode.NOT_FOUND, TemplateMessages.notATemplate(plan.templateId)) };
  const rendered = renderListing(template.data, valuesFor(source, plan));
  if ('refused' in rendered) return { ok: false, refusal: refuse(ErrorCode.BAD_REQUEST, rendered.refused) };
  return { ok: true, source, html: rendered.html };
}

/** A lot's status after a change, replied to the sender and pushed to its owner's other sessions. */
async function setStatus(context: UserContext, lotId: number, change: (status: LotStatus) => { status: LotStatus; slug: string | null }) {
  const [lot] = (await lockVisibleLots(context.db, context.user, [lotId])) ?? [];
  if (lot === undefined) return undefined;
  const [row] = await context.db.update(lots).set(change(lot.status)).where(eq(lots.id, lot.id)).returning();
  if (row === undefined) throw new Error(`locked lot ${lot.id} vanished`);
  return { row, owner: await ownerName(context.db, context.user, row) };
}

async function stageListing(context: UserContext, plan: ListingPlan): Promise<Staged<UserContext> | HandlerResult> {
  const rendered = await renderFor(context, plan);
  if (!rendered.ok) return rendered.refusal;
  const { lot, imagePaths, facts } = rendered.source;
  let permalink: string;
  try {
    const product: ProductInput = {
      sku: lot.lotNumber,
      name: facts.title,
      description: rendered.html,
      regularPrice: plan.auctionLot?.terms.startingPrice ?? lot.totalListingPrice,
      // A lot is one thing to sell: a quantity of 0 (the default) lists one.
      stockQuantity: Math.max(plan.qnt, 1),
      categories: lot.categories,
      images: await productImages(context.services, imagePaths),
      ...(plan.auctionLot === undefined ? {} : { auction: plan.auctionLot.terms }),
    };
    ({ permalink } = await context.services.store.upsertProduct(product));
  } catch (error) {
    return storeRefusal(error);
  }
  return {
    async commit(transaction) {
      const listed = await setStatus(transaction, lot.id, () => ({ status: LotStatus.LISTED, slug: slugOf(permalink) }));
      if (listed === undefined) return { result: lotNotFound(), used: false };
      const message = reply.ok('LISTING_CREATED', await presentOneLot(transaction.db, listed.row), ListingMessages.created(listed.row.lotNumber));
      return { result: replyAndPush(message, listed.owner), used: true };
    },
    // Not committed (the lot went, the transaction failed): a product of a lot that is not listed must not stay.
    async discard() {
      const [now] = await context.services.db.select({ status: lots.status }).from(lots).where(eq(lots.id, lot.id));
      if (now?.status !== LotStatus.LISTED) await context.services.store.deleteProductBySku(lot.lotNumber).catch(() => false);
    },
  };
}

async function stageUnlisting(context: UserContext, lotId: number): Promise<Staged<UserContext> | HandlerResult> {
  const source = await readListingSource(context.db, context.user, lotId);
  if (source === undefined) return lotNotFound();
  try {
    await context.services.store.deleteProductBySku(source.lot.lotNumber); // false when it was not there: fine
  } catch (error) {
    return storeRefusal(error);
  }
  return {
    async commit(transaction) {
      // A sold or shipped lot keeps its status: only a listed one goes back to NOT_LISTED.
      const unlisted = await setStatus(transaction, lotId, (status) => ({ status: status === LotStatus.LISTED ? LotStatus.NOT_LISTED : status, slug: null }));
      if (unlisted === undefined) return { result: lotNotFound(), used: true };
      return { result: replyAndPush(reply.on('deletedListings', await presentOneLot(transaction.db, unlisted.row)), unlisted.owner), used: true };
    },
    // The product is gone either way; the lot's status follows on the next unlist.
    async discard() {},
  };
}

export const listingHandlers = defineHandlers({
  setPricesForLot: { access: 'user', handle: setPricesForLot },

  generateWCHTMLListing: {
    access: 'user',
    async handle(context, request) {
      const rendered = await renderFor(context, request);
      if (!rendered.ok) return rendered.refusal;
      return only(reply.ok('LISTING_HTML_CREATED', rendered.html, ListingMessages.previewed(rendered.source.lot.lotNumber)));
    },
  },

  listOnWC: { access: 'user', stage: stageListing },

  listAuctionOnWC: {
    access: 'user',
    async stage(context, { auctionEventManifestId, templateId, quantity, free_shipping }) {
      const row = await auctionListingOf(context.db, auctionEventManifestId);
      if (row === undefined) return refuse(ErrorCode.NOT_FOUND, AuctionMessages.rowNotFound(auctionEventManifestId));
      const { manifestId, auctionTitle, startingPrice, start, end } = row;
      const auctionLot = { title: auctionTitle, terms: { startingPrice, start, end } };
      return stageListing(context, { manifestId, templateId, qnt: quantity, auction: true, free_shipping, auctionLot });
    },
  },

  deleteWCListingByManifestId: { access: 'user', stage: stageUnlisting },

  getSmallWholesaleLotsWCProducts: {
    access: 'user',
    async handle({ services }, categoryText) {
      try {
        return only(reply.ok('PRODUCT_STATUS_BY_CATEGORY', await services.store.productsByCategory(categoryText)));
      } catch (error) {
        return storeRefusal(error);
      }
    },
  },
});
