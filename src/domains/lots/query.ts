// The Lots list's query (spec §2, §3, §9): its filter, kept in local storage under lotsFilter (spec §9 defaults),
// and the getLots requests. Queries are never queued (DESIGN §4): a request goes only while connected, and again on
// every (re)connect; its reply carries the filter it answers back (request-id), which tells ingest which stored rows
// it may replace.
import { DEFAULT_LOTS_FILTER, LotsFilterSchema, type LotsFilter } from '../../protocol/lots';
import { sync } from '../../sync/runtime';
import type { Queries } from '../../sync/transport/queries';
import { defineSetting } from '../../sync/session/settings';
import { createStore } from '../../sync/store';
import { allowedFilter } from './filter';

/** Spec §3/§9: the Lots list's filter, saved in local storage. */
export const LOTS_FILTER = defineSetting('lotsFilter', LotsFilterSchema);

const filter = createStore<LotsFilter>(DEFAULT_LOTS_FILTER);

export const lotsFilter = {
  get: filter.get,
  subscribe: filter.subscribe,
  /** Back to the saved filter (a new runtime). */
  restore: (): void => filter.set(sync().settings.get(LOTS_FILTER) ?? DEFAULT_LOTS_FILTER),
};

/** Asks for the current filter's lots; false when not connected (the replica shows what it holds). */
export function fetchLots(queries: Queries = sync().queries): boolean {
  return queries.send('getLots', filter.get());
}

/**
 * A new filter: shown from the replica at once (offline too), asked of the server when connected, then saved.
 * Spec §6: only admins may change 'My Lots' (a user's change of it is ignored). Throws when storage is full, after
 * the list already shows the filter.
 */
export function setLotsFilter(next: LotsFilter, isAdmin: boolean): void {
  const allowed = allowedFilter(next, filter.get(), isAdmin);
  filter.set(allowed);
  fetchLots();
  sync().settings.set(LOTS_FILTER, allowed);
}
