// Another tab of this device runs a newer LotDesk (issue 32): it queued a change this code cannot read, or opened the
// replica at a newer schema. This tab then stops replaying the shared queue (the newer one takes it over) and offers
// the reload; nothing is discarded. Both tabs' changes go once, in order, from the newer tab.
import { createStore } from './store';

const store = createStore(false);

export const newerApp = {
  get: store.get,
  subscribe: store.subscribe,
  /** Seen: the reload prompt shows; this tab's replayer has handed the queue over. */
  seen: (): void => store.set(true),
};
