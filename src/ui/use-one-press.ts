// A button that queues work takes one press per piece of work (issue 31: a fast double tap added the lots to an
// auction twice). `press` runs the action unless the work of an earlier press is still going: first the action's own
// promise (the queueing), then whatever the caller says still waits (its outbox entries not answered, its run not
// over). `busy` says so, for the button: aria-disabled, not disabled, so it keeps focus and a dialog can hand focus
// back to it, and a tap on it does nothing. One piece for every such button, never a flag per screen.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOutboxEntries } from '../sync/live-hooks';

export interface OnePress<A extends readonly unknown[]> {
  /** A press is being handled, or its work still waits: the button says so (aria-disabled, aria-busy). */
  readonly busy: boolean;
  /** Runs the action, unless busy: a second tap of a double tap lands here and does nothing. */
  readonly press: (...args: A) => void;
}

export function useOnePress<A extends readonly unknown[]>(action: (...args: A) => unknown, waiting = false): OnePress<A> {
  // A ref as well as state: the second tap can come before React has drawn the first one's busy button.
  const running = useRef(false);
  const [pressing, setPressing] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const press = useCallback(
    (...args: A): void => {
      if (running.current || waiting) return;
      running.current = true;
      setPressing(true);
      const done = (): void => {
        running.current = false;
        if (mounted.current) setPressing(false);
      };
      try {
        void Promise.resolve(action(...args)).finally(done);
      } catch (error) {
        done();
        throw error;
      }
    },
    [action, waiting],
  );
  return { busy: pressing || waiting, press };
}

const NO_SEQS: readonly number[] = [];

/** True while this outbox entry waits for the server's answer (queued, on its way, retrying); false without one. */
export function useEntryWaiting(seq: number | undefined): boolean {
  const watched = useMemo(() => (seq === undefined ? NO_SEQS : [seq]), [seq]);
  const entries = useOutboxEntries(watched);
  if (seq === undefined) return false;
  // Not read yet for this entry: it was queued a moment ago, so it waits.
  const state = entries?.bySeq.get(seq)?.state ?? 'pending';
  return state !== 'gone' && state !== 'dead';
}
