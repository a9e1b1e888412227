// The notes table's statements. Labels are unique (a template is found by its name), so every writer of a label
// holds that label's lock until its transaction ends: "is it taken?" stays true until the write commits, and two
// tablets saving the same new label get a refusal, never a unique-constraint error.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { TEMPLATE_LABEL_PREFIX } from '../../../src/protocol/listing-templates';
import { likePrefix, notes, type DbOrTx } from '../../db';
import type { NoteRow } from './note-presenter';

/** The first key of pg_advisory_xact_lock(int, int) for note labels: a constant no other lock uses. */
const NOTE_LOCK_SPACE = 0x4e_4f_54; // 'NOT'

/** Notes whose label starts with `prefix` taken literally ('_' and '%' are no wildcards); '' gives them all. */
export async function notesWithPrefix(db: DbOrTx, prefix: string): Promise<NoteRow[]> {
  const query = db.select().from(notes);
  const filtered = prefix === '' ? query : query.where(like(notes.label, likePrefix(prefix)));
  return filtered.orderBy(asc(notes.label), asc(notes.id));
}

/** Serialises the writers of `label` until the transaction ends (hashtext: labels of any length share 2^32 keys). */
export async function lockLabel(db: DbOrTx, label: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${NOTE_LOCK_SPACE}::int, hashtext(${label}))`);
}

/** The id of the note holding `label`, if any. */
export async function holderOf(db: DbOrTx, label: string): Promise<number | undefined> {
  const [row] = await db.select({ id: notes.id }).from(notes).where(eq(notes.label, label));
  return row?.id;
}

/** The note, locked until the transaction ends (an update or delete racing it waits). */
export async function lockedNote(db: DbOrTx, id: number): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(notes).where(eq(notes.id, id)).for('update');
  return row;
}

export async function insertNote(db: DbOrTx, label: string, data: string): Promise<NoteRow> {
  const [row] = await db.insert(notes).values({ label, data }).returning();
  if (!row) throw new Error('insert into notes returned no row');
  return row;
}

export async function saveNote(db: DbOrTx, id: number, label: string, data: string): Promise<NoteRow> {
  const [row] = await db.update(notes).set({ label, data }).where(eq(notes.id, id)).returning();
  if (!row) throw new Error(`locked note ${id} was not updated`);
  return row;
}

export async function deleteNote(db: DbOrTx, id: number): Promise<NoteRow | undefined> {
  const [row] = await db.delete(notes).where(eq(notes.id, id)).returning();
  return row;
}

/** A listing template by id: a note whose label starts with template_ (DESIGN §5); undefined for any other note. */
export async function templateById(db: DbOrTx, id: number): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(notes).where(and(eq(notes.id, id), like(notes.label, likePrefix(TEMPLATE_LABEL_PREFIX))));
  return row;
}
