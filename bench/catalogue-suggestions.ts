// Data-entry suggestions at 1,000,000 catalogue rows (issue 5): per suggestion type, a getSuggestion round trip
// through the real STOMP client and server (codec, auth, router, query, presenter, JSON) against its ceiling — the
// handler's own SQL run bare on the same database, in the same run. Prefixes are drawn from the data, 1 to 4
// characters long, the same list for both paths; the catalogue comes from the seed (`npm run seed -- --catalogue`).
import { sql } from 'drizzle-orm';
import { SUGGESTION_PAGE_SIZE, SuggestionType, type SuggestionRequest } from '../src/protocol/catalogue';
import { seedCatalogue } from '../server/cli/seed/catalogue-data';
import { queryRows } from '../server/db';
import { fieldValuesQuery, searchCatalogue } from '../server/domains/upcs/suggestions';
import { staffOf } from '../tests/support/staff';
import { startTestServer } from '../tests/support/test-server';
import { percentile, record, type TableRow } from './stats';
import { sized } from './size';

const ROWS = Number(process.env.BENCH_CATALOGUE_ROWS ?? sized(1_000_000, 2000));
const PREFIXES = sized(200, 8); // distinct requests per suggestion type
// Each path answers the list this many times, bare and STOMP in turn: a p99 of 200 samples is their second worst,
// which one collection pause decides; of 600 it is the sixth.
const ROUNDS = sized(3, 1);
const SAMPLED_ROWS = sized(500, 50); // catalogue rows the prefixes are cut from

type Product = { upc: string; vendor: string; style: string; size: string; color: string };
type Search = Pick<SuggestionRequest, 'upc' | 'vendor' | 'style' | 'size' | 'color'>;

/** The searches of one type: what a person types into data entry, cut from real rows at 1–4 characters. */
const SEARCHES: ReadonlyArray<[name: string, SuggestionType, (row: Product, length: number) => Search]> = [
  ['UPC', SuggestionType.UPC, (row, n) => ({ upc: row.upc.slice(0, n) })],
  ['BRAND', SuggestionType.BRAND, (row, n) => ({ vendor: row.vendor.slice(0, n) })],
  ['STYLE', SuggestionType.STYLE, (row, n) => ({ style: row.style.slice(0, n) })],
  ['SIZE', SuggestionType.SIZE, (row, n) => ({ size: row.size.slice(0, n) })],
  ['COLOR', SuggestionType.COLOR, (row, n) => ({ color: row.color.slice(0, n) })],
  // The Search: by UPC, by brand, by brand and style, by brand and color, by style and size, in turn.
  ['ALL_FIELDS', SuggestionType.ALL_FIELDS, (row, n) => [
    { upc: row.upc.slice(0, n) },
    { vendor: row.vendor.slice(0, n) },
    { vendor: row.vendor.slice(0, n), style: row.style.slice(0, n) },
    { vendor: row.vendor.slice(0, n), color: row.color.slice(0, n) },
    { style: row.style.slice(0, n), size: row.size.slice(0, n) },
  ][(row.upc.charCodeAt(11) + n) % 5] ?? {}],
];

export async function catalogueSuggestions(): Promise<void> {
  const testServer = await startTestServer();
  const { db } = testServer.server.services;
  const seeded = await seedCatalogue(db, ROWS);
  console.log(`\nseeded ${seeded.rows.toLocaleString('en-US')} catalogue products in ${(seeded.ms / 1000).toFixed(1)} s (${testServer.kind})`);
  const products = await queryRows<Product>(db, sql`
    select upc, vendor_name as vendor, vendor_style_number as style, size, color from upcs
    where id in (select (1 + (g * 7919) % ${seeded.rows})::int from generate_series(1, ${SAMPLED_ROWS}) as g)`);
  const client = await staffOf(testServer).connect('admin');

  const title = `getSuggestion at ${seeded.rows.toLocaleString('en-US')} catalogue rows (${PREFIXES} prefixes of 1–4 characters per type, each ${ROUNDS}×, page size ${SUGGESTION_PAGE_SIZE}, ${testServer.kind})`;
  const recorded: TableRow[] = [];
  console.log(title);
  console.log(`${'type'.padEnd(12)} ${'bare SQL p50'.padStart(13)} ${'p99'.padStart(8)} ${'STOMP p50'.padStart(10)} ${'p99'.padStart(8)} ${'p50 ×'.padStart(7)} ${'p99 ×'.padStart(7)} ${'hits/req'.padStart(9)}`);
  for (const [name, suggestionType, searchOf] of SEARCHES) {
    const requests: SuggestionRequest[] = Array.from({ length: PREFIXES }, (_, i) => {
      const row = products[i % products.length];
      return { suggestionType, page: 0, pageSize: SUGGESTION_PAGE_SIZE, ...(row ? searchOf(row, 1 + (i % 4)) : {}) };
    });
    const stomp = (request: SuggestionRequest) => client.request('getSuggestion', request, 'suggestion');
    const bare = async (request: SuggestionRequest) =>
      suggestionType === SuggestionType.ALL_FIELDS ? (await searchCatalogue(db, request)).length : (await queryRows(db, fieldValuesQuery(suggestionType, request))).length;
    const timed = async (run: (request: SuggestionRequest) => Promise<unknown>, samples: number[]) => {
      for (const request of requests) {
        const start = performance.now();
        await run(request);
        samples.push(performance.now() - start);
      }
    };
    let hits = 0;
    for (const request of requests) hits += await bare(request); // warm-up, and how much each answer holds
    await timed(stomp, []);
    const bareMs: number[] = [];
    const stompMs: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await timed(bare, bareMs);
      await timed(stomp, stompMs);
    }
    const [b50, b99, s50, s99] = [percentile(bareMs, 50), percentile(bareMs, 99), percentile(stompMs, 50), percentile(stompMs, 99)];
    recorded.push({ name, bareP50Ms: b50, bareP99Ms: b99, p50Ms: s50, p99Ms: s99, p50Ratio: s50 / b50, p99Ratio: s99 / b99, hitsPerRequest: hits / requests.length });
    console.log(`${name.padEnd(12)} ${b50.toFixed(2).padStart(13)} ${b99.toFixed(2).padStart(8)} ${s50.toFixed(2).padStart(10)} ${s99.toFixed(2).padStart(8)} ${(s50 / b50).toFixed(2).padStart(7)} ${(s99 / b99).toFixed(2).padStart(7)} ${(hits / requests.length).toFixed(0).padStart(9)}`);
  }
  record(title, recorded);
  await client.close();
  await testServer.stop();
}
