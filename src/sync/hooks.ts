// React bindings for the sync singletons: each hook is useSyncExternalStore over one observable, so a
// component re-renders exactly when that piece of client state changes. No logic lives here.
import { useSyncExternalStore } from 'react';
import { categories, login } from './client';
import type { CategoriesState } from './categories';
import { connection, type ConnectionSnapshot } from './connection';
import type { LoginState } from './login';
import { session, type SessionState } from './session';
import { status, type StatusState } from './status';

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}

export function useConnection(): ConnectionSnapshot {
  return useSyncExternalStore(connection.watch, connection.getSnapshot);
}

export function useStatus(): StatusState {
  return useSyncExternalStore(status.subscribe, status.get);
}

export function useLoginState(): LoginState {
  return useSyncExternalStore(login.subscribe, login.get);
}

export function useCategories(): CategoriesState {
  return useSyncExternalStore(categories.subscribe, categories.get);
}
