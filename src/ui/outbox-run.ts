// A run of outbox entries a screen started together and follows to the end (spec §4: Image entry's rows one at a
// time, the listing and unlisting queues one lot at a time): each key (a row, a lot) is queued as its own entry, in
// order; the outbox sends them one at a time, online or after a wait offline; each key's step follows its entry:
// waiting, on its way, done (the screen says what the reply made of it), refused (the server's words: the rest go
// on), or not sent (a Cancel dropped it first). The screen's own state extends RunState. Pure: tested in node.
import type { BatchEntries } from '../sync/outbox/batch';
import type { Enqueued } from '../sync/outbox/outbox';
import { messageOf } from '../sync/validated';

/** A key's step; `Done` is the screen's own word for a confirmed entry ({kind: 'saved', …}, {kind: 'done'}). */
export type RunStep<Done extends { readonly kind: string }> =
  | { readonly kind: 'idle' }
  | { readonly kind: 'queued'; readonly seq: number; readonly clientMsgId: string }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'not-sent' }
  | Done;

export interface RunInfo {
  /** The keys of this run, in the order their entries are queued. */
  readonly keys: readonly string[];
  /** Cancel was pressed: nothing more is queued, the waiting entries are being dropped. */
  readonly cancelling: boolean;
  readonly cancelled: boolean;
}

export interface RunState<Done extends { readonly kind: string }> {
  /** Each key's last step (keys of earlier runs keep theirs). */
  readonly results: ReadonlyMap<string, RunStep<Done>>;
  readonly run: RunInfo | undefined;
}

const IDLE = { kind: 'idle' } as const;

export const stepOf = <Done extends { readonly kind: string }>(state: RunState<Done>, key: string): RunStep<Done> => state.results.get(key) ?? IDLE;

export function withSteps<Done extends { readonly kind: string }, S extends RunState<Done>>(state: S, changes: ReadonlyArray<readonly [string, RunStep<Done>]>): S {
  return changes.length === 0 ? state : { ...state, results: new Map([...state.results, ...changes]) };
}

/** A run starts for these keys, none queued yet. */
export const runStarted = <Done extends { readonly kind: string }, S extends RunState<Done>>(state: S, keys: readonly string[]): S =>
  ({ ...withSteps<Done, S>(state, keys.map((key) => [key, IDLE])), run: { keys, cancelling: false, cancelled: false } });

/** A key queued as an entry, or refused before queueing (the contract's words). */
export type Queued = { readonly key: string; readonly seq: number; readonly clientMsgId: string } | { readonly key: string; readonly reason: string };

export function stepsQueued<Done extends { readonly kind: string }, S extends RunState<Done>>(state: S, queued: readonly Queued[]): S {
  if (state.run === undefined) return state;
  return withSteps<Done, S>(state, queued.map((each): readonly [string, RunStep<Done>] =>
    'reason' in each ? [each.key, { kind: 'refused', reason: each.reason }] : [each.key, { kind: 'queued', seq: each.seq, clientMsgId: each.clientMsgId }]));
}

/** The run's entries still unsettled, in queue order. */
export function queuedSeqs<Done extends { readonly kind: string }>(state: RunState<Done>): number[] {
  return (state.run?.keys ?? []).flatMap((key) => {
    const step = stepOf(state, key);
    return step.kind === 'queued' && 'seq' in step ? [step.seq] : [];
  });
}

/**
 * The entries a screen watches: the first unsettled ones. The outbox sends in order, so only the head of the run
 * changes; watching all of a long run would re-read thousands of entries at every step.
 */
export const WATCHED_ENTRIES = 20;
export const watchedSeqs = <Done extends { readonly kind: string }>(state: RunState<Done>): number[] => queuedSeqs(state).slice(0, WATCHED_ENTRIES);

/** What a confirmed entry becomes: from this tab's reply to it, or `unseen` when its reply went elsewhere. */
export interface DoneSteps<Done> {
  readonly replied: (clientMsgId: string) => Done | undefined;
  readonly unseen: Done;
}

/**
 * The keys whose entries settled (of those read), and the refused entries (their refusal now shown by the screen;
 * they leave the outbox). An entry gone without a reply in this tab counts as done, except while a Cancel runs: it
 * may be one the Cancel dropped, which cancelDone marks.
 */
