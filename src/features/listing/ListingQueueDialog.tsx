// The listing queues' progress (spec §4): a progress dialog while lots go one at a time, until 'All lots added to
// WC' / 'All lots unlisted on WC', or the lots that failed by number. Offline the lots wait on this device and a
// line says so instead (the dialog would only hide the screen); the dialog comes back when they go.
import { useOffline } from '../../sync/hooks';
import { ListingManagerMessages } from '../../protocol/messages';
import { ProgressDialog } from '../../ui/ProgressDialog';
import { closeQueue, queueReport, useListingQueue } from './listing-queue';

function Failures({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Failed lots" className="mt-3 max-h-48 list-disc overflow-y-auto pl-5 text-red-800">
      {lines.map((line) => (
        <li key={line} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}

export function ListingQueueDialog() {
  const offline = useOffline();
  const { queue, summary } = useListingQueue();
  if (summary === undefined) return null;
  const report = queueReport(queue, summary);
  return (
    <>
      {offline && !summary.finished && (
        <p role="status" className="rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-slate-800">
          {ListingManagerMessages.waitingForConnection(summary.waiting)}
        </p>
      )}
      <ProgressDialog
        open={!offline || summary.finished}
        title={report.title}
        message={report.message}
        done={summary.total - summary.waiting}
        total={summary.total}
        onClose={closeQueue}
        details={<Failures lines={report.failed} />}
      />
    </>
  );
}
