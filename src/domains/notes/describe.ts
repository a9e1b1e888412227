// The notes' changes in words for the outbox panel: a note by its label.
import { NoteMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';
import { notesTable } from './tables';

export const noteDescribers: Describers = {
  createNote: ({ label }) => NoteMessages.createNote(label),
  updateNote: ({ label }) => NoteMessages.saveNote(label),
  deleteNoteById: async (id, { tables }) => NoteMessages.deleteNote((await tables.rows(notesTable).get(id))?.label ?? NoteMessages.noteNumbered(id)),
};
