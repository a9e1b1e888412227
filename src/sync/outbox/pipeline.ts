// Pipelined replay (DESIGN §4): the SENDs at the head of the queue go together, up to PIPELINE_WINDOW, before their
// receipts come. Order still holds: the server handles one session's frames in order, and every SEND after the first
// names the one before it (after-msg-id), so it runs only once that one is applied; otherwise it is answered TOO_EARLY
// and goes again. This module picks a window and sends it; the replayer judges and settles the answers, in order.
import { AFTER_MSG_ID_HEADER, CLIENT_MSG_ID_HEADER, PIPELINE_WINDOW } from '../../protocol/auth';
import type { DestinationPath } from '../../protocol/destinations';
import { ErrorCode } from '../../protocol/error-codes';
import { upgradeQueued } from '../../protocol/upgrades';
import { changedIds, isTempId, type OutboxEntry, type SendEntry } from './entry';

/**
 * How one delivery went. answered: the codes of the replies before the RECEIPT, or the HTTP status (and body);
 * unreachable: an upload got no answer; unsendable: an upload cannot be sent as stored. lost / unsent / stopped /
 * too-early: the entry stays in flight and goes again, same id.
 */
export type Outcome =
  | { kind: 'answered'; codes: number[]; message: string; body?: unknown }
  | { kind: 'unreachable'; message: string }
  | { kind: 'unsendable'; message: string }
  | { kind: 'lost' }
  | { kind: 'unsent' }
  | { kind: 'stopped' }
  | { kind: 'too-early' };

/** What the pipeline needs of the connection (the STOMP one and the tests' fake both fit). */
export interface PipelineTransport {
  readonly getSnapshot: () => { readonly state: 'loading' | 'ready' };
  readonly watch: (listener: () => void) => () => void;
  readonly publish: (destination: DestinationPath, body?: unknown, headers?: Readonly<Record<string, string>>) => boolean;
  readonly watchReceipts: (listener: (receiptId: string) => void) => () => void;
}

/**
 * The entries that may go together from the head of the user's active entries (in queue order): the head always;
 * then SENDs, until one that must wait for what comes before it to be answered — an upload (HTTP: not ordered with
 * the socket's frames) or an entry its intent says goes alone, an entry still naming a row made offline (waitsForCreate),
 * or one backing off after a fault. Uploads and lone entries go by
 * themselves.
 */
export function windowOf(entries: readonly OutboxEntry[], now: number, max: number = PIPELINE_WINDOW): OutboxEntry[] {
  const [head, ...rest] = entries;
  if (head === undefined) return [];
  if (goesAlone(head)) return [head];
  const taken: OutboxEntry[] = [head];
  for (const entry of rest) {
    if (taken.length >= max || goesAlone(entry) || waitsForCreate(entry) || entry.notBefore > now) break;
    taken.push(entry);
  }
  return taken;
}

const goesAlone = (entry: OutboxEntry): boolean => entry.kind === 'upload' || entry.alone === true;

/**
 * Still naming a row made offline, whose create is not answered: in its body (a temporary id there is only made real
 * by the create's answer) or as a row its change patches (a second scan of a UPC new to the box). Such an entry is
 * only sent once the create is answered: a refused create takes it down unsent (outbox.ts dieWithCreate), as it
 * would one at a time.
 */
const waitsForCreate = ({ tempRefs, change }: OutboxEntry): boolean =>
  (tempRefs?.length ?? 0) > 0 || (change?.kind === 'patch' && changedIds(change).some(isTempId));

export interface SentWindow {
  /** Each entry's outcome, in the window's order. */
  readonly outcomes: ReadonlyArray<Promise<Outcome>>;
  /** A reply carrying a client-msg-id arrived: remembered for its entry if it is in this window. */
  readonly noteReply: (clientMsgId: string, errorCode: number, message: string) => void;
  /** Ends every outcome not come yet as stopped, and stops listening. */
  readonly close: () => void;
}

interface Waiting {
  readonly codes: number[];
  message: string;
  readonly finish: (outcome: Outcome) => void;
}

/**
 * Publishes the window's SENDs at once, each with client-msg-id and receipt, every one after the first with the
 * after-msg-id of the one before it. An outcome comes with the entry's RECEIPT (answered, or too-early when its
 * replies said so), or as lost when the connection goes or the receipt is later than `receiptTimeoutMs`.
 */
export function sendWindow(transport: PipelineTransport, entries: readonly SendEntry[], receiptTimeoutMs: number): SentWindow {
  const waiting = new Map<string, Waiting>();
  const outcomes = entries.map(
    (entry) =>
      new Promise<Outcome>((resolve) => {
        const timer = setTimeout(() => finishOne(entry.clientMsgId, { kind: 'lost' }), receiptTimeoutMs);
        waiting.set(entry.clientMsgId, {
          codes: [],
          message: '',
          finish: (outcome) => {
            clearTimeout(timer);
            resolve(outcome);
          },
        });
      }),
  );

  function finishOne(clientMsgId: string, outcome: Outcome): void {
    const entry = waiting.get(clientMsgId);
    if (entry === undefined) return;
    waiting.delete(clientMsgId);
    entry.finish(outcome);
    if (waiting.size === 0) stopListening();
  }
  const finishAll = (outcome: Outcome): void => [...waiting.keys()].forEach((id) => finishOne(id, outcome));

  const onReceipt = (receiptId: string): void => {
    const entry = waiting.get(receiptId);
    if (entry === undefined) return;
    const early = entry.codes.includes(ErrorCode.TOO_EARLY);
    finishOne(receiptId, early ? { kind: 'too-early' } : { kind: 'answered', codes: entry.codes, message: entry.message });
  };
  const stops = [transport.watchReceipts(onReceipt), transport.watch(() => transport.getSnapshot().state !== 'ready' && finishAll({ kind: 'lost' }))];
  function stopListening(): void {
    stops.splice(0).forEach((stop) => stop());
  }

  let previous: string | undefined;
  for (const entry of entries) {
    const headers: Record<string, string> = { [CLIENT_MSG_ID_HEADER]: entry.clientMsgId, receipt: entry.clientMsgId };
    if (previous !== undefined) headers[AFTER_MSG_ID_HEADER] = previous;
    // Queued under older code (issue 32): sent as today's payload, as the person made it.
    const body = upgradeQueued(entry.destination, entry.body, entry.protocol);
    // Refused by the socket (closed under us): this one and the rest were not sent.
    if (!transport.publish(entry.destination, body, headers)) {
      entries.slice(entries.indexOf(entry)).forEach((unsent) => finishOne(unsent.clientMsgId, { kind: 'unsent' }));
      break;
    }
    previous = entry.clientMsgId;
  }

  return {
    outcomes,
    noteReply(clientMsgId, errorCode, message) {
      const entry = waiting.get(clientMsgId);
      if (entry === undefined) return;
      entry.codes.push(errorCode);
      if (errorCode !== ErrorCode.OK && entry.message === '') entry.message = message;
    },
    close: () => finishAll({ kind: 'stopped' }),
  };
}
