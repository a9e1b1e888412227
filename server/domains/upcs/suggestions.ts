// /app/getSuggestion: the data-entry type-ahead and Search over the UPC catalogue (spec §2 Data entry, §3), answered on
// the 'suggestion' topic with the asker's referenceId. A query: it never writes. The catalogue grows to about
// 1,000,000 rows, so every statement here is served by an index of server/db/schema/catalogue.ts (named beside
// it) and reads about as many index entries as it returns; none sorts all the matches of a short prefix.
// The indexes use text_pattern_ops, whose order is `USING ~<~`: ordering by it is what lets them serve ORDER BY.
import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { SuggestionType, type SuggestionRequest, type SuggestionResponse } from '../../../src/protocol/catalogue';
import { likePrefix, queryRows, selectRowsAsJson, upcs, type DbOrTx } from '../../db';
import { presentUpc, type UpcRow } from './upc-presenter';
import { defineHandlers, only, reply } from '../handler';

type FieldType = Exclude<SuggestionType, typeof SuggestionType.ALL_FIELDS>;
type SearchKey = 'upc' | 'vendor' | 'style' | 'size' | 'color';

/** Each suggested field: its column, the request field that holds its search text, and its index. */
const FIELDS: Record<FieldType, { column: SQL; search: SearchKey; caseInsensitive: boolean }> = {
  [SuggestionType.UPC]: { column: sql`${upcs.upc}`, search: 'upc', caseInsensitive: false }, // upcs_upc_search_idx
  [SuggestionType.BRAND]: { column: sql`${upcs.vendorName}`, search: 'vendor', caseInsensitive: true }, // upcs_vendor_search_idx
  [SuggestionType.STYLE]: { column: sql`${upcs.vendorStyleNumber}`, search: 'style', caseInsensitive: true }, // upcs_style_search_idx
  [SuggestionType.SIZE]: { column: sql`${upcs.size}`, search: 'size', caseInsensitive: true }, // upcs_size_search_idx
  [SuggestionType.COLOR]: { column: sql`${upcs.color}`, search: 'color', caseInsensitive: true }, // upcs_color_search_idx
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
 * The distinct keys of a field starting with `text`, in index order, as a recursive skip scan: the field's index
 * (FIELDS) is asked for the first key after the previous one — one index probe per key, stopped by the LIMIT of the
 * statement using it. `key ~>~ ''` leaves out empty values and is where the first probe starts.
 */
function distinctKeys(field: (typeof FIELDS)[FieldType], text: string): SQL {
  const key = keyOf(field);
  const matches = text === '' ? sql`true` : startsWith(field, text);
  return sql`with recursive found as (
      (select ${key} as k, ${field.column} as v from ${upcs}
        where ${key} ~>~ '' and ${matches} order by ${key} using ~<~ limit 1)
      union all
      select next.k, next.v from found cross join lateral (
        select ${key} as k, ${field.column} as v from ${upcs}
        where ${key} ~>~ found.k and ${matches} order by ${key} using ~<~ limit 1) as next
    )`;
}

/**
 * One field's distinct values starting with the request's text, in index order, one per value ignoring case.
 * UPCs are unique: one ordered range scan of upcs_upc_search_idx. The other fields repeat a value on thousands of
 * rows, so DISTINCT over the matches would read them all; instead a skip scan reads one index entry per value.
 */
export function fieldValuesQuery(type: FieldType, request: SuggestionRequest): SQL {
  const field = FIELDS[type];
  const text = searchText(request, field.search);
  const { offset, limit } = pageOf(request);
  if (type === SuggestionType.UPC) {
    // upcs_upc_search_idx: one range scan in index order, stopped after the page.
    return sql`select ${field.column} as value from ${upcs} where ${text === '' ? sql`true` : startsWith(field, text)}
      order by ${field.column} using ~<~ limit ${limit} offset ${offset}`;
  }
  return sql`${distinctKeys(field, text)} select v as value from found limit ${limit} offset ${offset}`;
}

export async function fieldValues(db: DbOrTx, type: FieldType, request: SuggestionRequest): Promise<string[]> {
  return (await queryRows<{ value: string }>(db, fieldValuesQuery(type, request))).map((row) => row.value);
}

/**
 * A field leads a search only if its text matches at most this many distinct values: one merged index range per
 * value, so more would cost as many probes and a plan as wide. Brands, sizes and colors of a short prefix stay under
 * it (a first letter names at most a few dozen); styles only for a nearly whole style number.
 */
export const LEADER_VALUES_AT_MOST = 32;

/** Index order of the UPC; a new SQL each time, as a set operation rewrites the one it is given. */
const byUpc = (): SQL => sql`${upcs.upc} using ~<~`;

/** The page's whole catalogue rows, in UPC order, built as one JSON value (selectRowsAsJson). */
const wholeRows = (tx: DbOrTx, page: SQLWrapper): Promise<UpcRow[]> => selectRowsAsJson(tx, upcs, page, sql`page.upc using ~<~`);

type Searched = { field: (typeof FIELDS)[FieldType]; text: string };

/**
 * Of the searched fields, the one whose text matches the fewest distinct values (at most LEADER_VALUES_AT_MOST), with
 * those values. Each candidate is probed only up to the best count so far (fields with fewer values come first).
 */
async function leaderOf(tx: DbOrTx, searched: Searched[]): Promise<{ leader: Searched; keys: string[] } | undefined> {
  let best: { leader: Searched; keys: string[] } | undefined;
  for (const candidate of searched) {
    const enough = best ? best.keys.length : LEADER_VALUES_AT_MOST + 1;
    if (enough === 0) break;
    const found = await queryRows<{ k: string }>(tx, sql`${distinctKeys(candidate.field, candidate.text)} select k from found limit ${enough}`);
    if (found.length < enough) best = { leader: candidate, keys: found.map(({ k }) => k) };
  }
  return best;
}

/**
 * ALL_FIELDS, the data-entry Search: whole rows matching every non-blank field, by UPC, paged. Each search index of
 * the catalogue holds all five searched keys (server/db/schema/catalogue.ts), so the other fields are checked inside
 * the index and only the rows shown are read from the table. The plans are forced rather than left to row estimates
 * (PGlite has no autovacuum to keep statistics, and brand and style correlate):
 * - a field whose text matches few distinct values leads (leaderOf): for each of its values, that value's UPCs in
 *   order (upcs_<field>_search_idx: the value, then the UPC), the ranges merged (Merge Append) until the page is
 *   full. It reads about the page's share of the leader's rows; a value's range ends where its matches pass the page.
 *   The branches name only the UPC: with dozens of them, parsing and planning whole rows cost more than running them.
 * - no such field (a UPC prefix alone, a short style prefix, nothing): walk upcs_upc_search_idx in UPC order over
 *   that range, stopped after the page. Known cost: a style prefix that matches many values but few rows reads
 *   many index entries.
 * Sequential scans, bitmap scans and sorts (and parallel workers, whose start costs more than these queries) are
 * off in its transaction, so no misestimate trades the ordered index ranges for reading and sorting every match (a
 * UPC prefix alone, planned freely, read and sorted its ten thousand rows).
 */
export async function searchCatalogue(db: DbOrTx, request: SuggestionRequest): Promise<UpcRow[]> {
  const { offset, limit } = pageOf(request);
  const upcText = searchText(request, 'upc');
  const upcCondition = upcText === '' ? undefined : startsWith(FIELDS[SuggestionType.UPC], upcText);
  // Fewest distinct values first (leaderOf): sizes and colors are short lists, brands a few hundred, styles many.
  const searched = ([SuggestionType.SIZE, SuggestionType.COLOR, SuggestionType.BRAND, SuggestionType.STYLE] as const)
    .map((type) => ({ field: FIELDS[type], text: searchText(request, FIELDS[type].search) }))
    .filter(({ text }) => text !== '');
  const matchingAll = (fields: Searched[]) => and(upcCondition, ...fields.map(({ field, text }) => startsWith(field, text)));

  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
      set_config('enable_sort', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`);
    const led = searched.length === 0 ? undefined : await leaderOf(tx, searched);
    // upcs_upc_search_idx in index order (a range scan with a UPC prefix), the other fields checked in the index.
    if (!led) return wholeRows(tx, tx.select().from(upcs).where(matchingAll(searched)).orderBy(byUpc()).limit(limit).offset(offset));
    const others = matchingAll(searched.filter((one) => one !== led.leader));
    // Each branch ordered on its own is what lets the planner merge them instead of sorting all their rows.
    const [first, ...rest] = led.keys.map((key) =>
      tx.select({ upc: upcs.upc }).from(upcs).where(and(sql`${keyOf(led.leader.field)} = ${key}`, others)).orderBy(byUpc()).$dynamic());
    if (!first) return [];
    const [second, ...more] = rest;
    const merged = second ? unionAll(first, second, ...more).orderBy(byUpc()).$dynamic() : first;
    const shown = merged.limit(limit).offset(offset).as('shown');
    return wholeRows(tx, tx.select(getTableColumns(upcs)).from(upcs).innerJoin(shown, eq(upcs.upc, shown.upc)));
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
