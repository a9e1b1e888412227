// The Lots list's rows (spec §2): a live query over the replica with the saved filter (spec §9 defaults,
// settings key lotsFilter), so the list follows every reply, push and pending intent, online or offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { LotsFilter } from '../../protocol/lots';
import { lotsQuery, replica } from '../../sync/client';
import { useSession } from '../../sync/hooks';
import { lotShown, selectedStatuses } from '../../sync/lots-filter';
import { readMeta, type LotRow } from '../../sync/replica';

const NONE: readonly LotRow[] = [];

export function useLotsFilter(): LotsFilter {
  return useSyncExternalStore(lotsQuery.subscribe, lotsQuery.filter);
}

/** Newest first: lots made offline (most negative id first), then the server's by id, descending. */
export function compareLots(a: LotRow, b: LotRow): number {
  if (a.id < 0 || b.id < 0) return a.id < 0 && b.id < 0 ? a.id - b.id : a.id < 0 ? -1 : 1;
  return b.id - a.id;
}

export function useLots(): readonly LotRow[] {
  const filter = useLotsFilter();
  const { isAdmin } = useSession();
  return useLiveQuery(
    async () => {
      const ownUserId = await readMeta(replica, 'ownUserId');
      const byStatus = await Promise.all(selectedStatuses(filter).map((status) => replica.lots.where('status').equals(status).toArray()));
      return byStatus.flat().filter((lot) => lotShown(lot, filter, { isAdmin, ownUserId })).sort(compareLots);
    },
    [filter, isAdmin],
    NONE,
  );
}
