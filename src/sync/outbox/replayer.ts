// The outbox replayer (DESIGN §4): one per device (Web Locks), it sends the signed-in user's entries in order, in one
// queue whatever their kind: SENDs with `client-msg-id` and `receipt`, up to a window of them before their RECEIPTs
// come (pipeline.ts: the server still applies them strictly in order), each settled when its RECEIPT comes (the
// server sends it after commit, after the replies); an upload alone, as an HTTP POST with `Idempotency-Key`
// (upload.ts), settled by its status. It decides what the answers mean for the entries, settling them in queue order;
// ingest.ts (and `uploadIngest`) decide what they do to the replica. It never reorders and never skips; an entry a
// newer app wrote (another tab, after an update) makes it hand the queue to that tab.
import { liveQuery } from 'dexie';
import { PIPELINE_WINDOW } from '../../protocol/auth';
import { CLIENT_ERROR_CODES, ErrorCode } from '../../protocol/error-codes';
import { deviceLocks, withLock, type LockManagerLike } from './locks';
import { settle, type Verdict } from './outbox';
import { markInFlight, nextActiveEntries, purgeDone, resetInFlight } from './queue';
import type { Replica } from '../replica/replica';
import type { OutboxEntry, SendEntry, UploadEntry } from './entry';
import { sendWindow, windowOf, type Outcome, type PipelineTransport, type SentWindow } from './pipeline';
import { postUpload, type FetchLike } from './upload';
import { ClientMessages, ServerMessages } from '../../protocol/messages';
import { PROTOCOL_VERSION } from '../../protocol/version';

export const OUTBOX_LOCK = 'lotdesk-outbox';
export const RECEIPT_TIMEOUT_MS = 30_000; // a receipt later than this: resend (the server dedups by client-msg-id)
export const BACKOFF_BASE_MS = 1000; // first retry after a 5xx; doubles each time…
export const BACKOFF_MAX_MS = 60_000; // …up to a minute
/**
 * Server faults (5xx answers) one entry may meet before it is given up: failed, with Retry and Discard in the outbox
 * panel, instead of blocking the queue forever. Ten take about four minutes of backoff: a restart or a database
 * failover passes within that; a fault that outlasts it (a request the server cannot handle) needs a person.
 */
export const OUTBOX_MAX_FAULTS = 10;
const UNSENT_RETRY_MS = 1000; // the socket refused a SEND while looking open: try again after stompjs's reconnect delay

/** What the replayer needs of the connection (the STOMP one and the tests' fake both fit). */
export type ReplayTransport = PipelineTransport;

/** Who may send: the signed-in user and their token (a new token lifts an UNAUTHORIZED pause). */
export interface ReplaySession {
  readonly user: () => string | undefined;
  readonly token: () => string | undefined;
  readonly subscribe: (listener: () => void) => () => void;
}

export interface ReplayerDeps {
  readonly db: Replica;
  readonly transport: ReplayTransport;
  readonly session: ReplaySession;
  readonly locks?: LockManagerLike;
  readonly now?: () => number;
  readonly backoffMs?: (attempts: number) => number;
  readonly receiptTimeoutMs?: number;
  /** Told of every settled entry (the client re-fetches after a rejection so the replica shows the server). */
  readonly onSettled?: (entry: OutboxEntry) => void;
  /**
   * An entry was applied after entries queued behind it were (it failed in between, and the server had applied it
   * all along): its replies, replayed as recorded, may carry rows older than the ones those later replies gave.
   */
  readonly onAppliedOutOfOrder?: () => void;
  /** The fetch uploads go through (tests pass a fake); the page's by default. */
  readonly fetch?: FetchLike;
  /** Takes a confirmed upload's answer, by the entry's purpose, before the entry settles (ingest's part). */
  readonly uploadIngest?: Readonly<Record<string, UploadIngest>>;
  /** Takes every answered upload's body (confirmed or refused), before the entry settles: ingest reads envelopes. */
  readonly onUploadAnswer?: UploadIngest;
  /**
   * The queue's next entry was written by a newer app (another tab, issue 32): this replayer stops and lets go of the
   * device lock, so that tab replays the whole queue; this one is told.
   */
  readonly onNewerEntry?: () => void;
  /** The protocol version this app speaks: PROTOCOL_VERSION (a test stands in for a newer app's tab). */
  readonly protocol?: number;
}

export type UploadIngest = (body: unknown, entry: UploadEntry) => Promise<void> | void;

