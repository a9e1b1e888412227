// The listing and unlisting queues (spec §4: "a queue sent one request at a time; the next goes when the previous
// listing-created reply arrives; a progress dialog shows until the queue empties ('All lots added to WC'). Unlisting
// many works the same way ('All lots unlisted on WC')"). Each lot is its own outbox entry (src/ui/outbox-run.ts): the
// replayer sends the next only after the previous one's reply and receipt, offline they wait on this device and the
// dialog resumes when they go, and a lot the server refuses is reported by its number while the rest go on. The
// auction listing manager's queue (kind 'auction') is the same run, one listAuctionOnWC per auction row.
import { listAuctionLot, listLot, unlistLot, type AuctionListingRow } from '../../domains/listings';
import { ClientMessages, ListingManagerMessages } from '../../protocol/messages';
import type { ListingRequest } from '../../protocol/listings';
import type { Lot } from '../../protocol/lots';
import { notifier } from '../../sync/feedback/notifier';
import { queueIntent } from '../../sync/intent';
import type { BatchEntries } from '../../sync/outbox/batch';
import {
  queueEach, runClosed, runStarted, runSummary, stepOf, stepsQueued, type DoneSteps, type RunState, type RunSummary,
} from '../../ui/outbox-run';
import { createRunHolder, useRunEntries } from '../../ui/use-outbox-run';

/** 'auction': auction rows listed (listAuctionOnWC), reported as a listing. */
export type QueueKind = 'list' | 'unlist' | 'auction';
type LotDone = { readonly kind: 'done' };

export type QueuedLot = Pick<Lot, 'id' | 'lotNumber' | 'status'>;

export interface ListingQueue extends RunState<LotDone> {
  readonly kind: QueueKind;
  /** Each lot of the run by its key (its id), for the report. */
  readonly lots: ReadonlyMap<string, QueuedLot>;
}

export const EMPTY_QUEUE: ListingQueue = { kind: 'list', lots: new Map(), results: new Map(), run: undefined };

/** What the listing request carries besides the lot (spec §3 Listing request; auction is always false). */
export type ListingChoice = Omit<ListingRequest, 'manifestId' | 'auction'>;

const keyOf = (lot: QueuedLot): string => String(lot.id);

/** A new run for these lots (each once, in the order given). */
export function queueStarted(kind: QueueKind, lots: readonly QueuedLot[]): ListingQueue {
  const unique = [...new Map(lots.map((lot) => [keyOf(lot), lot])).values()];
  return runStarted<LotDone, ListingQueue>({ ...EMPTY_QUEUE, kind, lots: new Map(unique.map((lot) => [keyOf(lot), lot])) }, unique.map(keyOf));
}

export const DONE_STEPS: DoneSteps<LotDone> = { replied: () => undefined, unseen: { kind: 'done' } };

/** A refused lot in the report: its number (or id, for a lot made offline) and the server's words. */
function failures(queue: ListingQueue, summary: RunSummary): string[] {
  return summary.refusedKeys.map((key) => {
    const step = stepOf(queue, key);
    const lot = queue.lots.get(key);
    const name = lot === undefined || lot.lotNumber === '' ? `#${key}` : lot.lotNumber;
    return ListingManagerMessages.lotFailed(name, step.kind === 'refused' && 'reason' in step ? step.reason : '');
  });
}

export interface QueueReport {
  readonly title: string;
  readonly message: string;
  /** The lots that failed, one line each ('LOT-0003: The online store did not answer.'). */
  readonly failed: readonly string[];
}

/** The progress dialog's words: which lot of how many, then 'All lots added to WC' or what failed. */
export function queueReport(queue: ListingQueue, summary: RunSummary): QueueReport {
  const listing = queue.kind !== 'unlist';
  const title = listing ? ListingManagerMessages.listingTitle : ListingManagerMessages.unlistingTitle;
  const failed = failures(queue, summary);
  if (!summary.finished) {
    const current = Math.min(summary.total - summary.waiting + 1, summary.total);
    return { title, message: listing ? ListingManagerMessages.listingOne(current, summary.total) : ListingManagerMessages.unlistingOne(current, summary.total), failed };
  }
  if (failed.length > 0) return { title, message: ListingManagerMessages.someFailed(failed.length, summary.total), failed };
  return { title, message: listing ? ListingManagerMessages.allListed : ListingManagerMessages.allUnlisted, failed };
}

const held = createRunHolder<ListingQueue>(EMPTY_QUEUE);

/** The queue outside React (tests; the hook below is how screens read it). */
export const listingQueue = held;

const running = (): boolean => {
  const summary = runSummary(held.current());
  return summary !== undefined && !summary.finished;
};

function start(kind: QueueKind, lots: readonly QueuedLot[], queueOne: (lot: QueuedLot) => ReturnType<typeof queueIntent>): Promise<void> {
  if (running()) {
    notifier.warning(ListingManagerMessages.queueRunning);
    return Promise.resolve();
  }
  const queue = queueStarted(kind, lots);
  held.update(() => queue);
  const queueKey = (key: string): ReturnType<typeof queueIntent> => {
    const lot = queue.lots.get(key);
    return lot === undefined ? Promise.reject(new Error(ClientMessages.selectLotFirst)) : queueOne(lot);
  };
  return queueEach(queue.run?.keys ?? [], queueKey, (queued) => held.update((now) => stepsQueued<LotDone, ListingQueue>(now, queued)), () => false);
}

/** List: every lot, one at a time (spec §4). */
export const startListing = (lots: readonly QueuedLot[], choice: ListingChoice): Promise<void> =>
  start('list', lots, ({ id }) => queueIntent(listLot, { ...choice, manifestId: id }));

/** The auction rows to list, by their lots' ids (the Listing Manager works with lots). */
export type AuctionRows = ReadonlyMap<number, AuctionListingRow>;

/** List auction rows: each lot's row, one at a time (spec §4: "Auction listing also queues one by one"). */
export const startAuctionListing = (lots: readonly QueuedLot[], rows: AuctionRows, { templateId, qnt, free_shipping }: ListingChoice): Promise<void> =>
  start('auction', lots, ({ id }) => {
    const row = rows.get(id);
    // Only a caller that passes lots without their rows gets here; the lot is reported as failed, the rest go on.
    return row === undefined ? Promise.reject(new Error(ListingManagerMessages.selectAtLeastOneLotToList)) : queueIntent(listAuctionLot, { row, templateId, quantity: qnt, free_shipping });
  });

/** Unlist: every lot, one at a time (spec §4). */
export const startUnlisting = (lots: readonly QueuedLot[]): Promise<void> => start('unlist', lots, (lot) => queueIntent(unlistLot, lot));

/** The finished run's dialog is closed. */
export const closeQueue = (): void => held.update(runClosed);

export interface QueueView {
  readonly queue: ListingQueue;
  readonly summary: RunSummary | undefined;
  readonly entries: BatchEntries | undefined;
}

/** A queue of the signed-in user's lots is on its way (its dialog may be hidden: offline, the lots wait). */
export function useQueueRunning(): boolean {
  const summary = runSummary(held.useState());
  return summary !== undefined && !summary.finished;
}

/** The signed-in user's queue, following its entries while shown. */
export function useListingQueue(): QueueView {
  const queue = held.useState();
  const entries = useRunEntries(held, queue, DONE_STEPS);
  return { queue, summary: runSummary(queue), entries };
}
