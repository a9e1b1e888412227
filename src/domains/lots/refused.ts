// Lots the server would not give (spec §2 Lot edit, §8): getLotById refused with 'Lot not found or you don't own
// this lot!' (a missing id, another user's lot). The refusal is kept by lot id, in memory, so Lot edit shows the
// server's words in place of its loading line; the lot arriving after all (lotById) forgets it.
import { contract } from '../../protocol/contract';
import type { RefusalHandler } from '../../sync/domain';
import { showReplyError } from '../../sync/feedback/notifier';
import { createStore } from '../../sync/store';

const LotId = contract.getLotById.payload;
const NONE: ReadonlyMap<number, string> = new Map();
const store = createStore<ReadonlyMap<number, string>>(NONE);

export const refusedLots = {
  get: store.get,
  subscribe: store.subscribe,
  reset: (): void => store.set(NONE),
  /** Ingest: the lot came (an admin gave it, it was made): it is no longer refused. */
  forget(lotId: number): void {
    if (store.get().has(lotId)) store.update((refused) => new Map([...refused].filter(([id]) => id !== lotId)));
  },
};

/**
 * getLotById refused: the status resets to 'Ready.' (§4) and the lot is marked refused with the server's message,
 * which Lot edit shows once, on the page (not as a toast too). A refusal of an unknown request is shown as usual.
 */
export const lotRefused: RefusalHandler = (envelope, feedback, request) => {
  const lotId = LotId.safeParse(request?.body);
  if (!lotId.success) return showReplyError(feedback, envelope.errorCode, envelope.message ?? '');
  feedback.status.ready();
  store.update((refused) => new Map(refused).set(lotId.data, envelope.message ?? ''));
};
