// React bindings for the client's core (core.ts): each hook is useSyncExternalStore over one observable, so a
// component re-renders exactly when that piece of client state changes. The replica's live queries are in
// live-hooks.ts (they need Dexie, which the login route does not load). No logic lives here.
import { useEffect, useSyncExternalStore } from 'react';
import type { PayloadInputOf, QueryName } from '../protocol/contract';
import { core } from './core';
import { newerApp } from './newer-app';
import type { StatusState } from './feedback/status';
import type { Readable } from './store';
import type { LoginState } from './session/login';
import type { SessionState } from './session/session';
import type { ConnectionSnapshot } from './transport/connection';

/** A piece of client state, re-rendering on its every change. */
const useReadable = <T,>({ subscribe, get }: Readable<T>): T => useSyncExternalStore(subscribe, get);

export const useSession = (): SessionState => useReadable(core().session);
export const useStatus = (): StatusState => useReadable(core().status);
export const useLoginState = (): LoginState => useReadable(core().login);
/** Another tab runs a newer LotDesk (issue 32): this one has handed the queue over and should reload. */
export const useNewerApp = (): boolean => useReadable(newerApp);

export function useConnection(): ConnectionSnapshot {
  const { connection } = core();
  return useSyncExternalStore(connection.watch, connection.getSnapshot);
}

/** Keeps a query open while the component shows it (sent now and on every reconnect); none while `body` is undefined. */
export function useKeptQuery<K extends QueryName>(destination: K, body: PayloadInputOf<K> | undefined): void {
  const key = body === undefined ? undefined : JSON.stringify(body);
  useEffect(() => {
    if (key === undefined) return undefined;
    // The body is what the key was made from: same value, same query.
    return core().queries.keep(destination, JSON.parse(key) as PayloadInputOf<K>);
  }, [destination, key]);
}

/** True while the connection is down after having been tried (not during the first connect of a visit). */
export function useOffline(): boolean {
  const { state, down } = useConnection();
  return state !== 'ready' && down;
}
