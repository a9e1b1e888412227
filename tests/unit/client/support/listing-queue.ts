// The listing queues as their progress dialog reads them (src/features/listing/ListingQueueDialog.tsx), for the client
// tests of the lots' and the auctions' queues.
import { expect, vi } from 'vitest';
import { DONE_STEPS, listingQueue, queueReport } from '../../../../src/features/listing/listing-queue';
import { batchEntries } from '../../../../src/sync/outbox/batch';
import { outboxSummary } from '../../../../src/sync/outbox/summary';
import { runSummary, watchedSeqs } from '../../../../src/ui/outbox-run';
import { applySettled } from '../../../../src/ui/use-outbox-run';
import type { Harness } from './sync-harness';

const WAIT = { timeout: 15_000, interval: 5 };

/** The progress dialog's reading of the outbox, as the screen's hook does it, until the queue is over. */
export async function followQueue(h: Harness) {
  await vi.waitFor(async () => {
    applySettled(listingQueue, await batchEntries(h.db, watchedSeqs(listingQueue.current())), DONE_STEPS);
    expect(runSummary(listingQueue.current())?.finished, JSON.stringify([...listingQueue.current().results])).toBe(true);
  }, WAIT);
  await vi.waitFor(async () => expect((await outboxSummary(h.db, h.user)).queued).toBe(0), WAIT);
  const queue = listingQueue.current();
  const summary = runSummary(queue);
  if (summary === undefined) throw new Error('no queue');
  return { summary, report: queueReport(queue, summary) };
}
