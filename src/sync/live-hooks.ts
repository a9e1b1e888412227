// React bindings for the replica (DESIGN §4): live queries over Dexie, re-rendering when the rows they read change
// in any tab. Only signed-in screens use them (they run after syncReady()), so Dexie stays out of the login
// route's JavaScript. No logic lives here.
import { useLiveQuery } from 'dexie-react-hooks';
import { useSession } from './hooks';
import { batchEntries, batchProgress, NO_BATCH, type BatchEntries, type BatchProgress } from './outbox/batch';
import { resolvedId } from './outbox/optimistic';
import { EMPTY_SUMMARY, outboxSummary, queuedEntries, type OutboxSummary, type QueuedEntry } from './outbox/summary';
import { readMeta, TEMP_IDS } from './replica/meta';
import { sync } from './runtime';

/**
 * The id a screen holds, or, once the server created the row it made offline, the row's real id: a selection made
 * while offline (a box added in the warehouse) follows its row.
 */
export function useResolvedId(id: number | undefined): number | undefined {
  // The answer names the id it is for: between a new id and its answer, the hook gives the id itself, never the
  // previous id's answer nor nothing (a List pressed just after choosing a template must see the template).
  const answer = useLiveQuery(
    (): Promise<{ id: number | undefined; resolved: number | undefined }> =>
      (id === undefined ? Promise.resolve({ id, resolved: id }) : resolvedId(sync().replica, id).then((resolved) => ({ id, resolved }))),
    [id],
  );
  return answer !== undefined && answer.id === id ? answer.resolved : id;
}

const NOT_RENUMBERED: ReadonlyMap<number, number> = new Map();

/** The temporary ids the server has replaced, each with its real id: a screen's own state kept by row id (unsent
 * cell edits, ticked rows) follows its rows with it. */
export function useRenumbered(): ReadonlyMap<number, number> {
  return useLiveQuery(async () => new Map((await readMeta(sync().replica, TEMP_IDS)) ?? []), [], NOT_RENUMBERED);
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

/**
 * Each entry of a batch, by seq (a run's per-row result); undefined until read for these very seqs, so a screen
 * never takes the answer for an earlier batch (or none yet) as entries that are gone.
 */
export function useOutboxEntries(seqs: readonly number[]): BatchEntries | undefined {
  const read = useLiveQuery(() => batchEntries(sync().replica, seqs), [seqs]);
  return read?.seqs === seqs ? read : undefined;
}
