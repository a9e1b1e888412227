// How long Multiple SKUs' progress dialog stays up (spec §2: 'a progress dialog shows the status message while
// it runs'): from the getLotsBySkus send until the run is over, and never longer. Over means the FOUND_LOTS
// reply (the found set changes), any end of the submit (the status is no longer busy: an error reply or the
// errors topic says so too), the connection going down (a query is not resent, so its reply never comes), or
// a time limit. No React here, so it is tested in node.
import type { ConnectionSnapshot } from '../../sync/transport/connection';
import type { LotLookupsState } from '../../domains/lots';
import type { Status } from '../../sync/feedback/status';

/** A reply lost some other way (a malformed body) must not leave the dialog up; as long as the outbox waits
 * for a receipt (sync/CONTEXT.md). */
export const SKUS_REPLY_TIMEOUT_MS = 30_000;


export interface SkusRunSources {
  readonly lookups: { readonly get: () => LotLookupsState; readonly subscribe: (listener: () => void) => () => void };
  readonly status: Pick<Status, 'get' | 'subscribe' | 'ready'>;
  readonly connection: { readonly getSnapshot: () => ConnectionSnapshot; readonly watch: (listener: () => void) => () => void };
}

/**
 * Calls `onOver` once, when the run that was just sent is over. A run cut short (connection down, time limit)
 * also ends the busy status it left behind. Returns a function that stops watching without calling `onOver`.
 */
export function watchSkusRun(sources: SkusRunSources, onOver: () => void, timeoutMs: number = SKUS_REPLY_TIMEOUT_MS): () => void {
  const { lookups, status, connection } = sources;
  const before = lookups.get().found;
  let watching = true;
  const stops: (() => void)[] = [];
  const stop = (): void => {
    if (!watching) return;
    watching = false;
    clearTimeout(timer);
    for (const unsubscribe of stops) unsubscribe();
  };
  const end = (cutShort: boolean): void => {
    if (!watching) return;
    stop();
    if (cutShort && status.get().submitting) status.ready();
    onOver();
  };
  const check = (): void => {
    if (lookups.get().found !== before || !status.get().submitting) end(false);
    else if (connection.getSnapshot().state !== 'ready') end(true);
  };
  const timer = setTimeout(() => end(true), timeoutMs);
  stops.push(lookups.subscribe(check), status.subscribe(check), connection.watch(check));
  check();
  return stop;
}
