// The wire contract as a client sees it: every destination, topic and message type of spec §7 exists with
// the spec's spelling and numbering, each destination says where its reply lands, and docs/protocol.md
// says the same as the code.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {contract, Destination, ErrorCode, MessageType, MessageTypeNames, Topic, TopicName, type BulkAddResponse, type Category, type DestinationName, type LoginRequest, type Lot, type LotImages, type PayloadOf, type ReplyDataOf, type ReplySpec, type SuggestionResponse } from '../../../src/protocol';
import { renderProtocolDoc } from '../../../scripts/lib/protocol-doc';
import { servedDestinations } from '../../../server/domains';
import { image, lot } from './examples';

// Copied from spec §7 by hand, so a rename on either side fails here.
const SPEC_DESTINATIONS = `login getWoocommerceCategories getLotSuggestions getLots getLotById getBoxesByLotId getItemsByBoxId
  createManifest copyManifest deleteLots updateLotStatus updateLotLocation updateManifest updateManifests
  updateManifestTitleById getLotsBySkus getSmallWholesaleLotsWCProducts updateBoxInfo addBoxToLot deleteBox addUPCToBox
  addMultipleUPCsToBox updateItems deleteItems getImagesForLotById getImagesForUPC loadImagesForManifest deleteImages
  deleteUPCImages saveImageByUrl deleteImageByUrl getSuggestion processUPCCrudRequest getInventoryEvents
  createInventoryEvent getManifestHistory createManifestHistory deleteManifestHistory getAllAuctionEvents
  createAuctionEvent updateAuctionEvent getAuctionEventManifestsByEventId addManifestsToAuctionEvent
  updateAuctionEventManifests deleteAuctionEventManifests moveUpManifestInAuctionEvent moveDownManifestInAuctionEvent
  setPricesForLot generateWCHTMLListing listOnWC listAuctionOnWC deleteWCListingByManifestId getNotes createNote
  updateNote deleteNoteById`.split(/\s+/).map((name) => `/app/${name}`);

const SPEC_TOPICS = `incomingMessages errors loginResponse lots lotSuggestions boxesByLotId lotById deletedListings suggestion
  allAuctions auctionEventManifests createdAuctionEvent updatedAuctionEvent updatedAuctionEventManifests
  deletedAuctionEventManifests manifestsAddedToAuctionEvent`.split(/\s+/);

/** What LotDesk adds to the spec's wire, each documented as "not in the spec": incremental sync (issue 18), device setup (issue 30). */
const EXTENSION_DESTINATIONS = ['/app/syncLots', '/app/getDeviceSetup', '/app/getCatalogueCache'];
const EXTENSION_TOPICS = ['lotChanges', 'deviceSetup', 'catalogueCache'];

const DESTINATIONS = Object.keys(Destination) as DestinationName[];
const reply = (key: DestinationName): ReplySpec => contract[key].reply;

describe('destinations', () => {
  it('offers exactly the 56 SEND destinations of spec §7, spelled and ordered as there', () => {
    expect(SPEC_DESTINATIONS).toHaveLength(56);
    expect(Object.values(Destination).filter((path) => !EXTENSION_DESTINATIONS.includes(path))).toEqual(SPEC_DESTINATIONS);
  });

  it('says of every destination it adds to the spec that it is not in the spec', () => {
    for (const key of DESTINATIONS.filter((name) => EXTENSION_DESTINATIONS.includes(Destination[name]))) {
      expect(contract[key].summary, key).toMatch(/^Not in the spec/);
    }
  });

  it('documents every destination in the contract: payload, reply, errors and a summary', () => {
    expect(Object.keys(contract).sort()).toEqual([...DESTINATIONS].sort());
    for (const key of DESTINATIONS) {
      const entry = contract[key];
      expect(entry.summary, key).not.toBe('');
      expect(TopicName, key).toContain(entry.reply.topic);
      for (const code of entry.errors) expect(Object.keys(ErrorCode), key).toContain(code);
    }
  });

  it('answers in the envelope on incomingMessages unless spec §7 names a dedicated topic', () => {
    const dedicated: Partial<Record<DestinationName, string>> = {
      login: 'loginResponse', getLots: 'lots', getLotSuggestions: 'lotSuggestions', getBoxesByLotId: 'boxesByLotId',
      getLotById: 'lotById', deleteWCListingByManifestId: 'deletedListings', getSuggestion: 'suggestion',
      getAllAuctionEvents: 'allAuctions', getAuctionEventManifestsByEventId: 'auctionEventManifests',
      createAuctionEvent: 'createdAuctionEvent', updateAuctionEvent: 'updatedAuctionEvent',
      updateAuctionEventManifests: 'updatedAuctionEventManifests', deleteAuctionEventManifests: 'deletedAuctionEventManifests',
      addManifestsToAuctionEvent: 'manifestsAddedToAuctionEvent', syncLots: 'lotChanges',
      moveUpManifestInAuctionEvent: 'updatedAuctionEventManifests', moveDownManifestInAuctionEvent: 'updatedAuctionEventManifests',
      getDeviceSetup: 'deviceSetup', getCatalogueCache: 'catalogueCache',
    };
    for (const key of DESTINATIONS) {
      const expected = dedicated[key] ?? 'incomingMessages';
      expect(reply(key).topic, key).toBe(expected);
      // A dedicated topic carries its data raw; only the envelope has a message type.
      expect(reply(key).messageType === null, key).toBe(expected !== 'incomingMessages');
    }
  });

  it('never replies on the errors topic: that one is for refused frames, not requests', () => {
    for (const key of DESTINATIONS) expect(reply(key).topic, key).not.toBe('errors');
  });
});

