// React bindings for notes: the notes of a prefix as the replica holds them (sorted by label, removed ones hidden),
// kept fresh with getNotes while shown (and again on every reconnect).
import { useLiveQuery } from 'dexie-react-hooks';
import { useKeptQuery } from '../../sync/hooks';
import { sync } from '../../sync/runtime';
import { notesTable, type NoteRow } from './tables';

const NO_NOTES: readonly NoteRow[] = [];

/** The notes whose label starts with `prefix` ('notes_', 'template_'), by label. */
export function readNotes(prefix: string): Promise<NoteRow[]> {
  return sync().replica.rows(notesTable).where('label').startsWith(prefix).toArray()
    .then((rows) => rows.filter((row) => row.removed !== 1).sort((a, b) => a.label.localeCompare(b.label)));
}

export function useNotes(prefix: string): readonly NoteRow[] {
  useKeptQuery('getNotes', prefix);
  return useLiveQuery(() => readNotes(prefix), [prefix], NO_NOTES);
}
