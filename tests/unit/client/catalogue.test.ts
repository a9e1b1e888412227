// The UPC catalogue's look-ups on the data-entry screen (spec §2 Data entry, §7 getSuggestion, §9): type-ahead
// per search field and the Search that fills the table, from the server when connected (page 0, page size
// 100) and from the replica offline, by the same matching rule as the server. Answers are paired with their
// request by request-id, never by arrival order. The real server (router, handlers, database) answers.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  catalogue, distinctValues, EMPTY_SEARCH, matchesSearch, narrowsLocally, replicaSuggestions, SEARCH_FIELDS, searchReplica, searchUpcs,
  suggestUpcs, upcsTable, type CatalogueSearch,
} from '../../../src/domains/upcs';
import { REQUEST_ID_HEADER } from '../../../src/protocol/auth';
import { SuggestionType, type UpcEntry } from '../../../src/protocol/catalogue';
import { Destination } from '../../../src/protocol/destinations';
import { Topic } from '../../../src/protocol/topics';
import { claimReplica } from '../../../src/sync/replica/owner';
import { makeUpc } from '../../support/factories';
import type { SentFrame } from './support/fake-connection';
import { startClientServer, type ClientServer } from './support/server';
import { createHarness, freshReplica, type Harness } from './support/sync-harness';

let server: ClientServer;
beforeAll(async () => void (server = await startClientServer()), 60_000);
afterAll(() => server?.stop());

/** Waits on the real server's answers: generous, as many test files' servers share the CPU. */
const WAIT = { timeout: 5000, interval: 5 };

const searchFor = (fields: Partial<CatalogueSearch>): CatalogueSearch => ({ ...EMPTY_SEARCH, ...fields });

/**
 * The page's client, offline, its replica holding `rows`. By default the server's answers are held back (never
 * released), so what a test delivers itself is the only answer.
 */
async function catalogueWith(rows: readonly UpcEntry[] = [], { hold = true } = {}): Promise<Harness> {
  const h = await createHarness(server);
  onTestFinished(h.unlink);
  h.wire.holding = hold;
  await claimReplica(h.db, h.user);
  await h.db.rows(upcsTable).bulkPut([...rows]);
  return h;
}

const suggestionFrames = (h: Harness): SentFrame[] => h.connection.sent.filter((frame) => frame.destination === Destination.getSuggestion);
const suggestionSends = (h: Harness): unknown[] => suggestionFrames(h).map((frame) => frame.body);
const requestIds = (h: Harness): Array<string | undefined> => suggestionFrames(h).map((frame) => frame.headers?.[REQUEST_ID_HEADER]);
const answered = (requestId: string | undefined): Record<string, string> => (requestId === undefined ? {} : { [REQUEST_ID_HEADER]: requestId });
const searchAnswer = (rows: readonly UpcEntry[]) => ({ suggestionType: SuggestionType.ALL_FIELDS, suggestions: rows, referenceId: 'search' });
/** Names no other test of the file uses: the server's catalogue is shared by the file's tests. */
const uniqueTag = (): string => `T${Math.random().toString(36).slice(2, 8)}`;
const upcsOf = async (h: Harness, ids: readonly number[] | undefined) => (await h.db.rows(upcsTable).bulkGet([...(ids ?? [])])).map((row) => row?.upc);

