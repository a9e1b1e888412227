// Pricing and listing lots on the embedded store (spec §7 setPricesForLot, generateWCHTMLListing, listOnWC,
// deleteWCListingByManifestId, getSmallWholesaleLotsWCProducts; DESIGN §5 "Prices", "Listing HTML", "Online
// store") on the real server with the real STOMP client, every reply checked against the contract.
import { describe, expect, it } from 'vitest';
import { notes } from '../../server/db';
import { ErrorCode } from '../../src/protocol/error-codes';
import { BoxItemsReplySchema } from '../../src/protocol/boxes';
import { StoreStatusSchema } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { AuctionMessages, ListingMessages, StoreMessages, TemplateMessages } from '../../src/protocol/messages';
import { itemsOf, packedBox } from '../support/boxes';
import { auctionRowOf, createTemplate, list, listAuction, listedLot, listingRequest, priceRequest, unlist } from '../support/listings';
import { notYours, okData, refusal, send } from '../support/lot-replies';
import { ALICE, BOB, createLot, staffSuite, uniqueName } from '../support/staff';

const suite = staffSuite();
const store = () => suite.server.server.services.store;

describe('/app/setPricesForLot', () => {
  it("prices every item by DESIGN §5's formula and sets the lot's listing total, answering UPDATED_LOT", async () => {
    const alice = await suite.staff.connect(ALICE);
    const { lot, box } = await packedBox(alice, 'Kitchen lot');
    // Kettle: retail 29.99, cost 12.50 → 12.50 × 2.5 = 31.25, capped at 29.99 × 0.25 = 7.50 (to the cent).
    // Lamp: retail 5.49, cost 2.00 → 5.00, capped at 1.3725 → 1.37. Total 7.50 + 1.37 = 8.87.
    const reply = await send(alice, 'setPricesForLot', priceRequest(lot));
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.UPDATED_LOT, message: ListingMessages.priced(lot.lotNumber) });
    expect(okData(reply)).toMatchObject({ id: lot.id, totalListingPrice: 8.87 });
    const { items } = BoxItemsReplySchema.parse(await itemsOf(alice, box));
    expect(items.map((item) => item.listingPrice).sort()).toEqual([1.37, 7.5]);
  });

  it('adds units × perUnitPriceMult to the total and replaces the special notes when given', async () => {
    const alice = await suite.staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Per unit lot');
    const reply = await send(alice, 'setPricesForLot', priceRequest(lot, { perUnitPriceMult: 1.5, specialNotes: 'Pickup only' }));
    expect(okData(reply)).toMatchObject({ totalListingPrice: 11.87, specialNotes: 'Pickup only' });
    const kept = await send(alice, 'setPricesForLot', priceRequest(lot, { specialNotes: '' }));
    expect(okData(kept)).toMatchObject({ totalListingPrice: 8.87, specialNotes: 'Pickup only' });
  });

  it("refuses another user's lot and the client's unset lot (-1)", async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const { lot } = await packedBox(alice, 'Not Bob\'s');
    expect(await send(bob, 'setPricesForLot', priceRequest(lot))).toEqual(notYours);
    expect(await send(alice, 'setPricesForLot', priceRequest(lot, { manifestId: -1 }))).toMatchObject({ errorCode: ErrorCode.BAD_REQUEST });
  });
});

describe('/app/generateWCHTMLListing', () => {
  it("answers LISTING_HTML_CREATED with the lot's listing: its title escaped and the manifest table", async () => {
    const alice = await suite.staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Tools <b>& more</b>');
    const template = await createTemplate(alice);
    const reply = await alice.request('generateWCHTMLListing', listingRequest(lot, template), 'incomingMessages');
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.LISTING_HTML_CREATED });
    const html = String(okData(reply));
    expect(html).toContain('<h2>Tools &lt;b&gt;&amp; more&lt;/b&gt;</h2>');
    expect(html).toContain('<td>Kettle 1.7L</td>');
  });

  it('answers NOT_FOUND for a note that is not a template, and BAD_REQUEST naming an unknown placeholder', async () => {
    const alice = await suite.staff.connect(ALICE);
    const lot = await createLot(alice, 'Preview lot');
    const note = okData(await send(alice, 'createNote', { id: 0, label: uniqueName('notes_Plain'), data: 'x' })) as { id: number };
    expect(await alice.request('generateWCHTMLListing', listingRequest(lot, note), 'incomingMessages')).toEqual({
      errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message: TemplateMessages.notATemplate(note.id), data: null,
    });
    // createNote refuses it now (issue 31): a template stored before that rule is still refused at its preview.
    const [bad] = await suite.server.server.services.db.insert(notes).values({ label: uniqueName('template_Old'), data: '<p>{{price}}</p>' }).returning();
    if (bad === undefined) throw new Error('the old template is stored');
    expect(await alice.request('generateWCHTMLListing', listingRequest(lot, bad), 'incomingMessages')).toEqual(
      refusal(TemplateMessages.refused([TemplateMessages.unknown('price')])),
    );
  });
});

