// The UPC catalogue's queries for data entry (spec §2 Data entry, §7 getSuggestion): type-ahead suggestions per
// search field and the Search that fills the table. Queries are never queued (DESIGN §4): connected, they go to
// the server (page 0, page size 100, spec §9) and the reply comes back through catalogue-ingest.ts; offline, or
// for the fields no suggestion type covers (ASIN, MSRP, Wholesale Price), they run on the catalogue entries the
// replica holds. Answers are kept here in memory: the latest suggestions per field and the found rows' ids.
import { SUGGESTION_PAGE_SIZE, SuggestionType, type SuggestionRequest } from '../protocol/catalogue';
import { Destination } from '../protocol/destinations';
import type { UpcEntry } from '../protocol/entities';
import {
  distinctValues, matchesSearch, SEARCH_FIELDS, SERVER_SUGGESTION_TYPE, type CatalogueSearch, type SearchField,
} from './catalogue-match';
import type { ReplicaDb, UpcRow } from './replica';
import { createStore } from './store';

/** How many rows a search shows, as the server pages them (spec §9). */
export const SEARCH_PAGE_SIZE = SUGGESTION_PAGE_SIZE;
const SEARCH_REFERENCE = 'search:';

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

export interface Catalogue {
  readonly get: () => CatalogueState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Suggestions for one field as the user types (the server's when connected, else the replica's). */
  readonly suggest: (field: SearchField, text: string) => Promise<void>;
  /** The Search button: the rows matching every filled field. */
  readonly search: (search: CatalogueSearch) => Promise<void>;
  /** Ingest: suggestions for the field named by the reply's referenceId. */
  readonly setSuggestions: (referenceId: unknown, values: readonly string[]) => void;
  /** Ingest: rows an ALL_FIELDS reply found (already in the replica); undefined when the referenceId is not ours. */
  readonly takeSearch: (referenceId: unknown) => CatalogueSearch | undefined;
  readonly setFound: (found: CatalogueFound) => void;
  /** The connection dropped: answers to earlier searches will never come. */
  readonly forgetRequests: () => void;
}

type Publish = (destination: typeof Destination.getSuggestion, body: SuggestionRequest) => boolean;

export interface CatalogueDeps {
  readonly publish: Publish;
  readonly db: ReplicaDb;
}

const isSearchField = (value: unknown): value is SearchField => SEARCH_FIELDS.some((field) => field === value);
const visible = (row: UpcRow): boolean => row.removed !== 1;
const byUpc = (a: UpcEntry, b: UpcEntry): number => (a.upc < b.upc ? -1 : a.upc > b.upc ? 1 : 0);

/** The request's text fields: only the filled ones the server searches by. */
function serverFields(search: CatalogueSearch): Pick<SuggestionRequest, 'upc' | 'vendor' | 'style' | 'size' | 'color'> {
  const filled = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
  return { upc: filled(search.upc), vendor: filled(search.vendor), style: filled(search.style), size: filled(search.size), color: filled(search.color) };
}

/** The replica's entries a search could match: narrowed by an index when the UPC or the brand is given. */
function candidates(db: ReplicaDb, search: CatalogueSearch) {
  if (search.upc.trim() !== '') return db.upcs.where('upc').startsWith(search.upc.trim());
  if (search.vendor.trim() !== '') return db.upcs.where('vendorName').startsWithIgnoreCase(search.vendor.trim());
  return db.upcs.toCollection();
}

/** Offline Search: the replica's entries matching every filled field, by UPC, one page. */
export async function searchReplica(db: ReplicaDb, search: CatalogueSearch): Promise<number[]> {
  const rows = await candidates(db, search).filter((row) => visible(row) && matchesSearch(row, search)).toArray();
  return rows.sort(byUpc).slice(0, SEARCH_PAGE_SIZE).map((row) => row.id);
}

/** Suggestions from the replica: distinct values of the field starting with the text. */
export async function replicaSuggestions(db: ReplicaDb, field: SearchField, text: string): Promise<string[]> {
  const rows = await db.upcs.filter(visible).toArray();
  return distinctValues(rows, field, text, SUGGESTION_PAGE_SIZE);
}

export function createCatalogue({ publish, db }: CatalogueDeps): Catalogue {
  const store = createStore<CatalogueState>({ suggestions: {}, found: undefined, searching: false });
  const searches = new Map<string, CatalogueSearch>();
  let nextSearch = 1;

  const setSuggestions = (field: SearchField, values: readonly string[]): void =>
    store.update((state) => ({ ...state, suggestions: { ...state.suggestions, [field]: values } }));
  const setFound = (found: CatalogueFound): void => store.update((state) => ({ ...state, found, searching: searches.size > 0 }));

  return {
    get: store.get,
    subscribe: store.subscribe,
    async suggest(field, text) {
      const suggestionType = SERVER_SUGGESTION_TYPE[field];
      // Only the fields a suggestion type covers are asked of the server; the rest are the replica's.
      const asked = suggestionType !== undefined && publish(Destination.getSuggestion, { suggestionType, page: 0, pageSize: SUGGESTION_PAGE_SIZE, [field]: text.trim(), referenceId: field });
      if (asked) return;
      setSuggestions(field, await replicaSuggestions(db, field, text));
    },
    async search(search) {
      const referenceId = `${SEARCH_REFERENCE}${nextSearch++}`;
      const request = { suggestionType: SuggestionType.ALL_FIELDS, page: 0, pageSize: SEARCH_PAGE_SIZE, ...serverFields(search), referenceId };
      if (publish(Destination.getSuggestion, request)) {
        searches.set(referenceId, search);
        store.update((state) => ({ ...state, searching: true }));
        return;
      }
      setFound({ ids: await searchReplica(db, search), search, local: true });
    },
    setSuggestions(referenceId, values) {
      if (isSearchField(referenceId)) setSuggestions(referenceId, values);
    },
    takeSearch(referenceId) {
      if (typeof referenceId !== 'string') return undefined;
      const search = searches.get(referenceId);
      searches.delete(referenceId);
      return search;
    },
    setFound,
    forgetRequests() {
      searches.clear();
      store.update((state) => (state.searching ? { ...state, searching: false } : state));
    },
  };
}
