// Shared notes and templates (spec §3 Note: label prefix, then the user label; §5 notes rules; §7 getNotes,
// createNote, updateNote, deleteNoteById; §8 Notes errors). This file is the domain's only public face.
import { defineDomain } from '../../sync/domain';
import { noteDescribers } from './describe';
import { noteMessages, noteRefusals } from './ingest';
import { notesTable } from './tables';

export const notesDomain = defineDomain({ name: 'notes', tables: [notesTable], messages: noteMessages, refusals: noteRefusals, describe: noteDescribers });

export { notesTable, type NoteRow } from './tables';
export { createNote, deleteNote, updateNote } from './intents';
export { decideCreate, decideDelete, decideUpdate, notePrefix, userLabel, withPrefix, type NoteDecision, type NoteForm } from './rules';
export { readNotes, useNotes } from './hooks';
