// The UPC catalogue's look-ups on the data-entry screen (spec §2 Data entry, §7 getSuggestion, §9): type-ahead
// per search field and the Search that fills the table, from the server when connected (page 0, page size
// 100) and from the replica offline, by the same matching rule as the server.
import 'fake-indexeddb/auto';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { SuggestionType, type SuggestionRequest, type UpcEntry } from '../../../src/protocol/catalogue';
import { Destination } from '../../../src/protocol/destinations';
import { Topic } from '../../../src/protocol/topics';
import { createCatalogue, replicaSuggestions, searchReplica } from '../../../src/sync/catalogue';
import {
  distinctValues, EMPTY_SEARCH, matchesSearch, narrowsLocally, SEARCH_FIELDS, type CatalogueSearch,
} from '../../../src/sync/catalogue-match';
import { claimReplica } from '../../../src/sync/replica-owner';
import { createHarness, freshReplica, type Harness } from './support/sync-harness';

/** A stored catalogue entry. */
function upcEntry(id: number, upc: string, fields: Partial<UpcEntry> = {}): UpcEntry {
  return {
    id, upc, vendorName: null, vendorStyleNumber: null, size: null, color: null, itemDescription: null,
    retailPrice: null, wholesalePrice: null, asin: null, source: 'dataentry', ...fields,
  };
}

const searchFor = (fields: Partial<CatalogueSearch>): CatalogueSearch => ({ ...EMPTY_SEARCH, ...fields });

/** A catalogue over a fresh replica holding `rows`, with a switch for the connection and what it published. */
async function catalogueWith(...rows: UpcEntry[]) {
  const db = freshReplica();
  await db.upcs.bulkPut(rows);
  const sent: SuggestionRequest[] = [];
  const connection = { online: false };
  const catalogue = createCatalogue({
    db,
    publish: (destination, body) => {
      expect(destination).toBe(Destination.getSuggestion);
      if (connection.online) sent.push(body);
      return connection.online;
    },
  });
  return { db, catalogue, sent, connection };
}

function start(): Harness {
  const harness = createHarness();
  onTestFinished(harness.unlink);
  return harness;
}

const suggestionSends = (harness: Harness) =>
  harness.connection.sent.filter((frame) => frame.destination === Destination.getSuggestion).map((frame) => frame.body);

describe('the search rule (catalogue-match), shared by the replica and the server', () => {
  const shoe = upcEntry(1, '0123456789', {
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
    expect(matchesSearch(upcEntry(2, '555'), searchFor({ color: 'n' }))).toBe(false); // no color never matches a filled one
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
      upcEntry(1, '2', { vendorName: 'acme' }), upcEntry(2, '1', { vendorName: 'Acme' }), upcEntry(3, '3', { vendorName: 'Ace' }),
      upcEntry(4, '4', { vendorName: '' }), upcEntry(5, '5', { vendorName: 'Zed' }), upcEntry(6, '6', { vendorName: null }),
    ];
    expect(distinctValues(rows, 'vendor', 'A', 10)).toEqual(['Ace', 'acme']);
    expect(distinctValues(rows, 'vendor', '', 2)).toEqual(['Ace', 'acme']);
    expect(distinctValues(rows, 'upc', '', 10)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(distinctValues([upcEntry(1, 'AB1'), upcEntry(2, 'ab2')], 'upc', 'ab', 10)).toEqual(['ab2']); // UPC as typed
  });
});

