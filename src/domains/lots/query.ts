// The Lots list's filter (spec §2, §3, §9), kept in local storage under lotsFilter (spec §9 defaults). The list shows
// the replica's lots through it: the replica holds every lot the user may see, caught up by syncLots on every
// connect (./sync.ts), so a new filter is shown at once, online or not, and asks the server nothing — no getLots of
// thousands of lots when an admin unticks My Lots. (A getLots reply that does come is still stored: ./ingest.ts.)
import { DEFAULT_LOTS_FILTER, LotsFilterSchema, type LotsFilter } from '../../protocol/lots';
import { sync } from '../../sync/runtime';
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

/**
 * A new filter: shown from the replica at once, then saved. Spec §6: only admins may change 'My Lots' (a user's
 * change of it is ignored). Throws when storage is full, after the list already shows the filter.
 */
export function setLotsFilter(next: LotsFilter, isAdmin: boolean): void {
  const allowed = allowedFilter(next, filter.get(), isAdmin);
  filter.set(allowed);
  sync().settings.set(LOTS_FILTER, allowed);
}
