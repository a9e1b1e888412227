// The column chooser's choice for one table, remembered on this device (settings.ts: TABLE_COLUMNS, keyed by the
// table's id): the hidden column ids and a setter that stores them.
import { useCallback, useState } from 'react';
import { sync } from '../../sync/runtime';
import { hiddenColumns, setHiddenColumns } from '../../sync/session/settings';

export function useHiddenColumns(tableId: string): readonly [readonly string[], (hidden: readonly string[]) => void] {
  const [hidden, setHidden] = useState<readonly string[]>(() => hiddenColumns(sync().settings, tableId));
  const store = useCallback(
    (next: readonly string[]) => {
      setHidden(next);
      setHiddenColumns(sync().settings, tableId, next);
    },
    [tableId],
  );
  return [hidden, store] as const;
}