describe('/app/getSuggestion: type-ahead in a search field', () => {
  it('connected: asks the server for the field by its suggestion type, page 0 of 100, tagged with the field', async () => {
    const { catalogue, sent, connection } = await catalogueWith();
    connection.online = true;
    await catalogue.suggest('upc', ' 0123 ');
    await catalogue.suggest('vendor', 'Ac');
    await catalogue.suggest('style', 'ST');
    await catalogue.suggest('size', 'X');
    await catalogue.suggest('color', 'na');
    expect(sent).toEqual([
      { suggestionType: SuggestionType.UPC, page: 0, pageSize: 100, upc: '0123', referenceId: 'upc' },
      { suggestionType: SuggestionType.BRAND, page: 0, pageSize: 100, vendor: 'Ac', referenceId: 'vendor' },
      { suggestionType: SuggestionType.STYLE, page: 0, pageSize: 100, style: 'ST', referenceId: 'style' },
      { suggestionType: SuggestionType.SIZE, page: 0, pageSize: 100, size: 'X', referenceId: 'size' },
      { suggestionType: SuggestionType.COLOR, page: 0, pageSize: 100, color: 'na', referenceId: 'color' },
    ]);
    expect(catalogue.get().suggestions).toEqual({}); // the answer comes through the suggestion topic
  });

  it("offline: answers from the replica's entries, leaving out rows a pending delete removed", async () => {
    const { db, catalogue, sent } = await catalogueWith(
      upcEntry(1, '111', { vendorName: 'Acme' }), upcEntry(2, '112', { vendorName: 'ACME' }), upcEntry(3, '113', { vendorName: 'Acorn' }),
    );
    await db.upcs.update(3, { pending: 1, removed: 1 });
    await catalogue.suggest('vendor', 'ac');
    await catalogue.suggest('upc', '11');
    expect(sent).toEqual([]);
    expect(catalogue.get().suggestions).toEqual({ vendor: ['Acme'], upc: ['111', '112'] });
  });

  it('ASIN, MSRP and Wholesale Price have no server suggestion: they come from the replica even when connected', async () => {
    const { catalogue, sent, connection } = await catalogueWith(
      upcEntry(1, '1', { asin: 'B001', retailPrice: 19.99, wholesalePrice: 5 }), upcEntry(2, '2', { asin: 'B002', retailPrice: 25 }),
    );
    connection.online = true;
    await catalogue.suggest('asin', 'b00');
    await catalogue.suggest('msrp', '1');
    await catalogue.suggest('wholesale', '');
    expect(sent).toEqual([]);
    expect(catalogue.get().suggestions).toEqual({ asin: ['B001', 'B002'], msrp: ['19.99'], wholesale: ['5.00'] });
  });

  it("the server's answer reaches the field named by its referenceId; answers for no field are ignored", async () => {
    const { catalogue } = await catalogueWith();
    catalogue.setSuggestions('color', ['Navy', 'Red']);
    catalogue.setSuggestions('search:1', ['x']);
    catalogue.setSuggestions(null, ['y']);
    catalogue.setSuggestions(4, ['z']);
    expect(catalogue.get().suggestions).toEqual({ color: ['Navy', 'Red'] });
  });

  it('replicaSuggestions reads the distinct values of a field straight from the replica', async () => {
    const { db } = await catalogueWith(upcEntry(1, '1', { color: 'Red' }), upcEntry(2, '2', { color: 'red' }), upcEntry(3, '3', { color: 'Blue' }));
    expect(await replicaSuggestions(db, 'color', 'R')).toEqual(['Red']);
  });
});

