// Choose or create an inventory event (spec §2 Inventory, §9: a new event's default label is the local date and
// time) and its details: id, start and end time, label, creator. An event made offline shows at once, pending, and is
// chosen; it keeps being the chosen one once the server has numbered it.
import { useId, useState } from 'react';
import { createInventoryEvent, defaultEventLabel, type InventoryEventRow } from '../../domains/inventory';
import { queueIntent } from '../../sync/intent';
import { showError } from '../../sync/feedback/notifier';
import { buttonClass, inputClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EVENT_LABEL_MAX } from '../../protocol/entities';
import { InventoryScreenMessages as T } from '../../protocol/messages';

export interface EventPanelProps {
  readonly events: readonly InventoryEventRow[];
  /** The chosen event's id: a temporary one for an event made offline, its real one once the server numbered it. */
  readonly chosen: number | undefined;
  readonly event: InventoryEventRow | undefined;
  readonly onChoose: (id: number | undefined) => void;
}

const when = (time: string | null): string => (time === null ? '—' : new Date(time).toLocaleString());

function EventDetails({ event }: { event: InventoryEventRow }) {
  const items: ReadonlyArray<readonly [string, string]> = [
    ['Id', event.id < 0 ? T.notSentYet : String(event.id)],
    ['Start', when(event.startTime)],
    ['End', when(event.endTime)],
    ['Label', event.label],
    ['Creator', event.createdById === null ? '—' : T.user(event.createdById)],
  ];
  return (
    <dl aria-label={T.eventDetails} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
      {items.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-600">{term}</dt>
          <dd className="min-w-0 break-words text-slate-900" data-testid={`event-${term.toLowerCase()}`}>
            {value}
            {term === 'Id' && event.pending === 1 && <span className="ml-2 rounded bg-amber-200 px-1.5 text-xs font-semibold text-amber-950">{T.pending}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function EventPanel({ events, chosen, event, onChoose }: EventPanelProps) {
  const selectId = useId();
  const [creating, setCreating] = useState(false);
  const create = (label: string): void => {
    void queueIntent(createInventoryEvent, { label })
      .then(({ tempId }) => onChoose(tempId))
      .catch(showError);
  };
  return (
    <section aria-label={T.eventField} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">
            {T.eventField}
          </label>
          <select
            id={selectId}
            className={`${inputClass} bg-white`}
            value={chosen ?? ''}
            onChange={(change) => onChoose(change.target.value === '' ? undefined : Number(change.target.value))}
          >
            <option value="">{T.selectEvent}</option>
            {events.map((each) => (
              <option key={each.id} value={each.id}>
                {T.eventOption(each.label, each.id)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
          {T.createEvent}
        </button>
      </div>
      {event !== undefined && <EventDetails event={event} />}
      {creating && (
        <ConfirmDialog
          open
          onOpenChange={setCreating}
          title={T.createEventTitle}
          message={T.createEventMessage}
          input={{ label: T.label, initialValue: defaultEventLabel(), blankHint: T.labelRequired, maxLength: EVENT_LABEL_MAX }}
          proceedLabel={T.createEvent}
          onProceed={create}
        />
      )}
    </section>
  );
}
