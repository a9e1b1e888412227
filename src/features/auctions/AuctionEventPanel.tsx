// Choose or create an auction event (spec §2 Auctions, §9: a new event's default label is the local date and time)
// and its details card: id, title, start and end, created at, with inline Edit and Update/Cancel. An event made
// offline shows at once, pending, and is chosen; it stays chosen once the server has numbered it.
import { useId, useState } from 'react';
import { createAuctionEvent, defaultAuctionLabel, updateAuctionEvent, type AuctionEventRow } from '../../domains/auctions';
import { EVENT_LABEL_MAX } from '../../protocol/entities';
import { AuctionScreenMessages as T } from '../../protocol/messages';
import { showError } from '../../sync/feedback/notifier';
import { queueIntent } from '../../sync/intent';
import { buttonClass, inputClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

export interface AuctionEventPanelProps {
  readonly events: readonly AuctionEventRow[];
  readonly chosen: number | undefined;
  readonly event: AuctionEventRow | undefined;
  readonly onChoose: (id: number | undefined) => void;
}

const when = (time: string | null): string => (time === null ? '—' : new Date(time).toLocaleString());
/** An ISO time as a datetime-local input's value (local time), and back. */
const toLocalInput = (time: string | null): string => {
  if (time === null) return '';
  const date = new Date(time);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string): string | null => (value === '' ? null : new Date(value).toISOString());

function EventEditor({ event, onDone }: { readonly event: AuctionEventRow; readonly onDone: () => void }) {
  const [title, setTitle] = useState(event.title);
  const [start, setStart] = useState(toLocalInput(event.startTime));
  const [end, setEnd] = useState(toLocalInput(event.endTime));
  const save = (): void => {
    const changed = { id: event.id, title: title.trim(), startTime: fromLocalInput(start), endTime: fromLocalInput(end), createdAt: event.createdAt };
    void queueIntent(updateAuctionEvent, changed).then(onDone, showError);
  };
  const field = (label: string, input: React.ReactNode) => (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      {input}
    </label>
  );
  return (
    <form className="grid gap-2 sm:grid-cols-3" onSubmit={(submit) => { submit.preventDefault(); save(); }}>
      {field(T.eventTitle, <input className={inputClass} value={title} maxLength={EVENT_LABEL_MAX} onChange={(change) => setTitle(change.target.value)} />)}
      {field(T.eventStart, <input type="datetime-local" className={inputClass} value={start} onChange={(change) => setStart(change.target.value)} />)}
      {field(T.eventEnd, <input type="datetime-local" className={inputClass} value={end} onChange={(change) => setEnd(change.target.value)} />)}
      <div className="flex flex-wrap gap-2 sm:col-span-3">
        <button type="submit" className={buttonClass.primary}>{T.update}</button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>{T.cancel}</button>
      </div>
    </form>
  );
}

function EventDetails({ event }: { readonly event: AuctionEventRow }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <EventEditor key={event.id} event={event} onDone={() => setEditing(false)} />;
  const items: ReadonlyArray<readonly [string, string]> = [
    ['Id', event.id < 0 ? T.notSentYet : String(event.id)],
    [T.eventTitle, event.title],
    [T.eventStart, when(event.startTime)],
    [T.eventEnd, when(event.endTime)],
    [T.createdAt, when(event.createdAt)],
  ];
  return (
    <div className="flex flex-wrap items-start gap-3">
      <dl aria-label={T.eventDetails} className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        {items.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="min-w-0 break-words text-slate-900">
              {value}
              {term === 'Id' && event.pending === 1 && <span className="ml-2 rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">{T.pending}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className={buttonClass.secondary} disabled={event.id < 0} title={event.id < 0 ? T.notSentYet : undefined} onClick={() => setEditing(true)}>
        {T.edit}
      </button>
    </div>
  );
}

export function AuctionEventPanel({ events, chosen, event, onChoose }: AuctionEventPanelProps) {
  const selectId = useId();
  const [creating, setCreating] = useState(false);
  const create = (label: string): void => {
    void queueIntent(createAuctionEvent, { label }).then(({ tempId }) => onChoose(tempId), showError);
  };
  return (
    <section aria-label={T.eventPicker} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">{T.eventPicker}</label>
          <select id={selectId} className={`${inputClass} bg-white`} value={chosen ?? ''} onChange={(change) => onChoose(change.target.value === '' ? undefined : Number(change.target.value))}>
            <option value="">{T.selectEvent}</option>
            {events.map((each) => (
              <option key={each.id} value={each.id}>{`${each.title}:${each.id}`}</option>
            ))}
          </select>
        </div>
        <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>{T.createEvent}</button>
      </div>
      {event !== undefined && <EventDetails key={event.id} event={event} />}
      {creating && (
        <ConfirmDialog
          open
          onOpenChange={setCreating}
          title={T.createEvent}
          input={{ label: T.eventTitle, initialValue: defaultAuctionLabel(), blankHint: T.titleRequired, maxLength: EVENT_LABEL_MAX }}
          proceedLabel={T.createEvent}
          onProceed={create}
        />
      )}
    </section>
  );
}
