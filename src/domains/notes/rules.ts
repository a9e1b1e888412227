// The notes area's rules (spec §5 Notes): creation needs a non-blank label; update and delete need a selected note
// (shown as alerts); a label missing its kind's prefix gets it added, and an update is then NOT sent (the person
// sees the corrected label and presses Update again). Pure: the form asks, the intents send.
import type { NoteKind } from '../../protocol/listings';
import { NoteMessages } from '../../protocol/messages';

/** 'notes_' or 'template_': a label of that kind starts with it (spec §3). */
export const notePrefix = (kind: NoteKind): string => `${kind}_`;

/** The label with its kind's prefix (unchanged when it has it). */
export const withPrefix = (kind: NoteKind, label: string): string => {
  const trimmed = label.trim();
  return trimmed.startsWith(notePrefix(kind)) ? trimmed : `${notePrefix(kind)}${trimmed}`;
};

/** The label as a person reads it: without its kind's prefix. */
export const userLabel = (kind: NoteKind, label: string): string =>
  label.startsWith(notePrefix(kind)) ? label.slice(notePrefix(kind).length) : label;

export interface NoteForm {
  readonly label: string;
  readonly data: string;
}

/** What a notes-area button leads to: send this, correct the label shown (nothing sent), or an alert. */
export type NoteDecision<T> =
  | { readonly kind: 'send'; readonly body: T }
  | { readonly kind: 'fix-label'; readonly label: string }
  | { readonly kind: 'alert'; readonly message: string };

/** Create: a non-blank label (the prefix added when missing); the new note's body, id 0 (spec §7). */
export function decideCreate(kind: NoteKind, form: NoteForm): NoteDecision<{ id: 0; label: string; data: string }> {
  if (form.label.trim() === '' || form.label.trim() === notePrefix(kind)) return { kind: 'alert', message: NoteMessages.labelRequired };
  return { kind: 'send', body: { id: 0, label: withPrefix(kind, form.label), data: form.data } };
}

/** Update: a selected note; a label missing its prefix gets it and is not sent. */
export function decideUpdate(kind: NoteKind, selectedId: number | undefined, form: NoteForm): NoteDecision<{ id: number; label: string; data: string }> {
  if (selectedId === undefined) return { kind: 'alert', message: NoteMessages.selectToUpdate };
  if (form.label.trim() === '') return { kind: 'alert', message: NoteMessages.labelRequired };
  if (!form.label.trim().startsWith(notePrefix(kind))) return { kind: 'fix-label', label: withPrefix(kind, form.label) };
  return { kind: 'send', body: { id: selectedId, label: form.label.trim(), data: form.data } };
}

/** Delete: a selected note. */
export function decideDelete(selectedId: number | undefined): NoteDecision<number> {
  return selectedId === undefined ? { kind: 'alert', message: NoteMessages.selectToDelete } : { kind: 'send', body: selectedId };
}
