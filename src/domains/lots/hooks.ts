// React bindings for lots: live queries over the replica (the list for the saved filter, one lot, the found set)
// and the in-memory query state (filter, suggestions), so screens follow every reply, push and pending intent,
// online or offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import type { LotsFilter } from '../../protocol/lots';
import { useSession } from '../../sync/hooks';
import { resolvedId } from '../../sync/outbox/optimistic';
import { readMeta } from '../../sync/replica/meta';
import type { ReplicaTables } from '../../sync/replica/replica';
import { sync } from '../../sync/runtime';
import { lotShown, selectedStatuses } from './filter';
import { lotLookups, type LotLookupsState } from './lookups';
import { lotsFilter } from './query';
import { refusedLots } from './refused';
import { lotsTable, OWN_USER_ID, type LotRow } from './tables';

const NONE: readonly LotRow[] = [];

/** Newest first: lots made offline (most negative id first), then the server's by id, descending. */
export function compareLots(a: LotRow, b: LotRow): number {
  if (a.id < 0 || b.id < 0) return a.id < 0 && b.id < 0 ? a.id - b.id : a.id < 0 ? -1 : 1;
  return b.id - a.id;
}

/** Rows a pending delete has removed are kept (to come back if refused) but never shown. */
export const isShown = (lot: LotRow): boolean => lot.removed !== 1;

export function useLotsFilterValue(): LotsFilter {
  return useSyncExternalStore(lotsFilter.subscribe, lotsFilter.get);
}

/** The Lots list's rows for the saved filter; undefined until the replica has answered (not yet known to be none). */
export function useLots(): readonly LotRow[] | undefined {
  const filter = useLotsFilterValue();
  const { isAdmin } = useSession();
  return useLiveQuery(
    async () => {
      const { replica } = sync();
      const ownUserId = await readMeta(replica, OWN_USER_ID);
      const lots = replica.rows(lotsTable);
      const byStatus = await Promise.all(selectedStatuses(filter).map((status) => lots.where('status').equals(status).toArray()));
      return byStatus
        .flat()
        .filter((lot) => isShown(lot) && lotShown(lot, filter, { isAdmin, ownUserId }))
        .sort(compareLots);
    },
    [filter, isAdmin],
  );
}

/**
 * The lot as the replica holds it; null while unknown, undefined while loading. A lot made offline is found by its
 * temporary id before and after the server numbers it (the row then has its real id: the screen follows it).
 */
export function useLot(lotId: number | undefined): LotRow | null | undefined {
  return useLiveQuery(async () => (lotId === undefined ? null : readLot(sync().replica, lotId)), [lotId]);
}

/** The lots with these ids the replica holds, in the order asked (labels for a selection); undefined while loading. */
export function useLotsById(lotIds: readonly number[]): readonly LotRow[] | undefined {
  const key = lotIds.join(',');
  return useLiveQuery(
    async () => {
      const { replica } = sync();
      const found = await Promise.all(lotIds.map((id) => readLot(replica, id)));
      return found.filter((lot): lot is LotRow => lot !== null && isShown(lot));
    },
    [key],
  );
}

/** useLot's read: the lot by its id, a temporary one followed to the real id once the server gave it; else null. */
export function readLot(db: ReplicaTables, lotId: number): Promise<LotRow | null> {
  // Chained, not awaited: the live query watches only reads made in Dexie's promises (resolvedId says why).
  return resolvedId(db, lotId).then((id) => db.rows(lotsTable).get(id)).then((lot) => lot ?? null);
}

/** The server's message when it refused to give this lot (not found, or not the user's); undefined otherwise. */
export function useLotRefusal(lotId: number | undefined): string | undefined {
  const refused = useSyncExternalStore(refusedLots.subscribe, refusedLots.get);
  return lotId === undefined ? undefined : refused.get(lotId);
}

export function useLotLookups(): LotLookupsState {
  return useSyncExternalStore(lotLookups.subscribe, lotLookups.get);
}

/** The found set: the lots the last Multiple SKUs reply held, from the replica, in its order. */
export function useFoundLots(): readonly LotRow[] {
  const { found } = useLotLookups();
  return useLiveQuery(
    async () => {
      if (found === undefined) return NONE;
      const rows = await sync().replica.rows(lotsTable).bulkGet([...found]);
      return rows.filter((row): row is LotRow => row !== undefined && isShown(row));
    },
    [found],
    NONE,
  );
}
