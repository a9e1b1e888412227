// The status badge with its outbox panel: the status message, Offline, queued and refused changes, and the
// panel's Retry and Discard wired to the outbox.
import { useState } from 'react';
import { showError } from '../sync/feedback/notifier';
import { useOffline } from '../sync/hooks';
import { useOutboxSummary, useQueuedEntries } from '../sync/live-hooks';
import { sync } from '../sync/runtime';
import { OutboxPanel } from '../ui/OutboxPanel';
import { StatusBadge } from '../ui/StatusBadge';

const reportFailure = showError;

export function SyncStatus({ message }: { message: string }) {
  const [open, setOpen] = useState(false);
  const offline = useOffline();
  const { queued, failed } = useOutboxSummary();
  const waiting = useQueuedEntries(open);
  return (
    <>
      <StatusBadge message={message} offline={offline} queued={queued} failed={failed.length} onOpen={() => setOpen(true)} />
      <OutboxPanel
        open={open}
        onOpenChange={setOpen}
        offline={offline}
        queued={queued}
        waiting={waiting}
        failed={failed}
        onRetry={(seq) => void sync().retryEntry(seq).catch(reportFailure)}
        onDiscard={(seq) => void sync().discardEntry(seq).catch(reportFailure)}
      />
    </>
  );
}
