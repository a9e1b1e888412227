// Shared client state of spec §3/§4: the status message shown in the top bar's badge and the is-submitting
// flag that drives its spinner. Plain observable values; screens read them through useStatus().
import { ClientMessages } from '../../protocol/messages';
import { createStore, type Readable } from '../store';

export const READY = ClientMessages.ready; // spec §1/§4: the status after loads and after an error message

export interface StatusState {
  /** Empty at first (spec §1), then whatever the last step said. */
  readonly message: string;
  readonly submitting: boolean;
}

export interface Status extends Readable<StatusState> {
  /** Changes the message and leaves the busy flag alone. */
  readonly show: (message: string) => void;
  /** A submit started: busy with this message (e.g. 'Fetching Categories...'). */
  readonly busy: (message: string) => void;
  /** A submit finished (or an error came back): not busy, message 'Ready.' unless told otherwise. */
  readonly ready: (message?: string) => void;
}

export function createStatus(): Status {
  const store = createStore<StatusState>({ message: '', submitting: false });
  return {
    get: store.get,
    subscribe: store.subscribe,
    show: (message) => store.update((current) => ({ ...current, message })),
    busy: (message) => store.set({ message, submitting: true }),
    ready: (message = READY) => store.set({ message, submitting: false }),
  };
}

export const status: Status = createStatus();
