// Shared notes and templates (spec §3 Note: label prefix, then the user label). Its replica table only, for now:
// the selling issue adds its intents, ingest and hooks here. This file is the domain's only public face.
import type { Note } from '../../protocol/entities';
import { defineDomain } from '../../sync/domain';
import { defineTable } from '../../sync/replica/table';

export const notesTable = defineTable<Note>({
  name: 'notes',
  schema: { 1: 'id, label' },
  rules: 'Shared by all staff. The server wins. Replaced per prefix by its getNotes reply.',
});

export const notesDomain = defineDomain({ name: 'notes', tables: [notesTable] });
