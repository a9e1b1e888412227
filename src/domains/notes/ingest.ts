// Notes replies and pushes into the replica (spec §7, §8): NOTES_FOUND replaces the rows of the prefix it answers
// (pending ones stay), NOTE_CREATED replaces a note made offline, NOTE_UPDATED overwrites one, NOTE_DELETED removes
// one. Our own replies say their message once ('Note created.', …); another session's change updates silently.
// Refusals are shown as spec §8 says for notes: the server's message as an error toast and the status, the busy
// state stopped and the not-found sound.
import { contract } from '../../protocol/contract';
import type { Envelope } from '../../protocol/envelope';
import type { EnvelopeHandler, IngestContext, RefusalHandler } from '../../sync/domain';
import { showDataEntryError } from '../../sync/feedback/notifier';
import { parsed } from '../../sync/ingest/parsed';
import { withIntents } from '../../sync/outbox/optimistic';
import { notesTable } from './tables';

const NoteList = contract.getNotes.reply.data;
const OneNote = contract.createNote.reply.data;
const Prefix = contract.getNotes.payload;

const announceOurs = (envelope: Envelope, context: IngestContext): void => void (context.clientMsgId !== undefined && context.announce(envelope.message));

const notesFound: EnvelopeHandler = async (envelope, context) => {
  const list = parsed(NoteList, envelope.data, 'NOTES_FOUND data');
  if (list === undefined) return;
  const asked = context.request?.destination === 'getNotes' ? Prefix.safeParse(context.request.body) : undefined;
  const prefix = asked?.success === true ? asked.data : undefined;
  await context.write(async (db, { user }) => {
    const table = db.rows(notesTable);
    if (prefix !== undefined) {
      const kept = new Set(list.map(({ id }) => id));
      await table.filter((row) => row.label.startsWith(prefix) && row.pending !== 1 && !kept.has(row.id)).delete();
    }
    await table.bulkPut(await withIntents(db, user, notesTable.name, list));
  });
};

const noteCreated: EnvelopeHandler = async (envelope, context) => {
  const note = parsed(OneNote, envelope.data, 'NOTE_CREATED data');
  if (note === undefined) return;
  await context.write(async (db, who) => {
    await context.created(db, who, note.id);
    await db.rows(notesTable).bulkPut(await withIntents(db, who.user, notesTable.name, [note]));
  });
  announceOurs(envelope, context);
};

const noteUpdated: EnvelopeHandler = async (envelope, context) => {
  const note = parsed(OneNote, envelope.data, 'NOTE_UPDATED data');
  if (note === undefined) return;
  await context.write(async (db, { user }) => void (await db.rows(notesTable).bulkPut(await withIntents(db, user, notesTable.name, [note]))));
  announceOurs(envelope, context);
};

const noteDeleted: EnvelopeHandler = async (envelope, context) => {
  const note = parsed(OneNote, envelope.data, 'NOTE_DELETED data');
  if (note === undefined) return;
  await context.write(async (db) => void (await db.rows(notesTable).delete(note.id)));
  announceOurs(envelope, context);
};

export const noteMessages = {
  NOTES_FOUND: notesFound,
  NOTE_CREATED: noteCreated,
  NOTE_UPDATED: noteUpdated,
  NOTE_DELETED: noteDeleted,
} as const satisfies Record<string, EnvelopeHandler>;

/** Spec §8 Notes: BAD_REQUEST, INTERNAL_SERVER_ERROR, NOT_FOUND show the server's message (toast and status) with the not-found sound. */
const showNoteRefusal: RefusalHandler = ({ message }, feedback) => showDataEntryError(feedback, message ?? '');

export const noteRefusals = {
  getNotes: showNoteRefusal,
  createNote: showNoteRefusal,
  updateNote: showNoteRefusal,
  deleteNoteById: showNoteRefusal,
} as const;
