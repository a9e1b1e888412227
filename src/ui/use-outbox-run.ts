// A run's state for the visit, per signed-in user (leaving the screen and coming back keeps it; another user never
// sees it), and the hook that follows its entries while a screen shows it: the head of the run is watched in the
// outbox, settled keys take their steps, and refused entries leave the outbox (the screen shows why). One piece for
// Image entry's rows and the listing queues (./outbox-run.ts).
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../sync/hooks';
import { useOutboxEntries } from '../sync/live-hooks';
import type { BatchEntries } from '../sync/outbox/batch';
import { sync } from '../sync/runtime';
import { createStore } from '../sync/store';
import { runSettled, watchedSeqs, type DoneSteps, type RunState } from './outbox-run';

export interface RunHolder<S> {
  readonly current: () => S;
  readonly update: (change: (state: S) => S) => void;
  /** The signed-in user's state, re-rendering on change (empty for whoever signs in next). */
  readonly useState: () => S;
}

export function createRunHolder<S>(empty: S): RunHolder<S> {
  const held = createStore<{ readonly user: string; readonly state: S }>({ user: '', state: empty });
  return {
    current: () => held.get().state,
    update: (change) => held.update((now) => ({ ...now, state: change(now.state) })),
    useState() {
      const { username } = useSession();
      const now = useSyncExternalStore(held.subscribe, held.get);
      useEffect(() => {
        if (now.user !== username) held.set({ user: username, state: empty });
      }, [now.user, username]);
      return now.user === username ? now.state : empty;
    },
  };
}

const NO_SEQS: readonly number[] = [];

/** The run's keys whose entries settled take their steps; refused entries leave the outbox (the screen says why). */
export function applySettled<Done extends { readonly kind: string }, S extends RunState<Done>>(holder: RunHolder<S>, entries: BatchEntries, done: DoneSteps<Done>): void {
  const settled = runSettled<Done, S>(holder.current(), entries, done);
  if (settled.state !== holder.current()) holder.update(() => settled.state);
  for (const seq of settled.refusedSeqs) void sync().discardEntry(seq);
}

/** Follows the run's entries while shown; the head of the run as it is now (undefined without a run). */
export function useRunEntries<Done extends { readonly kind: string }, S extends RunState<Done>>(holder: RunHolder<S>, state: S, done: DoneSteps<Done>): BatchEntries | undefined {
  // One array per set of watched entries: the live query restarts only when the head of the run moves on.
  const watchedKey = watchedSeqs(state).join(',');
  const watched = useMemo(() => (watchedKey === '' ? NO_SEQS : watchedKey.split(',').map(Number)), [watchedKey]);
  const entries = useOutboxEntries(watched);
  useEffect(() => {
    if (entries !== undefined) applySettled<Done, S>(holder, entries, done);
  }, [entries, holder, done]);
  return state.run === undefined ? undefined : entries;
}
