// Create Preview (spec §2, §7 generateWCHTMLListing): a query, sent only while connected; its reply's data is the
// HTML. Kept in memory for the visit: which lot's preview is awaited, and the last one that came.
import type { ListingRequest } from '../../protocol/listings';
import { ListingManagerMessages } from '../../protocol/messages';
import { resolvedId } from '../../sync/outbox/optimistic';
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

/** How long a template made a moment ago may take to be named by the server (its create is ahead in the outbox). */
const NAMING_WAIT_MS = 10_000;
const NAMING_POLL_MS = 50;

/** The template's stored id: one made on this device a moment ago is named within a round trip of its create. */
async function storedTemplateId(templateId: number): Promise<number> {
  const deadline = Date.now() + NAMING_WAIT_MS;
  let id = await resolvedId(sync().replica, templateId);
  while (id < 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, NAMING_POLL_MS));
    id = await resolvedId(sync().replica, templateId);
  }
  if (id < 0) throw new Error(ListingManagerMessages.templateNotSavedYet);
  return id;
}

/**
 * Asks for the lot's listing HTML; fails when not connected (a query is never queued). A template chosen just after
 * it was made here goes by the id the server gave it: a query cannot carry a temporary id.
 */
export async function requestPreview(request: Omit<ListingRequest, 'auction'>): Promise<void> {
  if (sync().connection.getSnapshot().state !== 'ready') throw new Error(ListingManagerMessages.previewOffline);
  const templateId = await storedTemplateId(request.templateId);
  if (!sync().queries.send('generateWCHTMLListing', { ...request, templateId, auction: false })) throw new Error(ListingManagerMessages.previewOffline);
  store.set({ waitingFor: request.manifestId, shown: undefined });
}
