// The Lots page's two look-ups (spec §2, §5): search suggestions (/app/getLotSuggestions, asked only above 2 typed
// characters) and Multiple SKUs (/app/getLotsBySkus). Both are queries: sent only while connected, never queued
// (DESIGN §4). Their answers are kept here, in memory: the latest suggestions (not the user's list, so never cached
// as lots) and the ids of the lots the last getLotsBySkus found, "the found set" the page shows and selects (the
// lots themselves are in the replica, put there by ingest).
import type { Lot } from '../../protocol/lots';
import { ClientMessages } from '../../protocol/messages';
import { sync } from '../../sync/runtime';
import { createStore } from '../../sync/store';
import { LOT_SUGGESTIONS_MIN_CHARS, lotWithNumber, searchReplicaLots } from './search';
import type { LotRow } from './tables';

export interface LotLookupsState {
  /** The latest suggestions: the server's, or offline the replica's. */
  readonly suggestions: readonly Lot[];
  /** Ids of the lots the latest FOUND_LOTS reply held, in its order; undefined before any. */
  readonly found: readonly number[] | undefined;
}

const EMPTY: LotLookupsState = { suggestions: [], found: undefined };
const store = createStore<LotLookupsState>(EMPTY);
let latest = 0; // each request takes a ticket: a replica answer for older text (it is async) is dropped

export const lotLookups = {
  get: store.get,
  subscribe: store.subscribe,
  reset: (): void => store.set(EMPTY),
  /** Ingest: the lotSuggestions topic's list. */
  setSuggestions: (suggestions: readonly Lot[]): void => store.update((state) => ({ ...state, suggestions })),
  /** Ingest: the FOUND_LOTS reply's lots. */
  setFound: (lots: readonly Lot[]): void => store.update((state) => ({ ...state, found: lots.map((lot) => lot.id) })),
};

/** The getLotsBySkus run's status message, which the progress dialog shows. */
export const gettingLotsMessage = (count: number): string => `Getting Lots by SKUs for ${count} lots...`;

/** Suggestions for the typed text (none at 2 characters or fewer): the server's, or offline the replica's. */
export async function suggestLots(text: string): Promise<void> {
  const ticket = ++latest;
  const trimmed = text.trim();
  if (trimmed.length <= LOT_SUGGESTIONS_MIN_CHARS) return lotLookups.setSuggestions([]);
  if (sync().queries.send('getLotSuggestions', trimmed)) return;
  const found = await searchReplicaLots(sync().replica, text);
  if (ticket === latest) lotLookups.setSuggestions(found);
}

export function clearLotSuggestions(): void {
  latest++;
  store.update((state) => (state.suggestions.length === 0 ? state : { ...state, suggestions: [] }));
}

/**
 * Multiple SKUs: the SKUs the dialog parsed (one a line, trimmed, blanks dropped). With none, alerts 'No SKUs
 * entered.' and sends nothing (spec §5). Offline nothing is sent either (a query). Once sent, the status says so
 * (busy) until the reply. True when it was sent.
 */
export function findLotsBySkus(skus: readonly string[]): boolean {
  const { feedback, queries } = sync();
  if (skus.length === 0) {
    feedback.notifier.alert(ClientMessages.noSkus);
    return false;
  }
  if (!queries.send('getLotsBySkus', [...skus])) return false;
  feedback.status.busy(gettingLotsMessage(skus.length));
  return true;
}

/** The lot a scanned lot label names, from the device (works offline); undefined when it holds none. */
export function findLotByNumber(text: string): Promise<LotRow | undefined> {
  return lotWithNumber(sync().replica, text);
}