export interface Replayer {
  /** Takes the device lock and replays until stopped; returns stop. */
  readonly start: () => () => void;
  /** A reply carrying a client-msg-id arrived (on incomingMessages or errors): remembered for its entry. */
  readonly noteReply: (clientMsgId: string, errorCode: number, message?: string) => void;
  /** Something changed that may let the queue move (an entry was added, retried, discarded). */
  readonly wake: () => void;
}

type Settling = Extract<Outcome, { message: string }>;

export const defaultBackoff = (attempts: number): number => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

const isServerFailure = (code: number): boolean => code >= 500 && code < 600;

/**
 * What the replies that came before the receipt mean for the entry. `faults`: the entry's server faults counting
 * this answer if it is one; the OUTBOX_MAX_FAULTS-th gives the entry up.
 */
export function verdictOf(codes: readonly number[], message: string, faults: number, now: number, backoff: (attempts: number) => number): Verdict {
  // Another release's server (issue 32): never a reason to give the change up; the connection finds out which.
  if (codes.includes(ErrorCode.UPGRADE_REQUIRED)) return { kind: 'retry-later', message, notBefore: now + backoff(faults), fault: false };
  const refused = codes.find((code) => code !== ErrorCode.OK && code !== ErrorCode.UNAUTHORIZED && !isServerFailure(code));
  if (refused !== undefined || codes.some((code) => CLIENT_ERROR_CODES.includes(code))) return { kind: 'rejected', message };
  if (codes.includes(ErrorCode.UNAUTHORIZED)) return { kind: 'unauthorized', message };
  if (codes.some(isServerFailure)) {
    if (faults >= OUTBOX_MAX_FAULTS) return { kind: 'rejected', message: ClientMessages.gaveUp(faults, message) };
    return { kind: 'retry-later', message, notBefore: now + backoff(faults), fault: true };
  }
  return { kind: 'done' };
}

/** What a delivery that came back means for the entry (its sends and faults before this one in `entry`). */
function verdictFor(outcome: Settling, entry: OutboxEntry, now: number, backoff: (attempts: number) => number): Verdict {
  if (outcome.kind === 'unsendable') return { kind: 'rejected', message: outcome.message };
  // No answer at all (the network, not the server): retried for as long as it takes, never given up.
  if (outcome.kind === 'unreachable') return { kind: 'retry-later', message: outcome.message, notBefore: now + backoff(entry.attempts + 1), fault: false };
  return verdictOf(outcome.codes, outcome.message, (entry.faults ?? 0) + 1, now, backoff);
}

