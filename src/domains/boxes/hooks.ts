// React bindings for a lot's boxes: a live query over the replica, so the tabs follow every reply, push and
// pending intent, online or offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { resolvedId } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import { sync } from '../../sync/runtime';
import { byId } from '../items';
import { boxesTable, type BoxRow } from './tables';

const NO_BOXES: readonly BoxRow[] = [];

/** The lot's boxes in tab order (box number, then id), without those being deleted; a lot made offline's boxes
 * under its temporary id, and still after the server numbered it (they move with it in the same transaction). */
export function useBoxes(lotId: number): readonly BoxRow[] {
  return useLiveQuery(() => readBoxes(sync().replica, lotId), [lotId], NO_BOXES);
}

/** useBoxes' read; chained, not awaited: the live query watches only reads made in Dexie's promises (resolvedId). */
export function readBoxes(db: ReplicaTables, lotId: number): Promise<BoxRow[]> {
  return resolvedId(db, lotId)
    .then((lot) => db.rows(boxesTable).where('manualManiestId').equals(lot).toArray())
    .then((boxes) => boxes.filter((box) => box.removed !== 1).sort((a, b) => (a.boxNumber ?? Number.MAX_SAFE_INTEGER) - (b.boxNumber ?? Number.MAX_SAFE_INTEGER) || byId(a, b)));
}
