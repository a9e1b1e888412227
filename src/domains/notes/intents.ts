// The notes' changes (spec §7: createNote with id 0, updateNote, deleteNoteById), each through the outbox: a note
// made offline shows at once with a temporary id until NOTE_CREATED names it; a refusal rolls the change back. A
// template that would not render is refused before it is queued, in the server's words (issue 31).
import type { Note } from '../../protocol/entities';
import { noteSaveRefusal } from '../../protocol/listing-templates';
import { defineIntent } from '../../sync/intent';
import { creates, patches, removes } from '../../sync/outbox/outbox';
import { notesTable } from './tables';

/** Throws the server's refusal of a note that may not be saved (queueIntent shows it; nothing is queued). */
function mustBeSaveable(note: { readonly label: string; readonly data: string }): void {
  const refusal = noteSaveRefusal(note);
  if (refusal !== undefined) throw new Error(refusal);
}

export const createNote = defineIntent({
  destination: 'createNote',
  build: ({ label, data }: { readonly label: string; readonly data: string }) => {
    mustBeSaveable({ label, data });
    return { body: { id: 0, label, data }, optimistic: creates(notesTable, { label, data }) };
  },
});

/** A note made offline may be changed before the server knows it (its id is rewritten when it does). */
export const updateNote = defineIntent({
  destination: 'updateNote',
  ids: ['id'],
  build: ({ id, label, data }: Note) => {
    mustBeSaveable({ label, data });
    return { body: { id, label, data }, optimistic: patches(notesTable, [id], { label, data }) };
  },
});

export const deleteNote = defineIntent({
  destination: 'deleteNoteById',
  ids: [''],
  build: (id: number) => ({ body: id, optimistic: removes(notesTable, [id]) }),
});
