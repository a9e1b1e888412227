// The notes table of the replica (spec §3 Note): shared notes and listing templates, each label `{kind}_{label}`.
import type { Note } from '../../protocol/entities';
import { defineTable, type Replicated } from '../../sync/replica/table';

export type NoteRow = Replicated<Note>;

export const notesTable = defineTable<Note>({
  name: 'notes',
  schema: { 1: 'id, label' },
  rules: 'Shared by all staff. The server wins. Replaced per prefix by its getNotes reply; a note change or push overwrites one row.',
});
