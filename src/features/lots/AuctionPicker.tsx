// The lots page's auction parts (spec §2 Lots list, §5): the auction-event picker ('Select Auction Event') fed by the
// events, and 'Add to Auction' once an event the server has numbered (id above 0) is chosen. Adding with nothing
// chosen says the §5 words; the reply says 'Manifest(s) added to auction event successfully.' (ingest).
import { useState } from 'react';
import { addManifestsToAuctionEvent, useAuctionEvents, useAuctionEventsQuery } from '../../domains/auctions';
import { AuctionScreenMessages as T } from '../../protocol/messages';
import { useIntent } from '../../sync/intent';
import { buttonClass, inputClass } from '../../ui/button';

export function AuctionPicker({ lotIds }: { readonly lotIds: readonly number[] }) {
  useAuctionEventsQuery();
  const events = useAuctionEvents();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const add = useIntent(addManifestsToAuctionEvent);
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
        <button type="button" className={buttonClass.secondary} onClick={() => add({ eventId: chosen, lotIds })}>
          {T.addToAuction}
        </button>
      )}
    </div>
  );
}
