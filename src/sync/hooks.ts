// React bindings for the running client: each hook is useSyncExternalStore over one observable, or a live query
// over the replica, so a component re-renders exactly when that piece of client state changes (in any tab, for the
// replica). No logic lives here.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import type { PayloadInputOf, QueryName } from '../protocol/contract';
import type { StatusState } from './feedback/status';
import { batchProgress, NO_BATCH, type BatchProgress } from './outbox/batch';
import { resolvedId } from './outbox/optimistic';
import { readMeta, TEMP_IDS } from './replica/meta';
import { EMPTY_SUMMARY, outboxSummary, queuedEntries, type OutboxSummary, type QueuedEntry } from './outbox/summary';
import { sync } from './runtime';
import type { Readable } from './store';
import type { LoginState } from './session/login';
import type { SessionState } from './session/session';
import type { ConnectionSnapshot } from './transport/connection';

/** A piece of client state, re-rendering on its every change. */
const useReadable = <T,>({ subscribe, get }: Readable<T>): T => useSyncExternalStore(subscribe, get);

export const useSession = (): SessionState => useReadable(sync().session);
export const useStatus = (): StatusState => useReadable(sync().status);
export const useLoginState = (): LoginState => useReadable(sync().login);

export function useConnection(): ConnectionSnapshot {
  const { connection } = sync();
  return useSyncExternalStore(connection.watch, connection.getSnapshot);
}

/** Keeps a query open while the component shows it (sent now and on every reconnect); none while `body` is undefined. */
export function useKeptQuery<K extends QueryName>(destination: K, body: PayloadInputOf<K> | undefined): void {
  const key = body === undefined ? undefined : JSON.stringify(body);
  useEffect(() => {
    if (key === undefined) return undefined;
    // The body is what the key was made from: same value, same query.
    return sync().queries.keep(destination, JSON.parse(key) as PayloadInputOf<K>);
  }, [destination, key]);
}

/**
 * The id a screen holds, or, once the server created the row it made offline, the row's real id: a selection made
 * while offline (a box added in the warehouse) follows its row.
 */
export function useResolvedId(id: number | undefined): number | undefined {
  return useLiveQuery(async () => (id === undefined ? id : resolvedId(sync().replica, id)), [id], id);
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

/** True while the connection is down after having been tried (not during the first connect of a visit). */
export function useOffline(): boolean {
  const { state, down } = useConnection();
  return state !== 'ready' && down;
}

/** How far a batch of entries has gone (a Save's progress dialog); NO_BATCH for none. */
export function useOutboxBatch(seqs: readonly number[]): BatchProgress {
  return useLiveQuery(() => (seqs.length === 0 ? NO_BATCH : batchProgress(sync().replica, seqs)), [seqs], NO_BATCH);
}
