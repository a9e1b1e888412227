// A NUL or half a surrogate pair in any string field of any served destination (issue 12: they reached the database
// and came back as INTERNAL_SERVER_ERROR, which the outbox retried forever): refused as BAD_REQUEST with a plain
// message, on the destination's refusal topic, and nothing changes. The cases come from the contract: every string
// field of every served payload, put into an otherwise valid body.
import { beforeAll, describe, expect, it } from 'vitest';
import { CrudType } from '../../src/protocol/catalogue';
import { contract } from '../../src/protocol/contract';
import type { DestinationName } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { DEFAULT_LOTS_FILTER, type Lot } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { labelOf, positionsOf } from '../../src/protocol/field-labels';
import { FieldMessages } from '../../src/protocol/messages';
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/protocol/primitives';
import { handlers } from '../../server/domains';
import { editorView, lotOf, packedBox, upcOf, type PackedBox } from '../support/boxes';
import { priceRequest } from '../support/listings';
import { send, settled } from '../support/lot-replies';
import { stringFields } from '../support/schema-strings';
import { ALICE, staffSuite } from '../support/staff';
import type { TestClient } from '../support/stomp-client';

const suite = staffSuite();

const UNSTORABLE = [
  { name: 'a NUL', value: 'Pallet\u0000' },
  { name: 'a lone surrogate', value: 'Pallet\ud800' },
];

interface Fixtures extends PackedBox {
  /** The lot as getLotById answers it: a whole, valid lot to send back. */
  readonly stored: Lot;
}

/** The lot with a place in an auction (server-set, ignored in requests, but checked): its text fields get probed too. */
const withAuctionEntry = (lot: Lot): Lot => ({ ...lot, auctionEventManifests: [{ auctionEvent: { id: 1 }, auctionTitle: null }] });

/** A valid body for each served destination that has a string field; the test puts bad text into one field at a time. */
const VALID_BODIES: Partial<Record<DestinationName, (f: Fixtures) => unknown>> = {
  login: () => ({ username: ALICE, password: 'not the password' }),
  getLots: () => DEFAULT_LOTS_FILTER,
  syncLots: () => ({ after: '' }),
  getLotSuggestions: () => 'Pallet',
  getLotsBySkus: (f) => [f.stored.lotNumber],
  createManifest: () => 'Pallet of kettles',
  updateManifest: (f) => withAuctionEntry(f.stored),
  updateManifests: (f) => [withAuctionEntry(f.stored)],
  updateManifestTitleById: (f) => ({ lotId: f.lot.id, newTitle: 'Renamed' }),
  addBoxToLot: (f) => ({ id: 0, manualManiestId: f.lot.id, label: 'B2' }),
  updateBoxInfo: (f) => f.box,
  addUPCToBox: (f) => ({ upc: upcOf(f.kettle), boxId: f.box.id }),
  addMultipleUPCsToBox: (f) => ({ boxId: f.box.id, upcQuantities: [{ upc: upcOf(f.kettle), qnty: 1 }] }),
  updateItems: (f) => f.items,
  processUPCCrudRequest: (f) => ({ crudType: CrudType.READ, upcEntries: [f.kettle] }),
  getSuggestion: () => ({ suggestionType: 0, page: 0, pageSize: 100 }),
  getImagesForUPC: (f) => upcOf(f.kettle),
  // Refused before anything is fetched: the address is never reached.
  saveImageByUrl: (f) => ({ UPC: upcOf(f.kettle), URL: 'http://203.0.113.9/kettle.jpg' }),
  deleteImageByUrl: (f) => [upcOf(f.kettle)],
  getNotes: () => 'template_',
  createNote: () => ({ id: 0, label: 'notes_Unstorable', data: 'text' }),
  // Refused when parsed, before the note is looked up: any id will do.
  updateNote: () => ({ id: 1, label: 'notes_Unstorable', data: 'text' }),
  setPricesForLot: (f) => priceRequest(f.lot),
  getSmallWholesaleLotsWCProducts: () => 'Tools',
  createInventoryEvent: () => ({ label: 'Aisle 1 count' }),
  // Refused when parsed, before the event is looked up: any id will do.
  createAuctionEvent: () => ({ label: 'Spring sale' }),
  // Refused when parsed, before the event or row is looked up: any id will do.
  updateAuctionEvent: () => ({ id: 1, title: 'Spring sale', startTime: null, endTime: null, createdAt: null }),
  updateAuctionEventManifests: () => [{ id: 1, auctionTitle: '40 kettles', startingPrice: 25, startTime: null, endTime: null }],
  createManifestHistory: (f) => ({ manifestId: f.lot.id, inventoryEventId: 1, status: 'NOT_LISTED', lotNumber: f.lot.lotNumber }),
};

