// The top bar's status badge (spec §1, DESIGN §4): the current status message (empty at first), plus
// 'Offline' while the connection is down and the changes waiting ('8 waiting'), or being sent once it is back
// ('Sending 8…'): the same state as the outbox panel's (protocol/messages/outbox.ts). The message is a
// polite live region, so screen readers hear 'Ready.' without moving focus. The badge is a button that
// opens the outbox panel (without onOpen, before the outbox has loaded, it is plain text).
import { ClientMessages, OutboxMessages } from '../protocol/messages';

export interface StatusBadgeProps {
  readonly message: string;
  readonly offline: boolean;
  readonly queued: number;
  readonly failed: number;
  readonly onOpen?: () => void;
}

const PILL = 'shrink-0 whitespace-nowrap rounded-full px-2 py-0.5 text-sm font-medium';

const FRAME = 'inline-flex min-h-11 min-w-11 max-w-full shrink items-center overflow-hidden gap-1.5 rounded-full px-1';

export function StatusBadge({ message, offline, queued, failed, onOpen }: StatusBadgeProps) {
  // Offline, a 'Ready.' from before the drop would say all is well: the pills say what is true instead (issue 31).
  const shown = offline && message === ClientMessages.ready ? '' : message;
  const parts = (
    <>
      <output
        aria-live="polite"
        data-testid="status-badge"
        className={`min-w-0 max-w-[40vw] shrink truncate rounded-full px-3 py-1 text-sm font-medium ${shown ? 'bg-emerald-100 text-emerald-900' : ''}`}
      >
        {shown}
      </output>
      {offline && <span className={`${PILL} bg-amber-300 text-amber-950`}>{OutboxMessages.offline}</span>}
      {queued > 0 && (
        <span className={`${PILL} bg-sky-100 text-sky-950`}>{offline ? OutboxMessages.waitingPill(queued) : OutboxMessages.sendingPill(queued)}</span>
      )}
      {failed > 0 && <span className={`${PILL} bg-red-100 text-red-900`}>{OutboxMessages.failedPill(failed)}</span>}
    </>
  );
  if (onOpen === undefined) return <div className={FRAME}>{parts}</div>;
  return (
    <button type="button" onClick={onOpen} aria-haspopup="dialog" className={`${FRAME} focus-visible:outline-2 focus-visible:outline-white`}>
      <span className="sr-only">Outbox:</span>
      {parts}
    </button>
  );
}
