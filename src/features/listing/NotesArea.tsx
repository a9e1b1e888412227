// The notes area (spec §2 Listing Manager: "a selected note can be created, updated or deleted; deleting clears the
// form"; §5 notes rules): special notes (label prefix notes_) and listing templates (template_), the one chosen by
// the kind switch. A special note can be put into the price request's special notes. A template's form lists the
// placeholders it may use (issue 31); a note just created is the one selected, at once, online or not.
import { useState } from 'react';
import { createNote, decideCreate, decideDelete, decideUpdate, deleteNote, notePrefix, updateNote, useNotes, type NoteDecision } from '../../domains/notes';
import { NoteKind } from '../../protocol/listings';
import { ListingManagerMessages } from '../../protocol/messages';
import { notifier, showError } from '../../sync/feedback/notifier';
import { queueIntent, useIntent } from '../../sync/intent';
import { useResolvedId } from '../../sync/live-hooks';
import { buttonClass, inputClass } from '../../ui/button';
import { Field } from './fields';
import { PlaceholderList } from './PlaceholderList';

const EMPTY_FORM = { selectedId: undefined as number | undefined, label: '', data: '' };

export function NotesArea({ onUse }: { onUse: (text: string) => void }) {
  const [kind, setKind] = useState<NoteKind>(NoteKind.NOTES);
  const [form, setForm] = useState(EMPTY_FORM);
  const notes = useNotes(notePrefix(kind));
  // A note made on this device a moment ago has a temporary id until the server names it: follow it.
  const selectedId = useResolvedId(form.selectedId);
  const update = useIntent(updateNote);
  const remove = useIntent(deleteNote);

  /** Sends, corrects the label, or alerts (spec §5: update and delete without a note are alerts). */
  function act<T>(decision: NoteDecision<T>, send: (body: T) => void, alert: (text: string) => void): void {
    if (decision.kind === 'alert') alert(decision.message);
    else if (decision.kind === 'fix-label') setForm({ ...form, label: decision.label });
    else send(decision.body);
  }
  const choose = (value: string): void => {
    const note = notes.find(({ id }) => String(id) === value);
    setForm(note === undefined ? EMPTY_FORM : { selectedId: note.id, label: note.label, data: note.data });
  };
  /**
   * Issue 31: the picker shows the new note and selects it at once. Its row is in the replica from the moment it is
   * queued, under a temporary id useResolvedId follows to the server's; so Update right after Create changes it.
   */
  const create = ({ label, data }: { label: string; data: string }): void => {
    void queueIntent(createNote, { label, data }).then(({ tempId }) => {
      setForm((current) => ({ ...current, selectedId: tempId, label }));
    }, showError);
  };
  const switchKind = (next: NoteKind): void => {
    setKind(next);
    setForm(EMPTY_FORM);
  };

  return (
    <section aria-labelledby="notes-area" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <h3 id="notes-area" className="text-lg font-semibold">
        {ListingManagerMessages.notes}
      </h3>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{ListingManagerMessages.noteKind}</legend>
        {[NoteKind.NOTES, NoteKind.TEMPLATE].map((each) => (
          <label key={each} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="note-kind" checked={kind === each} onChange={() => switchKind(each)} className="size-5" />
            {ListingManagerMessages.noteKinds[each]}
          </label>
        ))}
      </fieldset>
      <Field label={ListingManagerMessages.note}>
        {(id) => (
          <select id={id} value={selectedId === undefined ? '' : String(selectedId)} onChange={(event) => choose(event.target.value)} className={`${inputClass} bg-white`}>
            <option value="">{ListingManagerMessages.noNote}</option>
            {notes.map((note) => (
              <option key={note.id} value={String(note.id)}>
                {note.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={ListingManagerMessages.label}>
        {(id) => <input id={id} value={form.label} placeholder={notePrefix(kind)} onChange={(event) => setForm({ ...form, label: event.target.value })} className={inputClass} />}
      </Field>
      <Field label={ListingManagerMessages.data}>
        {(id) => <textarea id={id} rows={4} value={form.data} onChange={(event) => setForm({ ...form, data: event.target.value })} className={`${inputClass} py-2`} />}
      </Field>
      {kind === NoteKind.TEMPLATE && <PlaceholderList />}
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => act(decideCreate(kind, form), create, notifier.warning)}>
          {ListingManagerMessages.createNote}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => act(decideUpdate(kind, selectedId, form), update, notifier.alert)}>
          {ListingManagerMessages.updateNote}
        </button>
        <button
          type="button"
          className={buttonClass.danger}
          onClick={() => act(decideDelete(selectedId), (id) => {
            remove(id);
            setForm(EMPTY_FORM);
          }, notifier.alert)}
        >
          {ListingManagerMessages.deleteNote}
        </button>
        {kind === NoteKind.NOTES && (
          <button type="button" className={buttonClass.secondary} onClick={() => onUse(form.data)}>
            {ListingManagerMessages.useNote}
          </button>
        )}
      </div>
    </section>
  );
}