describe('/app/getSuggestion ALL_FIELDS: the Search button', () => {
  it('connected: sends the filled fields the server searches by, trimmed, tagged search:N, and waits for the answer', async () => {
    const { catalogue, sent, connection } = await catalogueWith();
    connection.online = true;
    await catalogue.search(searchFor({ upc: ' 0123 ', vendor: 'Acme', msrp: '19', asin: 'B0' }));
    await catalogue.search(searchFor({ color: 'Red' }));
    expect(sent).toEqual([
      { suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: 100, upc: '0123', vendor: 'Acme', referenceId: 'search:1' },
      { suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: 100, color: 'Red', referenceId: 'search:2' },
    ]);
    expect(catalogue.get()).toMatchObject({ searching: true, found: undefined });
    expect(catalogue.takeSearch('search:1')).toEqual(searchFor({ upc: ' 0123 ', vendor: 'Acme', msrp: '19', asin: 'B0' }));
    expect(catalogue.takeSearch('search:1')).toBeUndefined(); // answered once
    expect(catalogue.takeSearch('search:9')).toBeUndefined();
  });

  it('offline: shows the replica rows matching every filled field, by UPC, marked as answered locally', async () => {
    const { db, catalogue, sent } = await catalogueWith(
      upcEntry(4, '0300', { vendorName: 'Acme', retailPrice: 19.5 }),
      upcEntry(3, '0200', { vendorName: 'acme', retailPrice: 19 }),
      upcEntry(2, '0100', { vendorName: 'Acme', retailPrice: 25 }),
      upcEntry(1, '0400', { vendorName: 'Other', retailPrice: 19 }),
      upcEntry(5, '0250', { vendorName: 'Acme', retailPrice: 19.75 }),
    );
    await db.upcs.update(5, { pending: 1, removed: 1 }); // deleted offline: not shown
    const search = searchFor({ vendor: 'ACME', msrp: '19' });
    await catalogue.search(search);
    expect(sent).toEqual([]);
    expect(catalogue.get()).toEqual({ suggestions: {}, found: { ids: [3, 4], search, local: true }, searching: false });
    await catalogue.search(searchFor({ upc: '02' }));
    expect(catalogue.get().found?.ids).toEqual([3]);
  });

  it('offline: shows at most one page (100 rows), the lowest UPCs first', async () => {
    const rows = Array.from({ length: 105 }, (_, index) => upcEntry(index + 1, `9${String(104 - index).padStart(4, '0')}`));
    const { db } = await catalogueWith(...rows);
    const found = await searchReplica(db, searchFor({ upc: '9' }));
    expect(found).toHaveLength(100);
    expect(found.slice(0, 3)).toEqual([105, 104, 103]); // 90000, 90001, 90002
    expect(found.at(-1)).toBe(6); // 90099; 90100 to 90104 left out
    expect(await searchReplica(db, EMPTY_SEARCH)).toHaveLength(100);
  });

  it("forgets the searches in flight when the connection drops: a late answer fills the replica but not the table", async () => {
    const h = start();
    h.connection.open();
    await h.catalogue.search(searchFor({ vendor: 'Acme' }));
    expect(suggestionSends(h)).toEqual([
      { suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: 100, vendor: 'Acme', referenceId: 'search:1' },
    ]);
    expect(h.catalogue.get().searching).toBe(true);
    h.connection.close();
    expect(h.catalogue.get().searching).toBe(false);
    h.connection.deliver(Topic.suggestion, { suggestionType: SuggestionType.ALL_FIELDS, suggestions: [upcEntry(7, '700', { vendorName: 'Acme' })], referenceId: 'search:1' });
    await vi.waitFor(async () => expect(await h.db.upcs.get(7)).toMatchObject({ upc: '700' }));
    expect(h.catalogue.get().found).toBeUndefined();
  });

  it('through the live client: offline type-ahead reads the replica, connected it goes to the server and its answer comes back', async () => {
    const h = start();
    await claimReplica(h.db, h.user);
    await h.db.upcs.bulkPut([upcEntry(1, '100', { vendorName: 'Acme' })]);
    await h.catalogue.suggest('vendor', 'a');
    expect(h.catalogue.get().suggestions.vendor).toEqual(['Acme']);
    h.connection.open();
    await h.catalogue.suggest('vendor', 'ac');
    expect(suggestionSends(h)).toEqual([{ suggestionType: SuggestionType.BRAND, page: 0, pageSize: 100, vendor: 'ac', referenceId: 'vendor' }]);
    h.connection.deliver(Topic.suggestion, { suggestionType: SuggestionType.BRAND, suggestions: ['Acme', 'Acorn'], referenceId: 'vendor' });
    await vi.waitFor(() => expect(h.catalogue.get().suggestions.vendor).toEqual(['Acme', 'Acorn']));
  });
});
