// Intents, declared once (CONVENTIONS: Replicache's mutators): a domain says which mutation it sends, how an input
// becomes the contract's payload (typed by the destination, so a wrong payload is a compile error) and what it
// shows before the server answers; which body paths may hold ids of rows made offline. The engine queues it and
// fills in the temporary-id bookkeeping; screens call `useIntent(intent)` and get one function.
import { useCallback } from 'react';
import { checkPayload, type MutationName, type PayloadInputOf } from '../protocol/contract';
import { Destination } from '../protocol/destinations';
import { showError } from './feedback/notifier';
import { isTempId, STAND_IN_ID } from './outbox/entry';
import { readPath, writePath } from './outbox/optimistic';
import type { Enqueued, Intent, Optimistic } from './outbox/outbox';
import { sync } from './runtime';

/** What an intent sends and shows for one input; throws (with the user's words) when it cannot be sent. */
export interface Built<K extends MutationName> {
  readonly body: PayloadInputOf<K>;
  readonly optimistic?: Optimistic;
}

export interface IntentDefinition<In> {
  readonly destination: MutationName;
  /** The outbox intent for this input, temporary ids marked. */
  readonly build: (input: In) => Intent;
}

/** Paths like 'lotIds.*' or '*.id' made concrete against a body ('lotIds.0', '2.id', …). */
function expand(body: unknown, pattern: string): string[] {
  const [head = '', ...rest] = pattern.split('.');
  if (pattern === '') return [''];
  const keys = head === '*' ? (Array.isArray(body) ? body.map((_, index) => String(index)) : []) : [head];
  return keys.flatMap((key) => {
    const inner = rest.length === 0 ? [''] : expand(readPath(body, key), rest.join('.'));
    return inner.map((path) => (path === '' ? key : `${key}.${path}`));
  });
}

/** The body paths among `patterns` that hold a temporary (negative) id now. */
export function tempRefsOf(body: unknown, patterns: readonly string[]): string[] {
  return patterns.flatMap((pattern) => expand(body, pattern)).filter((path) => {
    const value = readPath(body, path);
    return typeof value === 'number' && isTempId(value);
  });
}

/** The rows a change acts on: at least one, or it throws with the screen's words (e.g. 'No items selected…'). */
export function atLeastOne<T>(rows: readonly T[], none: string): [T, ...T[]] {
  const [first, ...rest] = rows;
  if (first === undefined) throw new Error(none);
  return [first, ...rest];
}


/**
 * Nothing invalid is queued (issue 13): the body is checked against the destination's payload schema, the one the
 * server parses with, and refused here in the same words ('Units must be a whole number.'). Temporary ids are
 * negative until the server names their rows, so they are checked as a stored id.
 */
function checkBody(destination: MutationName, body: unknown, tempRefs: readonly string[]): void {
  const asSent = tempRefs.reduce((copy, path) => writePath(copy, path, STAND_IN_ID), body);
  const checked = checkPayload(destination, asSent);
  if (!checked.ok) throw new Error(checked.message);
}

export function defineIntent<K extends MutationName, In>(spec: {
  readonly destination: K;
  readonly build: (input: In) => Built<K>;
  /** Body paths that may name a row made offline ('' for a scalar body, 'lotIds.*' for each of a list). */
  readonly ids?: readonly string[];
  /** Sent only when all before it are answered, and nothing after it until it is (not pipelined): slow work a run's
   *  Cancel must still be able to stop before it starts (Image entry's rows, spec §4: one at a time). */
  readonly alone?: boolean;
}): IntentDefinition<In> {
  return {
    destination: spec.destination,
    build(input) {
      const { body, optimistic } = spec.build(input);
      const tempRefs = tempRefsOf(body, spec.ids ?? []);
      checkBody(spec.destination, body, tempRefs);
      return {
        destination: Destination[spec.destination],
        body,
        ...(optimistic === undefined ? {} : { optimistic }),
        ...(tempRefs.length === 0 ? {} : { tempRefs }),
        ...(spec.alone === true ? { alone: true } : {}),
      };
    },
  };
}

/** Queues the intent for the signed-in user; rejects with the reason when it cannot be queued. */
export function queueIntent<In>(intent: IntentDefinition<In>, input: In): Promise<Enqueued> {
  try {
    return sync().enqueue(intent.build(input));
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** For a screen: one function that queues the intent and shows why when it cannot. */
export function useIntent<In>(intent: IntentDefinition<In>): (input: In) => void {
  return useCallback((input: In) => void queueIntent(intent, input).catch(showError), [intent]);
}
