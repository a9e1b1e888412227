// A minimal observable value: the shape useSyncExternalStore wants (stable subscribe/get), shared by the
// sync modules. It holds plain immutable snapshots and never touches the DOM, storage or the network.

/** What a hook reads with useSyncExternalStore. */
export interface Readable<T> {
  /** The current snapshot; the same object until the next change, as useSyncExternalStore requires. */
  readonly get: () => T;
  /** Calls the listener after every change; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void;
}

export interface Store<T> extends Readable<T> {
  readonly set: (next: T) => void;
  readonly update: (change: (current: T) => T) => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const set = (next: T): void => {
    if (Object.is(next, value)) return;
    value = next;
    // Copy first: a listener may unsubscribe itself (or others) while we iterate.
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => value,
    set,
    update: (change) => set(change(value)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
