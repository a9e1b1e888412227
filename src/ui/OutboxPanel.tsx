// The outbox panel (DESIGN §4): what is waiting to be sent, and what the server refused with its message,
// each refused change with Retry (send it again, at the end of the queue) and Discard (drop it; the screen
// already shows the server's version). Presentational: the app passes the summary and the actions. Offline it says the
// changes wait, never that one is being sent (issue 31).
import { OutboxMessages as M } from '../protocol/messages';
import { buttonClass } from './button';
import { Dialog, DialogActions, DialogCloseButton } from './Dialog';

export interface FailedChange {
  readonly seq: number;
  /** The change in words ("Create lot 'Pallet 7'"). */
  readonly description: string;
  readonly lastError: string;
  readonly createdAt: number;
}

export interface QueuedChange {
  readonly seq: number;
  /** The change in words ("Add 2 × 012345678905 to box A1"). */
  readonly description: string;
  readonly createdAt: number;
  readonly sending: boolean;
  readonly lastError: string;
}

export interface OutboxPanelProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly offline: boolean;
  readonly queued: number;
  /** The first waiting changes (the panel says how many more there are). */
  readonly waiting: readonly QueuedChange[];
  readonly failed: readonly FailedChange[];
  readonly onRetry: (seq: number) => void;
  readonly onDiscard: (seq: number) => void;
}


const when = (createdAt: number): string => new Date(createdAt).toLocaleString();

function Waiting({ waiting, queued, offline }: { waiting: readonly QueuedChange[]; queued: number; offline: boolean }) {
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="outbox-waiting" className="mb-4">
      <h3 id="outbox-waiting" className="mb-2 font-semibold text-slate-800">
        {M.waitingHeading}
      </h3>
      <ol className="flex max-h-[30dvh] flex-col gap-1 overflow-y-auto text-sm">
        {waiting.map((entry) => (
          <li key={entry.seq} className="rounded-md border border-slate-200 px-3 py-2">
            <span className="font-medium break-words">{entry.description}</span>{' '}
            <span className="text-slate-600">{entry.sending && !offline ? M.sending : when(entry.createdAt)}</span>
            {entry.lastError !== '' && <p className="text-amber-900">{M.willRetry(entry.lastError)}</p>}
          </li>
        ))}
      </ol>
      {queued > waiting.length && <p className="mt-1 text-sm text-slate-600">{M.more(queued - waiting.length)}</p>}
    </section>
  );
}

export function OutboxPanel({ open, onOpenChange, offline, queued, waiting, failed, onRetry, onDiscard }: OutboxPanelProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={M.title} description={M.state(queued, offline)}>
      <Waiting waiting={waiting} queued={queued} offline={offline} />
      {failed.length > 0 && (
        <section aria-labelledby="outbox-failed">
          <h3 id="outbox-failed" className="mb-2 font-semibold text-red-800">
            {M.refusedHeading(failed.length)}
          </h3>
          <ul className="flex max-h-[50dvh] flex-col gap-2 overflow-y-auto">
            {failed.map((entry) => (
              <li key={entry.seq} className="rounded-md border border-red-200 bg-red-50 p-3">
                <p className="font-medium break-words">{entry.description}</p>
                <p className="text-sm text-slate-600">{when(entry.createdAt)}</p>
                <p className="mt-1 break-words text-red-900">{entry.lastError}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button type="button" className={buttonClass.secondary} onClick={() => onRetry(entry.seq)}>
                    {M.retry}
                  </button>
                  <button type="button" className={buttonClass.danger} onClick={() => onDiscard(entry.seq)}>
                    {M.discard}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      <DialogActions>
        <DialogCloseButton />
      </DialogActions>
    </Dialog>
  );
}