export function createReplayer(deps: ReplayerDeps): Replayer {
  const { db, transport, session } = deps;
  const now = deps.now ?? Date.now;
  const backoff = deps.backoffMs ?? defaultBackoff;
  const receiptTimeout = deps.receiptTimeoutMs ?? RECEIPT_TIMEOUT_MS;

  let highestApplied = 0; // the latest entry applied, by queue order
  // The loop sleeps until poked; a poke while it is busy is remembered, so no change is missed.
  let poked = false;
  let wakeUp: (() => void) | undefined;
  const wake = (): void => {
    poked = true;
    wakeUp?.();
  };
  const sleep = (ms?: number): Promise<void> =>
    new Promise((resolve) => {
      if (poked) return resolve();
      const timer = ms === undefined ? undefined : setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // The SENDs in flight, whose replies are noted for their entries.
  let inFlight: SentWindow | undefined;
  let pausedToken: string | undefined;
  let pausedForSignIn = false;

  const noteReply = (clientMsgId: string, errorCode: number, message = ''): void => inFlight?.noteReply(clientMsgId, errorCode, message);

  /** Sends the window's entries at once; closed when the window is done with (an abort closes it too). */
  function send(entries: readonly SendEntry[], signal: AbortSignal): SentWindow {
    const sent = sendWindow(transport, entries, receiptTimeout);
    inFlight = sent;
    signal.addEventListener('abort', sent.close);
    return {
      ...sent,
      close() {
        signal.removeEventListener('abort', sent.close);
        sent.close();
        if (inFlight === sent) inFlight = undefined;
      },
    };
  }

  /** An upload goes with the token of now; without one it waits for sign-in like a 401. */
  async function upload(entry: UploadEntry, signal: AbortSignal): Promise<Outcome> {
    const token = session.token();
    if (token === undefined) return { kind: 'answered', codes: [ErrorCode.UNAUTHORIZED], message: ServerMessages.unauthorized };
    const outcome = await postUpload(db, entry, token, signal, deps.fetch);
    return outcome.kind === 'answered' ? { kind: 'answered', codes: [outcome.code], message: outcome.message, body: outcome.body } : outcome;
  }

  /**
   * Hands an upload's answer on, before the entry settles: to ingest as a reply to the entry (an envelope, confirmed or
   * refused), and a confirmed one to its purpose's reader. A failure there is logged; the verdict stands.
   */
  async function answered(entry: UploadEntry, body: unknown, confirmed: boolean): Promise<void> {
    const reader = confirmed && entry.purpose !== undefined ? deps.uploadIngest?.[entry.purpose] : undefined;
    try {
      await deps.onUploadAnswer?.(body, entry);
      await reader?.(body, entry);
    } catch (error) {
      console.error(`outbox: ingesting the answer to upload ${entry.clientMsgId} failed`, error);
    }
  }

  const mayRun = (): string | undefined => {
    const user = session.user();
    if (user === undefined || transport.getSnapshot().state !== 'ready') return undefined;
    if (pausedForSignIn && session.token() === pausedToken) return undefined;
    pausedForSignIn = false;
    return user;
  };

  async function replay(signal: AbortSignal): Promise<void> {
    await resetInFlight(db);
    await purgeDone(db);
    while (!signal.aborted) {
      poked = false;
      const user = mayRun();
      const read = user === undefined ? [] : windowOf(await nextActiveEntries(db, user, PIPELINE_WINDOW), now());
      // An entry a newer app wrote is not ours to read: the ones before it go; at the head, the queue is handed over.
      const newer = read.findIndex((entry) => (entry.protocol ?? 1) > (deps.protocol ?? PROTOCOL_VERSION));
      if (newer === 0) return deps.onNewerEntry?.();
      const entries = newer > 0 ? read.slice(0, newer) : read;
      const [head] = entries;
      if (head === undefined) {
        await sleep();
        continue;
      }
      const wait = head.notBefore - now();
      if (wait > 0) {
        await sleep(wait);
        continue;
      }
      // Discarded between the read and now (a Cancel): those are not sent.
      const window = entries.slice(0, await markInFlight(db, entries.map((entry) => entry.seq)));
      if (window.length === 0) continue;
      const sends = window.filter((entry): entry is SendEntry => entry.kind === 'send');
      const sent = head.kind === 'send' ? send(sends, signal) : undefined;
      const outcomes = sent?.outcomes ?? (head.kind === 'upload' ? [upload(head, signal)] : []);
      for (const [index, entry] of window.entries()) {
        const outcome = await outcomes[index];
        if (outcome === undefined || !(await settleOne(entry, outcome))) break;
      }
      // What did not settle goes again next round; a late receipt of this round finds nobody waiting.
      sent?.close();
    }
  }

  /**
   * Settles one entry by its outcome. False when it did not settle and stays in flight (lost, unsent, stopped): the
   * entries after it in the window wait for the next round too, unsettled, and go again with the same ids.
   */
  async function settleOne(entry: OutboxEntry, outcome: Outcome): Promise<boolean> {
    // Not applied because the one before it was not: it goes again after that one, costing it nothing.
    if (outcome.kind === 'too-early') return true;
    if (outcome.kind === 'unsent') await sleep(UNSENT_RETRY_MS);
    if (outcome.kind === 'lost' || outcome.kind === 'unsent' || outcome.kind === 'stopped') return false;
    const verdict = verdictFor(outcome, entry, now(), backoff);
    if (entry.kind === 'upload' && outcome.kind === 'answered') await answered(entry, outcome.body, verdict.kind === 'done');
    if (verdict.kind === 'unauthorized') {
      pausedForSignIn = true;
      pausedToken = session.token();
    }
    const settled = await settle(db, entry.seq, verdict, now());
    if (settled !== undefined) deps.onSettled?.(settled);
    if (verdict.kind === 'done') {
      if (entry.seq < highestApplied) deps.onAppliedOutOfOrder?.();
      highestApplied = Math.max(highestApplied, entry.seq);
    }
    return true;
  }

  return {
    noteReply,
    wake,
    start() {
      const controller = new AbortController();
      const stops = [transport.watch(wake), session.subscribe(wake)];
      // Entries added, retried or discarded, in this tab or another (Dexie's live queries span tabs).
      const watching = liveQuery(() => db.outbox.where('state').equals('pending').count()).subscribe({ next: wake, error: wake });
      void withLock(deps.locks ?? deviceLocks(), OUTBOX_LOCK, controller.signal, () => replay(controller.signal)).catch((error: unknown) =>
        console.error('outbox: the replayer stopped', error),
      );
      return () => {
        controller.abort();
        stops.forEach((stop) => stop());
        watching.unsubscribe();
        wake();
      };
    },
  };
}