describe('/app/listOnWC and /app/deleteWCListingByManifestId on the embedded store', () => {
  it("lists the lot: LISTING_CREATED 'Created Listing, Lot: …', status LISTED, its slug the product's page", async () => {
    const alice = await suite.staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Listed lot');
    const template = await createTemplate(alice);
    const reply = await list(alice, listingRequest(lot, template));
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.LISTING_CREATED, message: ListingMessages.created(lot.lotNumber) });
    const listed = listedLot(reply);
    expect(listed).toMatchObject({ id: lot.id, status: 'LISTED', slug: expect.stringContaining('listed-lot') });
    const product = await store().findBySku(lot.lotNumber);
    expect(product).toMatchObject({ sku: lot.lotNumber, name: 'Listed lot', permalink: `/store/${listed.slug ?? ''}` });
  });

  it('updates the same product when the lot is listed again, and a replayed entry changes nothing twice', async () => {
    const alice = await suite.staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Twice listed');
    const template = await createTemplate(alice);
    const first = await list(alice, listingRequest(lot, template), 'list-once');
    expect(await list(alice, listingRequest(lot, template), 'list-once')).toEqual(first);
    await list(alice, listingRequest(lot, template, { qnt: 3 }));
    expect(await store().productStatus([lot.lotNumber])).toEqual([{ sku: lot.lotNumber, stock_status: 'instock', stock_quantity: 3 }]);
  });

  it('unlists: the lot on deletedListings with status NOT_LISTED, the product gone; unlisting again is harmless', async () => {
    const alice = await suite.staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Unlisted lot');
    await list(alice, listingRequest(lot, await createTemplate(alice)));
    expect(await unlist(alice, lot)).toMatchObject({ id: lot.id, status: 'NOT_LISTED', slug: null });
    expect(await store().findBySku(lot.lotNumber)).toBeNull();
    expect(await unlist(alice, lot)).toMatchObject({ id: lot.id, status: 'NOT_LISTED' });
  });

  it('does not bring a product back when an old list entry is replayed after the unlist', async () => {
    const alice = await suite.staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Late replay');
    const template = await createTemplate(alice);
    const first = await list(alice, listingRequest(lot, template), 'list-before-unlist');
    await unlist(alice, lot);
    expect(await list(alice, listingRequest(lot, template), 'list-before-unlist')).toEqual(first);
    expect(await store().findBySku(lot.lotNumber)).toBeNull();
  });

  it("refuses another user's lot, and a note that is not a template, listing nothing", async () => {
    const [alice, bob] = [await suite.staff.connect(ALICE), await suite.staff.connect(BOB)];
    const { lot } = await packedBox(alice, 'Alice only');
    const template = await createTemplate(alice);
    expect(await list(bob, listingRequest(lot, template))).toEqual(notYours);
    expect(await send(bob, 'deleteWCListingByManifestId', lot.id)).toEqual(notYours);
    expect(await list(alice, listingRequest(lot, { id: 2_000_000_000 }))).toMatchObject({ errorCode: ErrorCode.NOT_FOUND });
    expect(await store().findBySku(lot.lotNumber)).toBeNull();
  });
});

describe('/app/listAuctionOnWC on the embedded store', () => {
  it('lists the auction row\'s lot under its auction title at its starting price; an unknown row is NOT_FOUND', async () => {
    const alice = await suite.staff.connect(ALICE);
    const { lot } = await packedBox(alice, 'Auction lot');
    const row = await auctionRowOf(alice, lot, 'Kitchen pallet, no reserve', 12.5);
    const template = await createTemplate(alice);
    const reply = await listAuction(alice, row, template);
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.LISTING_CREATED, message: ListingMessages.created(lot.lotNumber) });
    expect(await store().findBySku(lot.lotNumber)).toMatchObject({ name: 'Kitchen pallet, no reserve', regularPrice: '12.50' });
    expect(await listAuction(alice, { id: 2_000_000_000 }, template)).toEqual({
      errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message: AuctionMessages.rowNotFound(2_000_000_000), data: null,
    });
  });
});

describe('/app/getSmallWholesaleLotsWCProducts', () => {
  it("answers the stock of the category's listed products, and NOT_FOUND naming an unknown category", async () => {
    const alice = await suite.staff.connect(ALICE);
    const [category] = await store().getCategories();
    if (category === undefined) throw new Error('the embedded store seeds categories');
    const { lot } = await packedBox(alice, 'Categorised lot');
    await send(alice, 'updateManifests', [{ ...lot, categories: [category.id] }]);
    await list(alice, listingRequest(lot, await createTemplate(alice)));
    const reply = await alice.request('getSmallWholesaleLotsWCProducts', category.name, 'incomingMessages');
    expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.PRODUCT_STATUS_BY_CATEGORY });
    expect(StoreStatusSchema.array().parse(okData(reply))).toContainEqual({ sku: lot.lotNumber, stock_status: 'instock', stock_quantity: 1 });
    expect(await alice.request('getSmallWholesaleLotsWCProducts', 'No such shelf', 'incomingMessages')).toEqual({
      errorCode: ErrorCode.NOT_FOUND, messageType: MessageType.ERROR, message: StoreMessages.noCategory('No such shelf'), data: null,
    });
  });
});
