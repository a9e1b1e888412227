// Which rows of a table are ticked: the one selection state the Lots, Inventory and Auctions tables share. Given the
// rows shown, only those count as selected (a deleted or renumbered row drops out without a clean-up of its own).
import { useCallback, useMemo, useState } from 'react';

export interface RowSelection {
  readonly selected: ReadonlySet<number>;
  /** Ticks (on) or unticks these rows. */
  readonly select: (ids: readonly number[], on: boolean) => void;
  /** Exactly these rows ticked; none with an empty list. */
  readonly replace: (ids: readonly number[]) => void;
}

export function useRowSelection(shown?: ReadonlyArray<{ readonly id: number }>): RowSelection {
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set());
  const select = useCallback(
    (ids: readonly number[], on: boolean) =>
      setPicked((current) => {
        const next = new Set(current);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  const replace = useCallback((ids: readonly number[]) => setPicked(new Set(ids)), []);
  const selected = useMemo(
    () => (shown === undefined ? picked : new Set(shown.filter((row) => picked.has(row.id)).map((row) => row.id))),
    [shown, picked],
  );
  return { selected, select, replace };
}
