// The notes' changes (spec §7: createNote with id 0, updateNote, deleteNoteById), each through the outbox: a note
// made offline shows at once with a temporary id until NOTE_CREATED names it; a refusal rolls the change back.
import type { Note } from '../../protocol/entities';
import { defineIntent } from '../../sync/intent';
import { creates, patches, removes } from '../../sync/outbox/outbox';
import { notesTable } from './tables';

export const createNote = defineIntent({
  destination: 'createNote',
  build: ({ label, data }: { readonly label: string; readonly data: string }) =>
    ({ body: { id: 0, label, data }, optimistic: creates(notesTable, { label, data }) }),
});

/** A note made offline may be changed before the server knows it (its id is rewritten when it does). */
export const updateNote = defineIntent({
  destination: 'updateNote',
  ids: ['id'],
  build: ({ id, label, data }: Note) => ({ body: { id, label, data }, optimistic: patches(notesTable, [id], { label, data }) }),
});

export const deleteNote = defineIntent({
  destination: 'deleteNoteById',
  ids: [''],
  build: (id: number) => ({ body: id, optimistic: removes(notesTable, [id]) }),
});