describe('the search rule (domains/upcs/match.ts), shared by the replica and the server', () => {
  const shoe = makeUpc(1, '0123456789', {
    vendorName: 'Acme Shoes', vendorStyleNumber: 'ST-9', size: 'XL', color: 'Navy', asin: 'B00ABC', retailPrice: 19.99, wholesalePrice: 8,
  });

  it('matches the UPC as typed, and every other field from its start in any case', () => {
    expect(matchesSearch(shoe, searchFor({ upc: '0123' }))).toBe(true);
    expect(matchesSearch(shoe, searchFor({ upc: ' 0123 ' }))).toBe(true);
    expect(matchesSearch(shoe, searchFor({ upc: '123' }))).toBe(false); // a prefix, not "contains"
    expect(matchesSearch(shoe, searchFor({ vendor: 'aCME s', style: 'st-', size: 'x', color: 'NAV', asin: 'b00' }))).toBe(true);
    expect(matchesSearch(shoe, searchFor({ vendor: 'shoes' }))).toBe(false);
  });

  it('keeps a row only when every filled field matches; blank fields match anything', () => {
    expect(matchesSearch(shoe, EMPTY_SEARCH)).toBe(true);
    expect(matchesSearch(shoe, searchFor({ vendor: 'acme', color: 'red' }))).toBe(false);
    expect(matchesSearch(makeUpc(2, '555'), searchFor({ color: 'n' }))).toBe(false); // no color never matches a filled one
  });

  it('matches prices as the table shows them, with 2 decimals', () => {
    expect(matchesSearch(shoe, searchFor({ msrp: '19.9' }))).toBe(true);
    expect(matchesSearch(shoe, searchFor({ wholesale: '8.00' }))).toBe(true);
    expect(matchesSearch(shoe, searchFor({ msrp: '20' }))).toBe(false);
  });

  it('says a search must be narrowed on the client when ASIN, MSRP or Wholesale Price is filled (the server does not search them)', () => {
    expect(narrowsLocally(searchFor({ upc: '1', vendor: 'a', style: 'b', size: 'c', color: 'd' }))).toBe(false);
    expect(narrowsLocally(searchFor({ asin: '   ' }))).toBe(false);
    for (const field of ['asin', 'msrp', 'wholesale'] as const) expect(narrowsLocally(searchFor({ [field]: '1' }))).toBe(true);
    expect(SEARCH_FIELDS).toEqual(['upc', 'style', 'size', 'color', 'asin', 'vendor', 'msrp', 'wholesale']);
  });

  it('suggests distinct values starting with the text: spellings differing in case once, blanks never, in order, up to the limit', () => {
    const rows = [
      makeUpc(1, '2', { vendorName: 'acme' }), makeUpc(2, '1', { vendorName: 'Acme' }), makeUpc(3, '3', { vendorName: 'Ace' }),
      makeUpc(4, '4', { vendorName: '' }), makeUpc(5, '5', { vendorName: 'Zed' }), makeUpc(6, '6', { vendorName: null }),
    ];
    expect(distinctValues(rows, 'vendor', 'A', 10)).toEqual(['Ace', 'acme']);
    expect(distinctValues(rows, 'vendor', '', 2)).toEqual(['Ace', 'acme']);
    expect(distinctValues(rows, 'upc', '', 10)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(distinctValues([makeUpc(1, 'AB1'), makeUpc(2, 'ab2')], 'upc', 'ab', 10)).toEqual(['ab2']); // UPC as typed
  });
});

describe('/app/getSuggestion: type-ahead in a search field', { timeout: 20_000 }, () => {
  it('connected: asks the server for the field by its suggestion type, page 0 of 100, tagged with the field', async () => {
    const h = await catalogueWith();
    h.connection.open();
    await suggestUpcs('upc', ' 0123 ');
    await suggestUpcs('vendor', 'Ac');
    await suggestUpcs('style', 'ST');
    await suggestUpcs('size', 'X');
    await suggestUpcs('color', 'na');
    expect(suggestionSends(h)).toEqual([
      { suggestionType: SuggestionType.UPC, page: 0, pageSize: 100, upc: '0123', referenceId: 'upc' },
      { suggestionType: SuggestionType.BRAND, page: 0, pageSize: 100, vendor: 'Ac', referenceId: 'vendor' },
      { suggestionType: SuggestionType.STYLE, page: 0, pageSize: 100, style: 'ST', referenceId: 'style' },
      { suggestionType: SuggestionType.SIZE, page: 0, pageSize: 100, size: 'X', referenceId: 'size' },
      { suggestionType: SuggestionType.COLOR, page: 0, pageSize: 100, color: 'na', referenceId: 'color' },
    ]);
    expect(new Set(requestIds(h).filter((id) => id !== undefined)).size).toBe(5); // each with a request-id of its own
    expect(catalogue.get().suggestions).toEqual({}); // the answer comes through the suggestion topic
  });

  it("offline: answers from the replica's entries, leaving out rows a pending delete removed", async () => {
    const h = await catalogueWith([
      makeUpc(1, '111', { vendorName: 'Acme' }), makeUpc(2, '112', { vendorName: 'ACME' }), makeUpc(3, '113', { vendorName: 'Acorn' }),
    ]);
    await h.db.rows(upcsTable).update(3, { pending: 1, removed: 1 });
    await suggestUpcs('vendor', 'ac');
    await suggestUpcs('upc', '11');
    expect(suggestionSends(h)).toEqual([]);
    expect(catalogue.get().suggestions).toEqual({ vendor: ['Acme'], upc: ['111', '112'] });
  });

  it('connected: ASIN, MSRP and Wholesale Price ask an ALL_FIELDS page for the fields filled so far and suggest their values among the rows found', async () => {
    const tag = uniqueTag();
    await server.seedCatalogue([
      { upc: `${tag}1`, vendorName: `${tag}Acme`, asin: 'B0AAA', retailPrice: 19.99, wholesalePrice: 5 },
      { upc: `${tag}2`, vendorName: `${tag}Acme`, asin: 'B0BBB', retailPrice: 25, wholesalePrice: 7.5 },
      { upc: `${tag}3`, vendorName: `${tag}Other`, asin: 'B0CCC', retailPrice: 19.5 },
    ]);
    const h = await catalogueWith([], { hold: false }); // the device holds none of them yet
    h.connection.open();
    const form = searchFor({ vendor: `${tag}Acme` });
    await suggestUpcs('asin', 'b0', form);
    await suggestUpcs('msrp', '1', form);
    await suggestUpcs('wholesale', '', form);
    const asked = { suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: 100, vendor: `${tag}Acme` };
    expect(suggestionSends(h)).toEqual([
      { ...asked, referenceId: 'asin' }, { ...asked, referenceId: 'msrp' }, { ...asked, referenceId: 'wholesale' },
    ]);
    await vi.waitFor(() => expect(catalogue.get().suggestions).toEqual({ asin: ['B0AAA', 'B0BBB'], msrp: ['19.99'], wholesale: ['5.00', '7.50'] }), WAIT);
  });

  it('offline: ASIN, MSRP and Wholesale Price suggest from the replica', async () => {
    const h = await catalogueWith([
      makeUpc(1, '1', { asin: 'B001', retailPrice: 19.99, wholesalePrice: 5 }), makeUpc(2, '2', { asin: 'B002', retailPrice: 25 }),
    ]);
    await suggestUpcs('asin', 'b00');
    await suggestUpcs('msrp', '1');
    await suggestUpcs('wholesale', '');
    expect(suggestionSends(h)).toEqual([]);
    expect(catalogue.get().suggestions).toEqual({ asin: ['B001', 'B002'], msrp: ['19.99'], wholesale: ['5.00'] });
  });

  it("the server's answer reaches the field its request named (by request-id); answers for no field are ignored", async () => {
    const h = await catalogueWith();
    h.connection.open();
    await suggestUpcs('color', 'n');
    await searchUpcs(searchFor({ color: 'n' }));
    const [color, search] = requestIds(h);
    const answer = (values: string[], requestId: string | undefined) =>
      h.connection.deliver(Topic.suggestion, { suggestionType: SuggestionType.COLOR, suggestions: values, referenceId: 'color' }, answered(requestId));
    answer(['x'], undefined); // no request-id: asked by nobody
    answer(['y'], 'q-not-ours');
    answer(['z'], search); // a Search's request names no field
    answer(['Navy', 'Red'], color);
    answer(['Stale'], color); // answered once
    expect(catalogue.get().suggestions).toEqual({ color: ['Navy', 'Red'] });
  });

  it('replicaSuggestions reads the distinct values of a field straight from the replica', async () => {
    const db = freshReplica();
    await db.rows(upcsTable).bulkPut([makeUpc(1, '1', { color: 'Red' }), makeUpc(2, '2', { color: 'red' }), makeUpc(3, '3', { color: 'Blue' })]);
    expect(await replicaSuggestions(db, 'color', 'R')).toEqual(['Red']);
  });
});

describe('/app/getSuggestion ALL_FIELDS: the Search button', { timeout: 20_000 }, () => {
  it("connected: sends the filled fields the server searches by, trimmed, tagged 'search' with a request-id of its own, and waits for that answer", async () => {
    const h = await catalogueWith();
    h.connection.open();
    const first = searchFor({ upc: ' 0123 ', vendor: 'Acme', msrp: '19', asin: 'B0' });
    await searchUpcs(first);
    await searchUpcs(searchFor({ color: 'Red' }));
    expect(suggestionSends(h)).toEqual([
      { suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: 100, upc: '0123', vendor: 'Acme', referenceId: 'search' },
      { suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: 100, color: 'Red', referenceId: 'search' },
    ]);
    expect(catalogue.get()).toMatchObject({ searching: true, found: undefined });
    const [firstId, secondId] = requestIds(h);
    expect(firstId).not.toBe(secondId);
    h.connection.deliver(Topic.suggestion, searchAnswer([makeUpc(5, '01234', { vendorName: 'Acme', retailPrice: 19.5, asin: 'B07' })]), answered(firstId));
    await vi.waitFor(() => expect(catalogue.get().found).toEqual({ ids: [5], search: first, local: false }), WAIT);
    expect(catalogue.get().searching).toBe(true); // the second search still waits
    h.connection.deliver(Topic.suggestion, searchAnswer([makeUpc(6, '01235', { vendorName: 'Acme', retailPrice: 19 })]), answered(firstId));
    await vi.waitFor(async () => expect(await h.db.rows(upcsTable).get(6)).toMatchObject({ upc: '01235' }), WAIT);
    expect(catalogue.get()).toMatchObject({ found: { ids: [5], search: first }, searching: true }); // answered once
  });

  it('offline: shows the replica rows matching every filled field, by UPC, marked as answered locally', async () => {
    const h = await catalogueWith([
      makeUpc(4, '0300', { vendorName: 'Acme', retailPrice: 19.5 }),
      makeUpc(3, '0200', { vendorName: 'acme', retailPrice: 19 }),
      makeUpc(2, '0100', { vendorName: 'Acme', retailPrice: 25 }),
      makeUpc(1, '0400', { vendorName: 'Other', retailPrice: 19 }),
      makeUpc(5, '0250', { vendorName: 'Acme', retailPrice: 19.75 }),
    ]);
    await h.db.rows(upcsTable).update(5, { pending: 1, removed: 1 }); // deleted offline: not shown
    const search = searchFor({ vendor: 'ACME', msrp: '19' });
    await searchUpcs(search);
    expect(suggestionSends(h)).toEqual([]);
    expect(catalogue.get()).toEqual({ suggestions: {}, found: { ids: [3, 4], search, local: true }, searching: false });
    await searchUpcs(searchFor({ upc: '02' }));
    expect(catalogue.get().found?.ids).toEqual([3]);
  });

  it('offline: shows at most one page (100 rows), the lowest UPCs first', async () => {
    const db = freshReplica();
    await db.rows(upcsTable).bulkPut(Array.from({ length: 105 }, (_, index) => makeUpc(index + 1, `9${String(104 - index).padStart(4, '0')}`)));
    const found = await searchReplica(db, searchFor({ upc: '9' }));
    expect(found).toHaveLength(100);
    expect(found.slice(0, 3)).toEqual([105, 104, 103]); // 90000, 90001, 90002
    expect(found.at(-1)).toBe(6); // 90099; 90100 to 90104 left out
    expect(await searchReplica(db, EMPTY_SEARCH)).toHaveLength(100);
  });

  it('forgets the searches in flight when the connection drops: a late answer fills the replica but not the table', async () => {
    const h = await catalogueWith();
    h.connection.open();
    await searchUpcs(searchFor({ vendor: 'Acme' }));
    expect(suggestionSends(h)).toEqual([{ suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: 100, vendor: 'Acme', referenceId: 'search' }]);
    expect(catalogue.get().searching).toBe(true);
    h.connection.close();
    expect(catalogue.get().searching).toBe(false);
    const [late] = requestIds(h);
    h.connection.deliver(Topic.suggestion, searchAnswer([makeUpc(7, '700', { vendorName: 'Acme' })]), answered(late));
    await vi.waitFor(async () => expect(await h.db.rows(upcsTable).get(7)).toMatchObject({ upc: '700' }), WAIT);
    expect(catalogue.get().found).toBeUndefined();
  });

  it('two searches answered out of order each land with their own criteria', async () => {
    const tag = uniqueTag();
    await server.seedCatalogue([{ upc: `${tag}1`, vendorName: `${tag}Acme`, retailPrice: 19.5 }, { upc: `${tag}2`, vendorName: `${tag}Acme`, retailPrice: 25 }]);
    const h = await catalogueWith([], { hold: false });
    h.connection.open();
    // The first search's frame waits on the wire until the server has answered the second.
    const forward = h.connection.onPublish;
    let parked: SentFrame | undefined;
    h.connection.onPublish = (frame) => (parked === undefined && frame.destination === Destination.getSuggestion ? void (parked = frame) : forward?.(frame));
    const cheap = searchFor({ vendor: tag.toLowerCase(), msrp: '19' }); // MSRP narrows on this device
    const every = searchFor({ vendor: tag });
    await searchUpcs(cheap);
    await searchUpcs(every);
    await vi.waitFor(() => expect(catalogue.get().found?.search).toEqual(every), WAIT);
    expect(await upcsOf(h, catalogue.get().found?.ids)).toEqual([`${tag}1`, `${tag}2`]);
    expect(catalogue.get()).toMatchObject({ found: { local: false }, searching: true });

    h.connection.onPublish = forward;
    if (parked !== undefined) forward?.(parked);
    await vi.waitFor(() => expect(catalogue.get().found?.search).toEqual(cheap), WAIT);
    expect(await upcsOf(h, catalogue.get().found?.ids)).toEqual([`${tag}1`]);
    expect(catalogue.get()).toMatchObject({ found: { local: false }, searching: false });
  });

  it('a reply with an unknown request-id is not taken as the answer to a pending search', async () => {
    const h = await catalogueWith([], { hold: false });
    h.connection.open();
    await h.wire.idle(); // what the client asks on connect is answered: the search is the one query waiting
    h.wire.holding = true;
    const search = searchFor({ vendor: 'Acme' });
    await searchUpcs(search);
    const [asked] = requestIds(h);
    h.connection.deliver(Topic.suggestion, searchAnswer([makeUpc(7, '700', { vendorName: 'Acme' })]), answered('q-not-ours'));
    h.connection.deliver(Topic.suggestion, searchAnswer([makeUpc(8, '800', { vendorName: 'Acme' })]), answered(undefined));
    await vi.waitFor(async () => expect((await h.db.rows(upcsTable).bulkGet([7, 8])).map((row) => row?.upc)).toEqual(['700', '800']), WAIT); // cached
    expect(catalogue.get()).toMatchObject({ found: undefined, searching: true });
    h.connection.deliver(Topic.suggestion, searchAnswer([makeUpc(9, '900', { vendorName: 'Acme' })]), answered(asked));
    await vi.waitFor(() => expect(catalogue.get().found).toEqual({ ids: [9], search, local: false }), WAIT);
    expect(catalogue.get().searching).toBe(false);
  });

  it('through the live client: offline type-ahead reads the replica, connected it goes to the server and its answer comes back', async () => {
    const tag = uniqueTag();
    await server.seedCatalogue([{ upc: `${tag}1`, vendorName: `${tag}Acme` }, { upc: `${tag}2`, vendorName: `${tag}Acorn` }]);
    const h = await catalogueWith([makeUpc(1, '100', { vendorName: `${tag}Acme` })], { hold: false });
    await suggestUpcs('vendor', `${tag}a`);
    expect(catalogue.get().suggestions.vendor).toEqual([`${tag}Acme`]);
    h.connection.open();
    await suggestUpcs('vendor', `${tag}ac`);
    expect(suggestionSends(h)).toEqual([{ suggestionType: SuggestionType.BRAND, page: 0, pageSize: 100, vendor: `${tag}ac`, referenceId: 'vendor' }]);
    await vi.waitFor(() => expect(catalogue.get().suggestions.vendor).toEqual([`${tag}Acme`, `${tag}Acorn`]), WAIT);
  });
});
