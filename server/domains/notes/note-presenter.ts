// presentNote: a notes row → the wire's Note (spec §3: id, label, data).
import type { Note } from '../../../src/protocol/listings';
import type { notes } from '../../db';

export type NoteRow = typeof notes.$inferSelect;

export const presentNote = ({ id, label, data }: NoteRow): Note => ({ id, label, data });
