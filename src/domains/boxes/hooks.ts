// React bindings for a lot's boxes: a live query over the replica, so the tabs follow every reply, push and
// pending intent, online or offline.
import { useLiveQuery } from 'dexie-react-hooks';
import { sync } from '../../sync/runtime';
import { byId } from '../items';
import { boxesTable, type BoxRow } from './tables';

const NO_BOXES: readonly BoxRow[] = [];

/** The lot's boxes in tab order (box number, then id), without those being deleted. */
export function useBoxes(lotId: number): readonly BoxRow[] {
  return useLiveQuery(
    async () => {
      const boxes = (await sync().replica.rows(boxesTable).where('manualManiestId').equals(lotId).toArray()).filter((box) => box.removed !== 1);
      return boxes.sort((a, b) => (a.boxNumber ?? Number.MAX_SAFE_INTEGER) - (b.boxNumber ?? Number.MAX_SAFE_INTEGER) || byId(a, b));
    },
    [lotId],
    NO_BOXES,
  );
}
