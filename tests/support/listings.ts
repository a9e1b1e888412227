// What the listing suites share: a template made through createNote, the Listing Manager's requests as the client
// sends them, and their replies checked against the contract.
import { AuctionEventManifestSchema, AuctionEventSchema, type AuctionEventManifest } from '../../src/protocol/entities';
import { LotSchema, type Lot } from '../../src/protocol/lots';
import { DEFAULT_PRICE_REQUEST, NoteSchema, type ListingRequest, type Note, type PriceRequest } from '../../src/protocol/listings';
import { okData, send } from './lot-replies';
import { outboxHeader, uniqueName } from './staff';
import type { TestClient } from './stomp-client';

export const TEMPLATE_HTML = '<h2>{{title}}</h2><p>{{lotNumber}}: {{units}} units, retail ${{retail}}</p>{{#items}}{{items}}{{/items}}';

export async function createTemplate(client: TestClient, data = TEMPLATE_HTML): Promise<Note> {
  return NoteSchema.parse(okData(await send(client, 'createNote', { id: 0, label: uniqueName('template_Lot'), data })));
}

export const listingRequest = (lot: Pick<Lot, 'id'>, template: Pick<Note, 'id'>, fields: Partial<ListingRequest> = {}): ListingRequest => ({
  manifestId: lot.id, templateId: template.id, qnt: 0, auction: false, free_shipping: true, ...fields,
});

export const priceRequest = (lot: Pick<Lot, 'id'>, fields: Partial<PriceRequest> = {}): PriceRequest => ({ ...DEFAULT_PRICE_REQUEST, manifestId: lot.id, ...fields });

/** listOnWC as the listing queue sends it (an outbox entry: its own client-msg-id unless one is given). */
export function list(client: TestClient, request: ListingRequest, clientMsgId = uniqueName('list')): Promise<unknown> {
  return client.request('listOnWC', request, 'incomingMessages', outboxHeader(clientMsgId));
}

/** deleteWCListingByManifestId as the unlist queue sends it; its answer comes on deletedListings. */
export async function unlist(client: TestClient, lot: Pick<Lot, 'id'>, clientMsgId = uniqueName('unlist')): Promise<Lot> {
  return LotSchema.parse(await client.request('deleteWCListingByManifestId', lot.id, 'deletedListings', outboxHeader(clientMsgId)));
}

export const listedLot = (reply: unknown): Lot => LotSchema.parse(okData(reply));

/** A lot of `client`'s in a new auction event (7 days from 1 March 2027), its row titled and priced for the sale. */
export async function auctionRowOf(client: TestClient, lot: Pick<Lot, 'id'>, auctionTitle: string, startingPrice: number): Promise<AuctionEventManifest> {
  const event = AuctionEventSchema.parse(await client.request('createAuctionEvent', { label: uniqueName('Sale') }, 'createdAuctionEvent'));
  const timed = { ...event, startTime: '2027-03-01T17:00:00.000Z', endTime: '2027-03-08T17:00:00.000Z' };
  await client.request('updateAuctionEvent', timed, 'updatedAuctionEvent');
  await client.request('addManifestsToAuctionEvent', { auctionEventId: event.id, manifestIds: [lot.id] }, 'manifestsAddedToAuctionEvent');
  const [row] = AuctionEventManifestSchema.array().parse(await client.request('getAuctionEventManifestsByEventId', event.id, 'auctionEventManifests'));
  if (row === undefined) throw new Error('the lot is in the event');
  const [saved] = AuctionEventManifestSchema.array().parse(
    await client.request('updateAuctionEventManifests', [{ id: row.id, auctionTitle, startingPrice }], 'updatedAuctionEventManifests'),
  );
  if (saved === undefined) throw new Error('the row was saved');
  return saved;
}

/** listAuctionOnWC as the auctions screen's queue sends it. */
export function listAuction(client: TestClient, row: Pick<AuctionEventManifest, 'id'>, template: Pick<Note, 'id'>): Promise<unknown> {
  const request = { auctionEventManifestId: row.id, templateId: template.id, quantity: 0, free_shipping: true };
  return client.request('listAuctionOnWC', request, 'incomingMessages', outboxHeader(uniqueName('list-auction')));
}
