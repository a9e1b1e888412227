// The column chooser's choice for one table, remembered on this device (settings.ts: TABLE_COLUMNS, keyed by the
// choice's id: the table's, or its tablet choice's, columns.ts choiceId): the hidden column ids and a setter that
// stores them. Before any choice, `initial` is hidden (a tablet's desk-only columns).
import { useCallback, useState } from 'react';
import { sync } from '../../sync/runtime';
import { hiddenColumns, setHiddenColumns } from '../../sync/session/settings';

interface Choice {
  readonly id: string;
  readonly hidden: readonly string[];
}

export function useHiddenColumns(choiceId: string, initial: readonly string[] = []): readonly [readonly string[], (hidden: readonly string[]) => void] {
  const read = (id: string): Choice => ({ id, hidden: hiddenColumns(sync().settings, id, initial) });
  const [choice, setChoice] = useState<Choice>(() => read(choiceId));
  // The screen turned (a tablet became a desk): the other choice is read, never the last one's shown.
  const current = choice.id === choiceId ? choice : read(choiceId);
  const store = useCallback(
    (next: readonly string[]) => {
      setChoice({ id: choiceId, hidden: next });
      setHiddenColumns(sync().settings, choiceId, next);
    },
    [choiceId],
  );
  return [current.hidden, store] as const;
}
