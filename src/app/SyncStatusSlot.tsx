// The top bar's place for the status badge. The badge with its outbox panel reads the replica, which loads
// after the login screen (first load, docs/operations.md); until the engine runs, the slot shows the status
// message and Offline without the outbox's counts.
import { lazy, Suspense } from 'react';
import { syncReady } from '../sync/core';
import { useOffline } from '../sync/hooks';
import { StatusBadge } from '../ui/StatusBadge';

const SyncStatus = lazy(async () => {
  await syncReady();
  const { SyncStatus: component } = await import('./SyncStatus');
  return { default: component };
});

export function SyncStatusSlot({ message }: { message: string }) {
  const offline = useOffline();
  return (
    <Suspense fallback={<StatusBadge message={message} offline={offline} queued={0} failed={0} />}>
      <SyncStatus message={message} />
    </Suspense>
  );
}
