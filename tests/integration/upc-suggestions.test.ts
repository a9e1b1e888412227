// Data-entry type-ahead and Search (spec §2 Data entry, §3 Suggestion request, §9): /app/getSuggestion on the real
// server with the real STOMP client, replies on the suggestion topic checked against the contract. Each test's rows
// start with a tag of its own, so only they match its searches; the blank-search tests compare with every row.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SuggestionType, type SuggestionRequest, type UpcEntry } from '../../src/protocol/catalogue';
import { upcs } from '../../server/db';
import { LEADER_VALUES_AT_MOST } from '../../server/domains/upcs/suggestions';
import { createEntries, newEntry, suggest, uniqueTag } from '../support/catalogue';
import { invalid, send } from '../support/lot-replies';
import { staffOf, type Staff } from '../support/staff';
import type { TestClient } from '../support/stomp-client';
import { startTestServer, type TestServer } from '../support/test-server';

let testServer: TestServer;
let staff: Staff;
let alice: TestClient;

beforeAll(async () => {
  testServer = await startTestServer();
  staff = staffOf(testServer);
  alice = await staff.connect('alice');
});

afterAll(async () => {
  await staff?.closeAll();
  await testServer?.stop();
});

const db = () => testServer.server.services.db;

/** The text fields, each with the request field that searches it. */
const TEXT_FIELDS = [
  { name: 'BRAND', suggestionType: SuggestionType.BRAND, field: 'vendorName', search: 'vendor' },
  { name: 'STYLE', suggestionType: SuggestionType.STYLE, field: 'vendorStyleNumber', search: 'style' },
  { name: 'SIZE', suggestionType: SuggestionType.SIZE, field: 'size', search: 'size' },
  { name: 'COLOR', suggestionType: SuggestionType.COLOR, field: 'color', search: 'color' },
] as const;

/** One new entry per value, the value in `field`. */
const entriesWith = (field: (typeof TEXT_FIELDS)[number]['field'], values: readonly string[]) => createEntries(alice, values.map((value) => newEntry({ [field]: value })));

const values = async (request: Partial<SuggestionRequest> & Pick<SuggestionRequest, 'suggestionType'>) => (await suggest(alice, request)).suggestions;