export function runSettled<Done extends { readonly kind: string }, S extends RunState<Done>>(state: S, entries: BatchEntries, done: DoneSteps<Done>): { state: S; refusedSeqs: number[] } {
  const { run } = state;
  if (run === undefined) return { state, refusedSeqs: [] };
  const changes: Array<readonly [string, RunStep<Done>]> = [];
  const refusedSeqs: number[] = [];
  for (const key of run.keys) {
    const step = stepOf(state, key);
    if (step.kind !== 'queued' || !('seq' in step)) continue;
    const entry = entries.bySeq.get(step.seq);
    if (entry?.state === 'dead') {
      changes.push([key, { kind: 'refused', reason: entry.lastError }]);
      refusedSeqs.push(step.seq);
    } else if (entry?.state === 'gone') {
      const reply = done.replied(step.clientMsgId);
      if (reply !== undefined) changes.push([key, reply]);
      else if (!run.cancelling) changes.push([key, done.unseen]);
    }
  }
  return { state: withSteps<Done, S>(state, changes), refusedSeqs };
}

export const cancelStarted = <Done extends { readonly kind: string }, S extends RunState<Done>>(state: S): S =>
  (state.run === undefined ? state : { ...state, run: { ...state.run, cancelling: true } });

/** The Cancel dropped these entries: their keys, and the run's keys never queued, were not sent. */
export function cancelDone<Done extends { readonly kind: string }, S extends RunState<Done>>(state: S, dropped: readonly number[]): S {
  const { run } = state;
  if (run === undefined) return state;
  const gone = new Set(dropped);
  const changes = run.keys.flatMap((key): Array<readonly [string, RunStep<Done>]> => {
    const step = stepOf(state, key);
    const unsent = step.kind === 'idle' || (step.kind === 'queued' && 'seq' in step && gone.has(step.seq));
    return unsent ? [[key, { kind: 'not-sent' }]] : [];
  });
  return { ...withSteps<Done, S>(state, changes), run: { ...run, cancelling: false, cancelled: true } };
}

/** The finished run's dialog is closed: the keys keep their steps. */
export const runClosed = <S extends RunState<{ readonly kind: string }>>(state: S): S => ({ ...state, run: undefined });

export interface RunSummary {
  readonly total: number;
  /** Confirmed by the server. */
  readonly done: number;
  readonly refused: number;
  readonly notSent: number;
  /** Queued (or about to be), not settled yet. */
  readonly waiting: number;
  /** Nothing of the run waits any more. */
  readonly finished: boolean;
  /** The refused keys, in run order. */
  readonly refusedKeys: readonly string[];
}

export function runSummary<Done extends { readonly kind: string }>(state: RunState<Done>): RunSummary | undefined {
  const { run } = state;
  if (run === undefined) return undefined;
  const kinds = run.keys.map((key) => stepOf(state, key).kind);
  const count = (kind: string): number => kinds.filter((each) => each === kind).length;
  const waiting = count('queued') + count('idle');
  const refused = count('refused');
  const notSent = count('not-sent');
  return {
    total: run.keys.length, done: run.keys.length - waiting - refused - notSent, refused, notSent, waiting,
    finished: waiting === 0 && !run.cancelling,
    refusedKeys: run.keys.filter((key) => stepOf(state, key).kind === 'refused'),
  };
}

/** Keys queued before the screen hears of them: a long run is not re-rendered once per key. */
export const QUEUED_PER_UPDATE = 25;

/**
 * Queues each key's entry in order (`queue` builds and enqueues it), telling `onQueued` a few at a time; stops
 * queueing when `stopped()` says so (a Cancel). A key whose entry cannot be queued is refused with why.
 */
export async function queueEach(keys: readonly string[], queue: (key: string) => Promise<Enqueued>, onQueued: (queued: readonly Queued[]) => void, stopped: () => boolean): Promise<void> {
  let queued: Queued[] = [];
  const flush = (): void => {
    const done = queued;
    queued = [];
    if (done.length > 0) onQueued(done);
  };
  try {
    for (const key of keys) {
      if (stopped()) return;
      try {
        const { seq, clientMsgId } = await queue(key);
        queued.push({ key, seq, clientMsgId });
      } catch (error) {
        queued.push({ key, reason: messageOf(error) });
      }
      if (queued.length >= QUEUED_PER_UPDATE) flush();
    }
  } finally {
    flush();
  }
}
