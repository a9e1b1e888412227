// React bindings for the replica (DESIGN §4): live queries over Dexie, re-rendering when the rows they read change
// in any tab. Only signed-in screens use them (they run after syncReady()), so Dexie stays out of the login
// route's JavaScript. No logic lives here.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSession } from './hooks';
import { batchProgress, NO_BATCH, type BatchProgress } from './outbox/batch';
import { isTempId } from './outbox/entry';
import { EMPTY_SUMMARY, outboxSummary, queuedEntries, type OutboxSummary, type QueuedEntry } from './outbox/summary';
import { readMeta, TEMP_IDS } from './replica/meta';
import { sync } from './runtime';

/**
 * The id a screen holds, or, once the server created the row it made offline, the row's real id: a selection made
 * while offline (a box added in the warehouse) follows its row.
 */
export function useResolvedId(id: number | undefined): number | undefined {
  return useLiveQuery(
    async () => (id === undefined || !isTempId(id) ? id : (new Map((await readMeta(sync().replica, TEMP_IDS)) ?? []).get(id) ?? id)),
    [id],
    id,
  );
}

const NONE: readonly QueuedEntry[] = [];

/** The signed-in user's queued changes and the ones the server refused, each in its domain's words. */
export function useOutboxSummary(): OutboxSummary {
  const { username } = useSession();
  return useLiveQuery(() => (username === '' ? EMPTY_SUMMARY : outboxSummary(sync().replica, username, sync().describe)), [username], EMPTY_SUMMARY);
}

/** The first changes waiting for the server, in queue order (the outbox panel's list), each in words. */
export function useQueuedEntries(enabled: boolean): readonly QueuedEntry[] {
  const { username } = useSession();
  return useLiveQuery(() => (username === '' || !enabled ? NONE : queuedEntries(sync().replica, username, sync().describe)), [username, enabled], NONE);
}

/** How far a batch of entries has gone (a Save's progress dialog); NO_BATCH for none. */
export function useOutboxBatch(seqs: readonly number[]): BatchProgress {
  return useLiveQuery(() => (seqs.length === 0 ? NO_BATCH : batchProgress(sync().replica, seqs)), [seqs], NO_BATCH);
}
