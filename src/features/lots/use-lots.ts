// The Lots list's rows (spec §2): a live query over the replica with the saved filter (spec §9 defaults,
// settings key lotsFilter), so the list follows every reply, push and pending intent, online or offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useSyncExternalStore } from 'react';
import type { LotsFilter } from '../../protocol/lots';
import { lotsQuery, replica } from '../../sync/client';
import { useSession } from '../../sync/hooks';
import { allowedFilter, lotShown, selectedStatuses } from '../../sync/lots-filter';
import { readMeta, type LotRow } from '../../sync/replica';
import { showError } from '../../sync/notifier';

const NONE: readonly LotRow[] = [];

export interface LotsFilterControl {
  readonly filter: LotsFilter;
  /** Shows the new filter's lots from the replica at once (offline too) and asks the server when connected. */
  readonly setFilter: (filter: LotsFilter) => void;
  /** Spec §6: only admins may change 'My Lots' (a user's change of it is ignored). */
  readonly canToggleMyLots: boolean;
}

export function useLotsFilter(): LotsFilterControl {
  const filter = useSyncExternalStore(lotsQuery.subscribe, lotsQuery.filter);
  const { isAdmin } = useSession();
  const setFilter = useCallback(
    (next: LotsFilter) => {
      try {
        lotsQuery.setFilter(allowedFilter(next, lotsQuery.filter(), isAdmin));
      } catch (error) {
        showError(error); // a full storage: the list already shows the filter, it just is not saved
      }
    },
    [isAdmin],
  );
  return { filter, setFilter, canToggleMyLots: isAdmin };
}

/** Newest first: lots made offline (most negative id first), then the server's by id, descending. */
export function compareLots(a: LotRow, b: LotRow): number {
  if (a.id < 0 || b.id < 0) return a.id < 0 && b.id < 0 ? a.id - b.id : a.id < 0 ? -1 : 1;
  return b.id - a.id;
}

/** Rows a pending delete has removed are kept (to come back if refused) but never shown. */
export const isShown = (lot: LotRow): boolean => lot.removed !== 1;

export function useLots(): readonly LotRow[] {
  const { filter } = useLotsFilter();
  const { isAdmin } = useSession();
  return useLiveQuery(
    async () => {
      const ownUserId = await readMeta(replica, 'ownUserId');
      const byStatus = await Promise.all(selectedStatuses(filter).map((status) => replica.lots.where('status').equals(status).toArray()));
      return byStatus
        .flat()
        .filter((lot) => isShown(lot) && lotShown(lot, filter, { isAdmin, ownUserId }))
        .sort(compareLots);
    },
    [filter, isAdmin],
    NONE,
  );
}
