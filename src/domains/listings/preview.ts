// Create Preview (spec §2, §7 generateWCHTMLListing): a query, sent only while connected; its reply's data is the
// HTML. Kept in memory for the visit: which lot's preview is awaited, and the last one that came.
import type { ListingRequest } from '../../protocol/listings';
import { ListingManagerMessages } from '../../protocol/messages';
import { sync } from '../../sync/runtime';
import { createStore } from '../../sync/store';

export interface PreviewState {
  /** The lot whose preview was asked for and has not come. */
  readonly waitingFor: number | undefined;
  /** The last preview that came: its lot and HTML. */
  readonly shown: { readonly lotId: number; readonly html: string } | undefined;
}

const NONE: PreviewState = { waitingFor: undefined, shown: undefined };
const store = createStore<PreviewState>(NONE);

export const listingPreview = {
  get: store.get,
  subscribe: store.subscribe,
  reset: (): void => store.set(NONE),
  /** Ingest: the HTML for the lot came. */
  arrived: (lotId: number, html: string): void => store.set({ waitingFor: undefined, shown: { lotId, html } }),
  /** Ingest: the server refused it (or it cannot come). */
  failed: (): void => store.update((state) => ({ ...state, waitingFor: undefined })),
  /** The viewer was closed. */
  close: (): void => store.update((state) => ({ ...state, shown: undefined })),
};

/** Asks for the lot's listing HTML; throws when not connected (a query is never queued). */
export function requestPreview(request: Omit<ListingRequest, 'auction'>): void {
  if (!sync().queries.send('generateWCHTMLListing', { ...request, auction: false })) throw new Error(ListingManagerMessages.previewOffline);
  store.set({ waitingFor: request.manifestId, shown: undefined });
}