/** Byte order, as the indexes sort (text_pattern_ops): JS compares UTF-16 units, the same for the ASCII used here. */
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('/app/getSuggestion', () => {
  describe('UPC', () => {
    it('suggests the UPCs starting with the typed text, as typed (case counts), in order', async () => {
      const tag = uniqueTag();
      await createEntries(alice, [`${tag}b2`, `${tag}a1`, `${tag.toUpperCase()}A3`, `x${tag}`].map((upc) => newEntry({ upc })));
      expect(await values({ suggestionType: SuggestionType.UPC, upc: tag })).toEqual([`${tag}a1`, `${tag}b2`]);
      expect(await values({ suggestionType: SuggestionType.UPC, upc: ` ${tag.toUpperCase()} ` })).toEqual([`${tag.toUpperCase()}A3`]);
    });

    it('suggests the first UPCs of the catalogue for a blank or absent text', async () => {
      await createEntries(alice, [newEntry({ upc: '0000000000001' })]);
      const all = (await db().select({ upc: upcs.upc }).from(upcs)).map((row) => row.upc).sort(byBytes);
      expect(await values({ suggestionType: SuggestionType.UPC, pageSize: 20 })).toEqual(all.slice(0, 20));
      expect(await values({ suggestionType: SuggestionType.UPC, upc: '  ', pageSize: 20 })).toEqual(all.slice(0, 20));
    });
  });

  describe.each(TEXT_FIELDS)('$name ($field)', ({ suggestionType, field, search }) => {
    it('suggests each value starting with the text once, whatever its case, in order', async () => {
      const tag = uniqueTag();
      await entriesWith(field, [`${tag} Beta`, `${tag} alpha`, `${tag} ALPHA`, `${tag} beta`, `${tag} Beta`, `x${tag} alpha`, '']);
      const suggested = await values({ suggestionType, [search]: `${tag.toUpperCase()} ` });
      expect(suggested.map((value) => (typeof value === 'string' ? value.toLowerCase() : value))).toEqual([`${tag} alpha`, `${tag} beta`]);
      expect([`${tag} alpha`, `${tag} ALPHA`]).toContain(suggested[0]);
      expect([`${tag} Beta`, `${tag} beta`]).toContain(suggested[1]);
    });

    it('suggests the first values of the catalogue for a blank or absent text, never an empty one', async () => {
      await entriesWith(field, ['', '!first', '!FIRST', '!second']);
      const stored = await db().select({ value: sql<string>`${upcs[field]}` }).from(upcs);
      const distinct = [...new Set(stored.map(({ value }) => value.toLowerCase()).filter((value) => value !== ''))].sort(byBytes);
      for (const request of [{ suggestionType }, { suggestionType, [search]: '   ' }]) {
        const suggested = await values({ ...request, pageSize: 10 });
        expect(suggested.map((value) => (typeof value === 'string' ? value.toLowerCase() : value))).toEqual(distinct.slice(0, 10));
      }
    });

    it('pages through the values: offset page × pageSize, at most pageSize', async () => {
      const tag = uniqueTag();
      await entriesWith(field, ['e', 'c', 'a', 'd', 'b', 'a'].map((letter) => `${tag}-${letter}`));
      const page = (n: number) => values({ suggestionType, [search]: tag, page: n, pageSize: 2 });
      expect([await page(0), await page(1), await page(2), await page(3)]).toEqual([
        [`${tag}-a`, `${tag}-b`], [`${tag}-c`, `${tag}-d`], [`${tag}-e`], [],
      ]);
    });

    it('takes % and _ and \\ in the text literally', async () => {
      const tag = uniqueTag();
      await entriesWith(field, [`${tag}100%`, `${tag}1000`, `${tag}_a`, `${tag}ba`, `${tag}\\z`, `${tag}zz`]);
      expect(await values({ suggestionType, [search]: `${tag}100%` })).toEqual([`${tag}100%`]);
      expect(await values({ suggestionType, [search]: `${tag}_` })).toEqual([`${tag}_a`]);
      expect(await values({ suggestionType, [search]: `${tag}\\` })).toEqual([`${tag}\\z`]);
      expect(await values({ suggestionType, [search]: `${tag}%` })).toEqual([]);
    });
  });

  describe('ALL_FIELDS (the data-entry Search)', () => {
    it('answers whole entries matching every non-blank field, each from its start and in any case, by UPC', async () => {
      const tag = uniqueTag();
      const [acme, shouting, other] = await createEntries(alice, [
        newEntry({ vendorName: `${tag} Acme`, vendorStyleNumber: 'ST-1', size: 'M', color: 'Red', retailPrice: 10 }),
        newEntry({ vendorName: `${tag} ACME`, vendorStyleNumber: 'st-2', size: 'L', color: 'red' }),
        newEntry({ vendorName: `${tag} Other`, color: 'Reddish' }),
      ]);
      const byUpc = (...entries: Array<UpcEntry | undefined>) => [...entries].sort((a, b) => byBytes(a?.upc ?? '', b?.upc ?? ''));
      const search = (request: Partial<SuggestionRequest>) => values({ suggestionType: SuggestionType.ALL_FIELDS, ...request });
      expect(await search({ vendor: `${tag} acme` })).toEqual(byUpc(acme, shouting));
      expect(await search({ vendor: tag.toUpperCase(), color: 'RED' })).toEqual(byUpc(acme, shouting, other));
      expect(await search({ vendor: tag, style: 'ST-2', size: ' ', color: null })).toEqual([shouting]);
      expect(await search({ vendor: tag, size: 'm', color: 're' })).toEqual([acme]);
      expect(await search({ upc: acme?.upc, vendor: tag })).toEqual([acme]);
      expect(await search({ vendor: tag, color: 'blue' })).toEqual([]);
      expect(await search({ vendor: `${tag}%` })).toEqual([]);
    });

    it('pages by UPC whichever field leads: brands merged value by value, styles too many to lead walked by UPC', async () => {
      const tag = uniqueTag();
      const styles = LEADER_VALUES_AT_MOST + 8; // one style prefix below matches them all: no style leads it
      const count = 400;
      // Written in descending UPC order, brands and styles interleaved: no answer can come in the table's order.
      await db().execute(sql`insert into upcs (upc, vendor_name, vendor_style_number, color)
        select ${tag} || lpad(n::text, 6, '0'), case n % 3 when 0 then ${`${tag} Alpha`} when 1 then ${`${tag} Beta`} else ${`${tag} Other`} end, ${tag} || '-' || lpad((n % ${styles})::text, 3, '0'),
          case when n % 4 = 0 then 'Red' else 'Blue' end
        from generate_series(${count}, 1, -1) as n`);
      const upcsOf = async (request: Partial<SuggestionRequest>) =>
        (await values({ suggestionType: SuggestionType.ALL_FIELDS, pageSize: 50, ...request })).map((entry) => (typeof entry === 'string' ? entry : entry.upc));
      /** The page of the rows numbered 1..count that `keep` keeps, by UPC. */
      const expected = (keep: (n: number) => boolean, page = 0) => Array.from({ length: count }, (_, i) => i + 1).filter(keep)
        .slice(page * 50, page * 50 + 50).map((n) => `${tag}${String(n).padStart(6, '0')}`);
      expect(await upcsOf({ vendor: `${tag} ` })).toEqual(expected(() => true)); // three brands merged
      expect(await upcsOf({ vendor: `${tag} `, page: 5 })).toEqual(expected(() => true, 5));
      expect(await upcsOf({ vendor: `${tag} Alpha`, page: 1 })).toEqual(expected((n) => n % 3 === 0, 1)); // one brand
      expect(await upcsOf({ vendor: `${tag} `, color: 'red', page: 1 })).toEqual(expected((n) => n % 4 === 0, 1));
      expect(await upcsOf({ style: `${tag}-`, page: 2 })).toEqual(expected(() => true, 2)); // every style: the UPC walk
      expect(await upcsOf({ style: `${tag}-`, vendor: `${tag} a`, page: 1 })).toEqual(expected((n) => n % 3 === 0, 1));
      expect(await upcsOf({ style: `${tag}-00` })).toEqual(expected((n) => n % styles < 10)); // ten styles lead
      expect(await upcsOf({ style: `${tag}-00`, vendor: `${tag} ` })).toEqual(expected((n) => n % styles < 10)); // three brands do
      expect(await upcsOf({ style: `${tag}-`, upc: `${tag}0002`, page: 1 })).toEqual(expected((n) => n >= 200 && n < 300, 1)); // walked
      expect(await upcsOf({ style: `${tag}-00`, vendor: `${tag} b`, upc: `${tag}0001` })).toEqual(expected((n) => n >= 100 && n < 200 && n % styles < 10 && n % 3 === 1));
      expect(await upcsOf({ vendor: `${tag} `, page: Math.ceil(count / 50) })).toEqual([]);
      expect(await upcsOf({ vendor: `${tag} Gamma`, color: 'red' })).toEqual([]); // no brand to lead with
    });

    it('answers the first entries of the catalogue by UPC when every field is blank', async () => {
      const all = (await db().select({ upc: upcs.upc }).from(upcs)).map((row) => row.upc).sort(byBytes);
      const found = await values({ suggestionType: SuggestionType.ALL_FIELDS, upc: ' ', vendor: '', pageSize: 5 });
      expect(found.map((entry) => (typeof entry === 'string' ? entry : entry.upc))).toEqual(all.slice(0, 5));
    });
  });

  it('echoes the referenceId as sent, and null when none was sent', async () => {
    const tag = uniqueTag();
    await entriesWith('color', [`${tag} Navy`]);
    const asked = { suggestionType: SuggestionType.COLOR, color: tag } as const;
    expect(await suggest(alice, { ...asked, referenceId: 'color-field' })).toEqual({ suggestionType: SuggestionType.COLOR, suggestions: [`${tag} Navy`], referenceId: 'color-field' });
    expect(await suggest(alice, { ...asked, referenceId: 7 })).toMatchObject({ referenceId: 7 });
    expect(await suggest(alice, asked)).toMatchObject({ referenceId: null });
    expect(await suggest(alice, { ...asked, referenceId: null })).toMatchObject({ referenceId: null });
  });

  it('refuses an unknown suggestion type and a page out of bounds with BAD_REQUEST naming the field', async () => {
    const request = { suggestionType: SuggestionType.BRAND, page: 0, pageSize: 100 };
    expect(await send(alice, 'getSuggestion', { ...request, suggestionType: 6 })).toEqual(invalid(/^Suggestion type /));
    expect(await send(alice, 'getSuggestion', { ...request, page: -1 })).toEqual(invalid(/^Page cannot be negative\.$/));
    expect(await send(alice, 'getSuggestion', { ...request, pageSize: 0 })).toEqual(invalid(/^Page size must be at least 1\.$/));
    expect(await send(alice, 'getSuggestion', { ...request, pageSize: 501 })).toEqual(invalid(/^Page size must be at most 500\.$/));
    expect(await send(alice, 'getSuggestion', { ...request, vendor: 42 })).toEqual(invalid(/^Vendor must be text\.$/));
    expect(await send(alice, 'getSuggestion', { ...request, referenceId: { field: 'brand' } })).toEqual(invalid(/^Reference id /));
  });
});
