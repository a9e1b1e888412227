// The lots page's auction parts (spec §2 Lots list, §5): the auction-event picker ('Select Auction Event') fed by the
// events, and 'Add to Auction' once an event the server has numbered (id above 0) is chosen. Adding with nothing
// chosen says the §5 words; the reply says 'Manifest(s) added to auction event successfully.' (ingest). Add to
// Auction waits for the server's answer before it adds these lots to this event again (issue 31: a double tap).
import { useState } from 'react';
import { addManifestsToAuctionEvent, useAuctionEvents, useAuctionEventsQuery } from '../../domains/auctions';
import { AuctionScreenMessages as T } from '../../protocol/messages';
import { showError } from '../../sync/feedback/notifier';
import { queueIntent } from '../../sync/intent';
import { buttonClass, inputClass } from '../../ui/button';
import { useEntryWaiting, useOnePress } from '../../ui/use-one-press';

/** The last Add to Auction queued: which event and lots, and its outbox entry. */
interface Added {
  readonly request: string;
  readonly seq: number;
}

/** Another choice of event or lots is another request, never held back by this one's answer. */
const requestOf = (eventId: number | undefined, lotIds: readonly number[]): string => `${eventId ?? ''}:${lotIds.join(',')}`;

/** Add to Auction, pressed once per answer for the same event and lots. */
function useAddToAuction(eventId: number | undefined, lotIds: readonly number[]) {
  const [added, setAdded] = useState<Added | undefined>(undefined);
  const request = requestOf(eventId, lotIds);
  const waiting = useEntryWaiting(added?.request === request ? added.seq : undefined);
  return useOnePress(async () => {
    try {
      const { seq } = await queueIntent(addManifestsToAuctionEvent, { eventId, lotIds });
      setAdded({ request, seq });
    } catch (error) {
      showError(error);
    }
  }, waiting);
}

export function AuctionPicker({ lotIds }: { readonly lotIds: readonly number[] }) {
  useAuctionEventsQuery();
  const events = useAuctionEvents();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const add = useAddToAuction(chosen, lotIds);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <select
        aria-label={T.eventPicker}
        value={chosen ?? ''}
        onChange={(change) => setChosen(change.target.value === '' ? undefined : Number(change.target.value))}
        className={`${inputClass} w-auto max-w-full bg-white`}
      >
        <option value="">{T.selectEvent}</option>
        {events.map((event) => (
          <option key={event.id} value={event.id}>
            {`${event.title}:${event.id}`}
          </option>
        ))}
      </select>
      {chosen !== undefined && chosen > 0 && (
        <button type="button" className={buttonClass.secondary} aria-disabled={add.busy} aria-busy={add.busy} onClick={() => add.press()}>
          {T.addToAuction}
        </button>
      )}
    </div>
  );
}
