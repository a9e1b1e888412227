// /app/getNotes, createNote, updateNote, deleteNoteById (spec §3 Note, §5, §7, §8). Notes and templates are shared
// by all staff (DESIGN §5): no ownership, any signed-in user reads and changes any note. Refusals come before any
// write (a template that would not render among them, issue 31); a change is replied to the sender and pushed to
// their other sessions and the admins.
import { ErrorCode } from '../../../src/protocol/error-codes';
import { noteSaveRefusal } from '../../../src/protocol/listing-templates';
import { NoteMessages } from '../../../src/protocol/messages';
import { defineHandlers, only, refuse, reply, replyAndPush, type HandlerResult, type UserContext } from '../handler';
import { presentNote, type NoteRow } from './note-presenter';
import { deleteNote, holderOf, insertNote, lockedNote, lockLabel, notesWithPrefix, saveNote } from './queries';

type ChangeType = 'NOTE_CREATED' | 'NOTE_UPDATED' | 'NOTE_DELETED';

const changed = (context: UserContext, messageType: ChangeType, row: NoteRow, message: string): HandlerResult =>
  replyAndPush(reply.ok(messageType, presentNote(row), message), context.user.username);

const labelTaken = (label: string): HandlerResult => refuse(ErrorCode.BAD_REQUEST, NoteMessages.labelTaken(label));
const unsaveable = (note: { label: string; data: string }): HandlerResult | undefined => {
  const refusal = noteSaveRefusal(note);
  return refusal === undefined ? undefined : refuse(ErrorCode.BAD_REQUEST, refusal);
};

export const noteHandlers = defineHandlers({
  getNotes: {
    access: 'user',
    async handle({ db }, prefix) {
      const rows = await notesWithPrefix(db, prefix);
      return only(reply.ok('NOTES_FOUND', rows.map(presentNote), NoteMessages.loaded));
    },
  },
  createNote: {
    access: 'user',
    async handle(context, { label, data }) {
      const refused = unsaveable({ label, data });
      if (refused) return refused;
      await lockLabel(context.db, label);
      if ((await holderOf(context.db, label)) !== undefined) return labelTaken(label);
      return changed(context, 'NOTE_CREATED', await insertNote(context.db, label, data), NoteMessages.created);
    },
  },
  updateNote: {
    access: 'user',
    async handle(context, { id, label, data }) {
      const refused = unsaveable({ label, data });
      if (refused) return refused;
      const { db } = context;
      const current = await lockedNote(db, id);
      if (current === undefined) return refuse(ErrorCode.NOT_FOUND, NoteMessages.notFound(id));
      if (label !== current.label) {
        await lockLabel(db, label);
        const holder = await holderOf(db, label);
        if (holder !== undefined && holder !== id) return labelTaken(label);
      }
      return changed(context, 'NOTE_UPDATED', await saveNote(db, id, label, data), NoteMessages.updated);
    },
  },
  deleteNoteById: {
    access: 'user',
    async handle(context, id) {
      const row = await deleteNote(context.db, id);
      if (row === undefined) return refuse(ErrorCode.NOT_FOUND, NoteMessages.notFound(id));
      return changed(context, 'NOTE_DELETED', row, NoteMessages.deleted);
    },
  },
});
