// The Lots list's query (spec §2, §3, §9): its filter, kept in local storage under lotsFilter (defaults of
// spec §9), and the getLots requests. Queries are never queued (DESIGN §4): a request goes only while
// connected, and the client asks again on every (re)connect. Replies on /user/topics/lots come back in the
// order of the requests (one ordered queue per session on the server), so each reply is matched with the
// filter it answers, which tells ingest which stored rows it may replace.
import { Destination } from '../protocol/destinations';
import { DEFAULT_LOTS_FILTER, type LotsFilter } from '../protocol/lots';
import type { Settings } from './settings';
import { createStore } from './store';

export interface LotsQuery {
  readonly filter: () => LotsFilter;
  readonly subscribe: (listener: () => void) => () => void;
  /** Saves a new filter and asks the server for its lots. */
  readonly setFilter: (filter: LotsFilter) => void;
  /** Asks for the current filter's lots; false when not connected (the replica shows what it holds). */
  readonly fetch: () => boolean;
  /** The filter of the oldest unanswered request, taken as its reply arrives. */
  readonly takeRequested: () => LotsFilter | undefined;
  /** The connection dropped: replies to earlier requests will never come. */
  readonly forgetRequests: () => void;
}

export interface LotsQueryDeps {
  readonly publish: (destination: typeof Destination.getLots, body: LotsFilter) => boolean;
  readonly settings: Pick<Settings, 'get' | 'set'>;
}

export function createLotsQuery({ publish, settings }: LotsQueryDeps): LotsQuery {
  const store = createStore<LotsFilter>(settings.get('lotsFilter') ?? DEFAULT_LOTS_FILTER);
  const requested: LotsFilter[] = [];
  const fetch = (): boolean => {
    const filter = store.get();
    if (!publish(Destination.getLots, filter)) return false;
    requested.push(filter);
    return true;
  };
  return {
    filter: store.get,
    subscribe: store.subscribe,
    setFilter(filter) {
      store.set(filter);
      fetch();
      // Last: a full storage throws here, after the screen already shows the new filter.
      settings.set('lotsFilter', filter);
    },
    fetch,
    takeRequested: () => requested.shift(),
    forgetRequests: () => void requested.splice(0),
  };
}
