// /app/getSuggestion: the data-entry type-ahead and Search over the UPC catalogue (spec §2 Data entry, §3), answered on
// the 'suggestion' topic with the asker's referenceId. A query: it never writes. The catalogue grows to about
// 1,000,000 rows, so every statement here is served by a prefix index of server/db/schema/catalogue.ts (named beside
// it) and reads about as many index entries as it returns; none sorts all the matches of a short prefix.
// The indexes use text_pattern_ops, whose order is `USING ~<~`: ordering by it is what lets them serve ORDER BY.
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { SuggestionType, type SuggestionRequest, type SuggestionResponse } from '../../../src/protocol/catalogue';
import { likePrefix, queryRows, upcs, type DbOrTx } from '../../db';
import { presentUpc, type UpcRow } from './upc-presenter';
import { defineHandlers, only, reply } from '../handler';

type FieldType = Exclude<SuggestionType, typeof SuggestionType.ALL_FIELDS>;
type SearchKey = 'upc' | 'vendor' | 'style' | 'size' | 'color';

/** Each suggested field: its column, the request field that holds its search text, and its index. */
const FIELDS: Record<FieldType, { column: SQL; search: SearchKey; caseInsensitive: boolean }> = {
  [SuggestionType.UPC]: { column: sql`${upcs.upc}`, search: 'upc', caseInsensitive: false }, // upcs_upc_prefix_idx
  [SuggestionType.BRAND]: { column: sql`${upcs.vendorName}`, search: 'vendor', caseInsensitive: true }, // upcs_vendor_prefix_idx
  [SuggestionType.STYLE]: { column: sql`${upcs.vendorStyleNumber}`, search: 'style', caseInsensitive: true }, // upcs_style_prefix_idx
  [SuggestionType.SIZE]: { column: sql`${upcs.size}`, search: 'size', caseInsensitive: true }, // upcs_size_prefix_idx
  [SuggestionType.COLOR]: { column: sql`${upcs.color}`, search: 'color', caseInsensitive: true }, // upcs_color_prefix_idx
};

/** The indexed expression of a field: `upc` as typed, the others lower-cased (as their indexes are built). */
const keyOf = ({ column, caseInsensitive }: (typeof FIELDS)[FieldType]): SQL => (caseInsensitive ? sql`lower(${column})` : column);

/**
 * `key` starts with `text`, literally (% and _ escaped). The pattern is lower-cased by the database, like the
 * index, so both agree on every character; the planner folds it into the index's range.
 */
function startsWith(field: (typeof FIELDS)[FieldType], text: string): SQL {
  const pattern = likePrefix(text);
  return field.caseInsensitive ? sql`${keyOf(field)} like lower(${pattern})` : sql`${keyOf(field)} like ${pattern}`;
}

/** The request's search text for a field, trimmed; '' when absent or blank. */
const searchText = (request: SuggestionRequest, key: SearchKey): string => request[key]?.trim() ?? '';

export const pageOf = ({ page, pageSize }: SuggestionRequest) => ({ offset: page * pageSize, limit: pageSize });

/**
 * One field's distinct values starting with the request's text, in index order, one per value ignoring case.
 * UPCs are unique: one ordered range scan of upcs_upc_prefix_idx. The other fields repeat a value on thousands of
 * rows, so DISTINCT over the matches would read them all; instead a recursive skip scan asks the field's index for
 * the first key after the previous one — one index probe per value returned, stopped by the LIMIT.
 */
export function fieldValuesQuery(type: FieldType, request: SuggestionRequest): SQL {
  const field = FIELDS[type];
  const text = searchText(request, field.search);
  const { offset, limit } = pageOf(request);
  if (type === SuggestionType.UPC) {
    // upcs_upc_prefix_idx: one range scan in index order, stopped after the page.
    return sql`select ${field.column} as value from ${upcs} where ${text === '' ? sql`true` : startsWith(field, text)}
      order by ${field.column} using ~<~ limit ${limit} offset ${offset}`;
  }
  const key = keyOf(field);
  // The field's prefix index (FIELDS), probed once per value: `key ~>~ found.k` jumps past every row of the value
  // before. `key ~>~ ''` leaves out empty values and is where the first probe starts.
  const matches = text === '' ? sql`true` : startsWith(field, text);
  return sql`with recursive found as (
      (select ${key} as k, ${field.column} as v from ${upcs}
        where ${key} ~>~ '' and ${matches} order by ${key} using ~<~ limit 1)
      union all
      select next.k, next.v from found cross join lateral (
        select ${key} as k, ${field.column} as v from ${upcs}
        where ${key} ~>~ found.k and ${matches} order by ${key} using ~<~ limit 1) as next
    )
    select v as value from found limit ${limit} offset ${offset}`;
}

