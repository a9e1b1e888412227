// The Lots page's two look-ups (spec §2, §5): search suggestions (/app/getLotSuggestions, asked only above 2
// typed characters) and Multiple SKUs (/app/getLotsBySkus). Both are queries: sent only while connected, never
// queued (DESIGN §4). Their answers are kept here, in memory: the latest suggestions (not the user's list, so
// never cached as lots) and the ids of the lots the last getLotsBySkus found, "the found set" the page shows and
// selects (the lots themselves are in the replica, put there by ingest).
import { Destination } from '../protocol/destinations';
import type { Lot } from '../protocol/lots';
import { createStore } from './store';

/** Spec §5/§9: lots-page suggestions are requested only when the text is longer than 2 characters. */
export const LOT_SUGGESTIONS_MIN_CHARS = 2;

export interface LotLookupsState {
  /** The latest lotSuggestions reply. */
  readonly suggestions: readonly Lot[];
  /** Ids of the lots the latest FOUND_LOTS reply held, in its order; undefined before any. */
  readonly found: readonly number[] | undefined;
}

export interface LotLookups {
  readonly get: () => LotLookupsState;
  readonly subscribe: (listener: () => void) => () => void;
  /** Asks for suggestions; false (nothing sent) at 2 characters or fewer, or when not connected. */
  readonly suggest: (text: string) => boolean;
  /** Asks for the lots with these numbers; false (nothing sent) with no SKUs or when not connected. */
  readonly findBySkus: (skus: readonly string[]) => boolean;
  /** Ingest: the lotSuggestions topic's list. */
  readonly setSuggestions: (lots: readonly Lot[]) => void;
  /** Ingest: the FOUND_LOTS reply's lots. */
  readonly setFound: (lots: readonly Lot[]) => void;
  readonly clearSuggestions: () => void;
}

type Publish = (destination: typeof Destination.getLotSuggestions | typeof Destination.getLotsBySkus, body: unknown) => boolean;

const EMPTY: LotLookupsState = { suggestions: [], found: undefined };

export function createLotLookups({ publish }: { readonly publish: Publish }): LotLookups {
  const store = createStore<LotLookupsState>(EMPTY);
  return {
    get: store.get,
    subscribe: store.subscribe,
    suggest(text) {
      const trimmed = text.trim();
      if (trimmed.length <= LOT_SUGGESTIONS_MIN_CHARS) return false;
      return publish(Destination.getLotSuggestions, trimmed);
    },
    findBySkus(skus) {
      if (skus.length === 0) return false;
      return publish(Destination.getLotsBySkus, [...skus]);
    },
    setSuggestions: (suggestions) => store.update((state) => ({ ...state, suggestions })),
    setFound: (lots) => store.update((state) => ({ ...state, found: lots.map((lot) => lot.id) })),
    clearSuggestions: () => store.update((state) => (state.suggestions.length === 0 ? state : { ...state, suggestions: [] })),
  };
}