describe('message types and topics', () => {
  it('numbers the 53 message types 0–52 in the order of spec §7', () => {
    expect(MessageTypeNames).toHaveLength(53);
    expect(MessageType.NOT_USED).toBe(0);
    expect(MessageType.UPDATED_BOX).toBe(1);
    expect(MessageType.ERROR).toBe(26);
    expect(MessageType.WOOCOMMERCE_CATEGORIES).toBe(27);
    expect(MessageType.COPIED_MANIFEST).toBe(45);
    expect(MessageType.ADDED_MULT_UPCS_TO_BOX).toBe(52);
  });

  it('uses only message types of the list', () => {
    for (const key of DESTINATIONS) {
      const { messageType, alternatives = [] } = reply(key);
      for (const name of [messageType, ...alternatives]) if (name !== null) expect(MessageTypeNames, key).toContain(name);
    }
  });

  it('lets a client subscribe to every topic of spec §7 under /user/topics/', () => {
    expect([...TopicName]).toEqual([...SPEC_TOPICS, ...EXTENSION_TOPICS]);
    for (const name of TopicName) expect(Topic[name]).toBe(`/user/topics/${name}`);
  });
});

describe('replies the spec shows', () => {
  it('/app/getWoocommerceCategories: WOOCOMMERCE_CATEGORIES with the category list', () => {
    expect(reply('getWoocommerceCategories')).toMatchObject({ topic: 'incomingMessages', messageType: 'WOOCOMMERCE_CATEGORIES' });
    expect(reply('getWoocommerceCategories').data.parse([{ id: 1, name: 'Tools', parent: 0 }])).toHaveLength(1);
  });

  it('/app/generateWCHTMLListing: the preview data is the HTML', () => {
    expect(reply('generateWCHTMLListing').messageType).toBe('LISTING_HTML_CREATED');
    expect(reply('generateWCHTMLListing').data.parse('<h1>Lot</h1>')).toBe('<h1>Lot</h1>');
  });

  it('/app/copyManifest: COPIED_MANIFEST data has the new lotNumber', () => {
    expect(reply('copyManifest').messageType).toBe('COPIED_MANIFEST');
    expect(contract.copyManifest.reply.data.parse(lot).lotNumber).toBe('LOT-000042');
  });

  it('/app/getImagesForLotById: FOUND_IMAGES_FOR_LOT data has images and lot', () => {
    const data = contract.getImagesForLotById.reply.data.parse({ images: [image], lot });
    expect(reply('getImagesForLotById').messageType).toBe('FOUND_IMAGES_FOR_LOT');
    expect(data.images[0]?.id).toBe(77);
    expect(data.lot.id).toBe(42);
  });

  it('/app/addMultipleUPCsToBox: ADDED_MULT_UPCS_TO_BOX data lists added items and not-found UPCs', () => {
    const data = contract.addMultipleUPCsToBox.reply.data.parse({ addedItems: [], notFoundUPCs: ['000000000000'] });
    expect(reply('addMultipleUPCsToBox').messageType).toBe('ADDED_MULT_UPCS_TO_BOX');
    expect(data.notFoundUPCs).toEqual(['000000000000']);
  });

  it('/app/processUPCCrudRequest: the message type follows the CRUD type', () => {
    const { messageType, alternatives } = reply('processUPCCrudRequest');
    expect([messageType, ...(alternatives ?? [])]).toEqual(['UPC_GRUD_CREATED', 'SUGGESTION', 'UPC_GRUD_UPDATED', 'UPC_GRUD_DELETED']);
  });
});

describe('types derived from the contract', () => {
  it('gives each destination its payload and reply types', () => {
    expectTypeOf<PayloadOf<'getLotById'>>().toEqualTypeOf<number>();
    expectTypeOf<PayloadOf<'getLotsBySkus'>>().toEqualTypeOf<string[]>();
    expectTypeOf<PayloadOf<'getWoocommerceCategories'>>().toEqualTypeOf<undefined>();
    expectTypeOf<PayloadOf<'login'>>().toEqualTypeOf<LoginRequest>();
    expectTypeOf<ReplyDataOf<'getLots'>>().toEqualTypeOf<Lot[]>();
    expectTypeOf<ReplyDataOf<'getWoocommerceCategories'>>().toEqualTypeOf<Category[]>();
    expectTypeOf<ReplyDataOf<'getImagesForLotById'>>().toEqualTypeOf<LotImages>();
    expectTypeOf<ReplyDataOf<'addMultipleUPCsToBox'>>().toEqualTypeOf<BulkAddResponse>();
    expectTypeOf<ReplyDataOf<'getSuggestion'>>().toEqualTypeOf<SuggestionResponse>();
  });
});

describe('docs/protocol.md', () => {
  it('is up to date with the contract (run `npx tsx scripts/protocol-doc.ts`)', () => {
    const committed = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');
    expect(committed).toBe(renderProtocolDoc(servedDestinations));
  });

  it('has one row per destination, marking the ones not yet served', () => {
    const doc = renderProtocolDoc(['/app/login']);
    for (const path of SPEC_DESTINATIONS) expect(doc).toContain(`| \`${path}\`<br>`);
    expect(doc.match(/\| not yet served \|/g)).toHaveLength(SPEC_DESTINATIONS.length + EXTENSION_DESTINATIONS.length - 1);
  });
});