const served = Object.keys(handlers) as DestinationName[];
const withStrings = served.filter((destination) => stringFields(contract[destination].payload).length > 0);

/** The refusal as parse.ts words it for `path` (`upcQuantities[].upc` → 'item 1: UPC: Must not contain…'). */
function refusalAt(path: string): string {
  const parts = (path.match(/[^.[\]]+|\[\]/g) ?? []).map((token) => (token === '[]' ? 0 : token));
  const named = parts.some((part) => typeof part === 'string') ? `${labelOf(parts)}: ${UNSTORABLE_TEXT_MESSAGE}` : UNSTORABLE_TEXT_MESSAGE;
  const positions = positionsOf(parts);
  return positions.length === 0 ? named : FieldMessages.at(positions, named);
}

/** A copy of `body` with `value` at `path` (`upcQuantities[].upc`: the first row's upc), made if missing. */
function withText(body: unknown, path: string, value: string): unknown {
  if (path === '') return value;
  const tokens = path.match(/[^.[\]]+|\[\]/g) ?? [];
  const root: unknown = structuredClone(body);
  let at: unknown = root;
  tokens.forEach((token, index) => {
    const last = index === tokens.length - 1;
    const key = token === '[]' ? 0 : token;
    const holder = at as Record<string | number, unknown>;
    if (last) holder[key] = value;
    else holder[key] ??= tokens[index + 1] === '[]' ? [] : {};
    at = holder[key];
  });
  return root;
}

/** The answer a signed-in client gets: `{message}` on loginResponse for login (its contract), an envelope elsewhere. */
async function answerTo(client: TestClient, destination: DestinationName, body: unknown): Promise<unknown> {
  return contract[destination].reply.topic === 'loginResponse' ? client.request(destination, body, 'loginResponse') : send(client, destination, body);
}

/** `[title, case]` rows: one per string field of a served payload and kind of bad text. */
const cases = withStrings.flatMap((destination) =>
  stringFields(contract[destination].payload).flatMap(({ path }) =>
    UNSTORABLE.map(({ name, value }) => [`/app/${destination} ${path || '(the body)'}: ${name}`, { destination, path, value }] as const)));

let owner: TestClient;
let fixtures: Fixtures;
let before: Awaited<ReturnType<typeof editorView>>;

beforeAll(async () => {
  owner = await suite.staff.connect(ALICE);
  const packed = await packedBox(owner, 'Unstorable text');
  fixtures = { ...packed, stored: await lotOf(owner, packed.lot) };
  before = await editorView(owner, packed.lot);
});

describe('text no column can keep, in any string field of a served destination', () => {
  it('has a valid body for every served destination with a string field (derived from the contract)', () => {
    expect(Object.keys(VALID_BODIES).sort()).toEqual([...withStrings].sort());
  });

  it.each(cases)('%s: refused as BAD_REQUEST with the plain message', async (_title, { destination, path, value }) => {
    const valid = VALID_BODIES[destination];
    if (valid === undefined) throw new Error(`no valid body for ${destination}`);
    const answer = await answerTo(owner, destination, withText(valid(fixtures), path, value));
    // The field is named as a person reads it: `item 1: UPC: …`; a body that is the string itself, not at all.
    const message = expect.stringContaining(refusalAt(path));
    const refused = contract[destination].reply.topic === 'loginResponse'
      ? { message }
      : { errorCode: ErrorCode.BAD_REQUEST, messageType: MessageType.ERROR, message, data: null };
    expect(answer).toEqual(refused);
  });

  it('changed nothing: the lot, its boxes and items are as they were', async () => {
    expect(await editorView(owner, fixtures.lot)).toEqual(before);
  });
});

describe('/app/login with a NUL in the username', () => {
  it('answers on loginResponse, where the login waits, and nowhere else', async () => {
    const visitor = await suite.staff.connect(ALICE);
    visitor.drain('incomingMessages');
    const answer = await visitor.request('login', { username: `${ALICE}\u0000`, password: 'whatever' }, 'loginResponse');
    expect(answer).toEqual({ message: `Username: ${UNSTORABLE_TEXT_MESSAGE}` });
    await settled(visitor); // anything sent to the other topics has arrived by now
    expect(visitor.drain('incomingMessages')).toEqual([]);
    expect(visitor.drain('errors')).toEqual([]);
  });
});