export async function fieldValues(db: DbOrTx, type: FieldType, request: SuggestionRequest): Promise<string[]> {
  return (await queryRows<{ value: string }>(db, fieldValuesQuery(type, request))).map((row) => row.value);
}

/**
 * At most this many matches are fetched and sorted by UPC; more, and walking upcs_upc_prefix_idx in order finds the
 * page sooner. At 1,000,000 rows and pages of 100 either way reads about 10,000 rows: √(page × catalogue).
 */
export const SORT_AT_MOST = 10_000;

/**
 * ALL_FIELDS, the data-entry Search: whole rows matching every non-blank field, by UPC, paged. Each plan is forced
 * rather than left to row estimates (PGlite has no autovacuum to keep statistics, and brand and style correlate):
 * - only a UPC prefix, or nothing: walk upcs_upc_prefix_idx over that range; every row read is shown.
 * - other fields: take at most SORT_AT_MOST + 1 matches through the fields' own indexes (bitmap scans, the planner
 *   picks which), and if that is all of them, sort those by UPC for the page.
 * - more matches than that: walk upcs_upc_prefix_idx and filter. With this many matches the page is near, as long
 *   as matches spread over UPCs (manufacturer codes do not follow brand names alphabetically).
 * Known cost: fields whose prefixes each match many rows but rarely together (brand 'a', style 'g') are checked row
 * by row over the smaller field's matches — bounded by that prefix, not by the catalogue.
 * Both run in one transaction with sequential scans (and parallel workers, whose start costs more than these
 * queries) off, so no misestimate sends them over the whole table.
 */
export async function searchCatalogue(db: DbOrTx, request: SuggestionRequest): Promise<UpcRow[]> {
  const { offset, limit } = pageOf(request);
  const upcText = searchText(request, 'upc');
  const upcCondition = upcText === '' ? undefined : startsWith(FIELDS[SuggestionType.UPC], upcText);
  const others = ([SuggestionType.BRAND, SuggestionType.STYLE, SuggestionType.SIZE, SuggestionType.COLOR] as const)
    .map((type) => ({ field: FIELDS[type], text: searchText(request, FIELDS[type].search) }))
    .filter(({ text }) => text !== '');
  // upcs_upc_prefix_idx in index order (a range scan with a UPC prefix), stopped after the page.
  const walk = (tx: DbOrTx, condition: SQL | undefined) =>
    tx.select().from(upcs).where(condition).orderBy(sql`${upcs.upc} using ~<~`).limit(limit).offset(offset);
  if (others.length === 0) return walk(db, upcCondition);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
    const matching = and(upcCondition, ...others.map(({ field, text }) => startsWith(field, text)));
    // The fields' prefix indexes (bitmap scans), at most SORT_AT_MOST + 1 rows read and sorted; the page's rows by
    // upcs_pkey.
    const [few] = await queryRows<{ matches: number; ids: number[] }>(tx, sql`
      with capped as (select ${upcs.id} as id, ${upcs.upc} as upc from ${upcs} where ${matching} limit ${SORT_AT_MOST + 1}),
        page as (select id, upc from capped order by upc using ~<~ limit ${limit} offset ${offset})
      select (select count(*)::int from capped) as matches, array(select id from page order by upc using ~<~) as ids`);
    if (few && few.matches <= SORT_AT_MOST) {
      const rows = few.ids.length === 0 ? [] : await tx.select().from(upcs).where(inArray(upcs.id, few.ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return few.ids.flatMap((id) => byId.get(id) ?? []);
    }
    // The fields compared as `col || ''`, which no index has: nothing tempts the planner off the UPC walk.
    return walk(tx, and(upcCondition, ...others.map(({ field, text }) => startsWith({ ...field, column: sql`(${field.column} || '')` }, text))));
  });
}

/** The suggestions of one request: values of one field, or whole rows for ALL_FIELDS. */
export async function suggestionsFor(db: DbOrTx, request: SuggestionRequest): Promise<SuggestionResponse['suggestions']> {
  return request.suggestionType === SuggestionType.ALL_FIELDS
    ? (await searchCatalogue(db, request)).map(presentUpc)
    : fieldValues(db, request.suggestionType, request);
}

export const upcSuggestionHandlers = defineHandlers({
  getSuggestion: {
    access: 'user',
    async handle(context, request) {
      const response: SuggestionResponse = {
        suggestionType: request.suggestionType,
        suggestions: await suggestionsFor(context.db, request),
        referenceId: request.referenceId ?? null,
      };
      return only(reply.on('suggestion', response));
    },
  },
});
