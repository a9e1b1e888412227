// React bindings for the outbox (DESIGN §4): what the status badge and the outbox panel show. Live queries
// over the replica, so a change made in another tab shows here too.
import { useLiveQuery } from 'dexie-react-hooks';
import { replica } from './client';
import { useConnection, useSession } from './hooks';
import { batchProgress, NO_BATCH, type BatchProgress } from './outbox-batch';
import { EMPTY_SUMMARY, outboxSummary, queuedEntries, type OutboxSummary, type QueuedEntry } from './outbox';

const NONE: readonly QueuedEntry[] = [];

/** The signed-in user's queued changes and the ones the server refused. */
export function useOutboxSummary(): OutboxSummary {
  const { username } = useSession();
  return useLiveQuery(() => (username === '' ? EMPTY_SUMMARY : outboxSummary(replica, username)), [username], EMPTY_SUMMARY);
}

/** The first changes waiting for the server, in queue order (the outbox panel's list). */
export function useQueuedEntries(enabled: boolean): readonly QueuedEntry[] {
  const { username } = useSession();
  return useLiveQuery(() => (username === '' || !enabled ? NONE : queuedEntries(replica, username)), [username, enabled], NONE);
}

/** True while the connection is down after having been tried (not during the first connect of a visit). */
export function useOffline(): boolean {
  const { state, down } = useConnection();
  return state !== 'ready' && down;
}

/** How far a batch of entries has gone (a Save's progress dialog); NO_BATCH for none. */
export function useOutboxBatch(seqs: readonly number[]): BatchProgress {
  return useLiveQuery(() => (seqs.length === 0 ? NO_BATCH : batchProgress(replica, seqs)), [seqs], NO_BATCH);
}
