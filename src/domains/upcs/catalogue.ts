// The UPC catalogue's queries for data entry (spec §2 Data entry, §7 getSuggestion): type-ahead suggestions per
// search field and the Search that fills the table. Queries are never queued (DESIGN §4): connected, they go to
// the server (page 0, page size 100, spec §9) and the reply comes back through ./ingest.ts; offline they run on
// the catalogue entries the replica holds. ASIN, MSRP and Wholesale Price have no suggestion type of their own
// (spec §3): connected, they ask an ALL_FIELDS page for the fields filled so far and suggest that field's values
// among those rows and the replica's. Answers are kept here in memory: the latest suggestions per field and the
// found rows' ids.
import { SUGGESTION_PAGE_SIZE, SuggestionType, type SuggestionRequest } from '../../protocol/catalogue';
import type { UpcEntry } from '../../protocol/entities';
import type { ReplicaTables } from '../../sync/replica/replica';
import { sync } from '../../sync/runtime';
import { createStore } from '../../sync/store';
import {
  distinctValues, EMPTY_SEARCH, matchesSearch, SERVER_SUGGESTION_TYPE, type CatalogueSearch, type SearchField,
} from './match';
import { upcsTable, type UpcRow } from './tables';

/** How many rows a search shows, as the server pages them (spec §9). */
export const SEARCH_PAGE_SIZE = SUGGESTION_PAGE_SIZE;

export interface CatalogueFound {
  /** Ids of the rows found, in order. */
  readonly ids: readonly number[];
  /** The search they answer. */
  readonly search: CatalogueSearch;
  /** Answered from the replica (offline): the user sees it may be incomplete. */
  readonly local: boolean;
}

export interface CatalogueState {
  readonly suggestions: Readonly<Partial<Record<SearchField, readonly string[]>>>;
  /** The last search's rows; undefined before any. */
  readonly found: CatalogueFound | undefined;
  /** A search is waiting for the server. */
  readonly searching: boolean;
}

/** What a getSuggestion request was for, handed back with its reply (by request-id). */
export type CatalogueAsk =
  | { readonly field: SearchField }
  /** A field without a suggestion type: its values among the rows found, starting with `typed`. */
  | { readonly field: SearchField; readonly typed: string }
  | { readonly search: CatalogueSearch };

const visible = (row: UpcRow): boolean => row.removed !== 1;
const byUpc = (a: UpcEntry, b: UpcEntry): number => (a.upc < b.upc ? -1 : a.upc > b.upc ? 1 : 0);

/** The request's text fields: only the filled ones the server searches by. */
function serverFields(search: CatalogueSearch): Pick<SuggestionRequest, 'upc' | 'vendor' | 'style' | 'size' | 'color'> {
  const filled = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
  return { upc: filled(search.upc), vendor: filled(search.vendor), style: filled(search.style), size: filled(search.size), color: filled(search.color) };
}

/** The replica's entries a search could match: narrowed by an index when the UPC or the brand is given. */
function candidates(db: Pick<ReplicaTables, 'rows'>, search: CatalogueSearch) {
  const upcs = db.rows(upcsTable);
  if (search.upc.trim() !== '') return upcs.where('upc').startsWith(search.upc.trim());
  if (search.vendor.trim() !== '') return upcs.where('vendorName').startsWithIgnoreCase(search.vendor.trim());
  return upcs.toCollection();
}

/** Offline Search: the replica's entries matching every filled field, by UPC, one page. */
export async function searchReplica(db: Pick<ReplicaTables, 'rows'>, search: CatalogueSearch): Promise<number[]> {
  const rows = await candidates(db, search).filter((row) => visible(row) && matchesSearch(row, search)).toArray();
  return rows.sort(byUpc).slice(0, SEARCH_PAGE_SIZE).map((row) => row.id);
}

/** Suggestions from the replica: distinct values of the field starting with the text. */
export async function replicaSuggestions(db: Pick<ReplicaTables, 'rows'>, field: SearchField, text: string): Promise<string[]> {
  const rows = await db.rows(upcsTable).filter(visible).toArray();
  return distinctValues(rows, field, text, SUGGESTION_PAGE_SIZE);
}

const EMPTY: CatalogueState = { suggestions: {}, found: undefined, searching: false };
const store = createStore<CatalogueState>(EMPTY);
let searchesSent = 0; // searches sent and not yet answered

const setSuggestions = (field: SearchField, values: readonly string[]): void =>
  store.update((state) => ({ ...state, suggestions: { ...state.suggestions, [field]: values } }));

export const catalogue = {
  get: store.get,
  subscribe: store.subscribe,
  reset(): void {
    searchesSent = 0;
    store.set(EMPTY);
  },
  /** Ingest: suggestions for the field the request named. */
  setSuggestions,
  /** Ingest: rows a search found (already in the replica). */
  setFound(found: CatalogueFound, answered: boolean): void {
    if (answered) searchesSent = Math.max(0, searchesSent - 1);
    store.update((state) => ({ ...state, found, searching: searchesSent > 0 }));
  },
  /** The connection dropped: answers to earlier searches will never come. */
  forgetRequests(): void {
    searchesSent = 0;
    store.update((state) => (state.searching ? { ...state, searching: false } : state));
  },
};

/** The getSuggestion request (and what it was for) that suggests values of one field. */
function suggestionRequest(field: SearchField, text: string, search: CatalogueSearch): { request: SuggestionRequest; ask: CatalogueAsk } {
  const suggestionType = SERVER_SUGGESTION_TYPE[field];
  const page = { page: 0, pageSize: SUGGESTION_PAGE_SIZE, referenceId: field };
  if (suggestionType !== undefined) return { request: { suggestionType, ...page, [field]: text.trim() }, ask: { field } };
  return { request: { suggestionType: SuggestionType.ALL_FIELDS, ...page, ...serverFields(search) }, ask: { field, typed: text } };
}

/** Suggestions for one field as the user types (the server's when connected, else the replica's); `search` is
 * the form as filled so far, which narrows the rows a field without a suggestion type is suggested from. */
export async function suggestUpcs(field: SearchField, text: string, search: CatalogueSearch = EMPTY_SEARCH): Promise<void> {
  const { request, ask } = suggestionRequest(field, text, search);
  if (sync().queries.send('getSuggestion', request, ask)) return;
  setSuggestions(field, await replicaSuggestions(sync().replica, field, text));
}

/** The Search button: the rows matching every filled field (the server's when connected, else the replica's). */
export async function searchUpcs(search: CatalogueSearch): Promise<void> {
  const request = { suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: SEARCH_PAGE_SIZE, ...serverFields(search), referenceId: 'search' };
  const ask: CatalogueAsk = { search };
  if (sync().queries.send('getSuggestion', request, ask)) {
    searchesSent += 1;
    store.update((state) => ({ ...state, searching: true }));
    return;
  }
  catalogue.setFound({ ids: await searchReplica(sync().replica, search), search, local: true }, false);
}
