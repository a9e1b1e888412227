// One simulated staff member of the load bench (bench/load.ts): a tablet's own STOMP connection (@stomp/stompjs over
// ws, as the app) sending what the app sends — scans and item edits as outbox entries (client-msg-id and receipt,
// settled on the RECEIPT), lot queries and catalogue suggestions as queries (request-id) — one at a time, each timed.
// Replies are matched by the id the server echoes, on whichever topic they come: a refusal is an error, never a wait.
import { Client, type IMessage } from '@stomp/stompjs';
import WebSocket from 'ws';
import { AUTHORIZATION_HEADER, bearer, CLIENT_MSG_ID_HEADER, REQUEST_ID_HEADER } from '../src/protocol/auth';
import type { AddUpcRequest, BoxItem } from '../src/protocol/boxes';
import { SUGGESTION_PAGE_SIZE, SuggestionType, type SuggestionRequest } from '../src/protocol/catalogue';
import { Destination, type DestinationName } from '../src/protocol/destinations';
import { EnvelopeSchema } from '../src/protocol/envelope';
import { ErrorCode } from '../src/protocol/error-codes';
import { DEFAULT_LOTS_FILTER, type LotsFilter } from '../src/protocol/lots';
import { Topic, type TopicName } from '../src/protocol/topics';

const REPLY_TIMEOUT_MS = 10_000; // a reply later than this counts as an error
/** Where the answers to what a staff member sends arrive: the replies' topics, and the two refusals come on. */
const REPLY_TOPICS: readonly TopicName[] = ['incomingMessages', 'errors', 'lots', 'lotById', 'suggestion'];
const REFUSAL_TOPICS: readonly string[] = [Topic.incomingMessages, Topic.errors];

export const KINDS = ['scan', 'edit', 'lot', 'suggest'] as const;
export type Kind = (typeof KINDS)[number];
/** What each kind sends, for the printed table. */
export const KIND_NAMES: Record<Kind, string> = {
  scan: 'scan (addUPCToBox)', edit: 'edit (updateItems)', lot: 'lot (getLotById|getLots)', suggest: 'suggest (getSuggestion)',
};
/**
 * The mix: scanning dominates a packing shift, the type-ahead asks at every few keystrokes of data entry, edits and
 * the lot's own page come less often. Weights out of 100.
 */
const MIX: ReadonlyArray<[Kind, number]> = [['scan', 40], ['suggest', 30], ['edit', 15], ['lot', 15]];

/** A catalogue product as the bench picks scans and typed prefixes from it. */
export interface Product {
  upc: string;
  vendor: string;
  style: string;
}

/** What one staff member works on: their own lot, its boxes and items (all theirs), and the shared catalogue. */
export interface StaffPlan {
  token: string;
  lotId: number;
  boxIds: number[];
  items: BoxItem[];
  catalogue: readonly Product[];
}

export interface Outcome {
  kind: Kind;
  /** performance.now() when it was sent. */
  start: number;
  ms: number;
  error?: string;
}

const pick = <T>(list: readonly T[]): T => {
  const chosen = list[Math.floor(Math.random() * list.length)];
  if (chosen === undefined) throw new Error('pick from an empty list');
  return chosen;
};

export interface StaffConnection {
  /** Sends one request of `kind` built from the plan; resolves when answered (rejects on a refusal or timeout). */
  once(kind: Kind, plan: StaffPlan): Promise<void>;
  close(): Promise<void>;
}

export async function connectStaff(wsUrl: string, token: string, name: string): Promise<StaffConnection> {
  const auth = { [AUTHORIZATION_HEADER]: bearer(token) };
  const answers = new Map<string, (message: IMessage) => void>();
  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl, ['v12.stomp']),
    connectHeaders: auth, reconnectDelay: 0, heartbeatIncoming: 0, heartbeatOutgoing: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onStompError = (frame) => reject(new Error(frame.headers.message ?? 'STOMP error'));
    client.onWebSocketError = () => reject(new Error('WebSocket error'));
    client.activate();
  });
  const ready = new Promise<void>((resolve) => client.watchForReceipt(`${name}:subscribed`, () => resolve()));
  for (const [index, topic] of REPLY_TOPICS.entries()) {
    const headers = index === REPLY_TOPICS.length - 1 ? { ...auth, receipt: `${name}:subscribed` } : auth;
    client.subscribe(Topic[topic], (message) => {
      const id = message.headers[REQUEST_ID_HEADER] ?? message.headers[CLIENT_MSG_ID_HEADER];
      if (id !== undefined) answers.get(id)?.(message);
    }, headers);
  }
  await ready; // the server handles a session's frames in order: every topic is live now

  let sent = 0;
  /** Resolves when `settled` is called, rejects after REPLY_TIMEOUT_MS. */
  const timed = <T>(what: string, wait: (settled: (value: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${REPLY_TIMEOUT_MS} ms`)), REPLY_TIMEOUT_MS);
      wait((value) => (clearTimeout(timer), resolve(value)));
    });
  const answerTo = (id: string, destination: DestinationName) =>
    timed<IMessage>(`answer to ${destination}`, (settled) => answers.set(id, settled)).finally(() => answers.delete(id));
  /** An envelope that is not OK is a refusal: its code and message become the error. */
  const refusedBy = (message: IMessage): string | undefined => {
    const envelope = EnvelopeSchema.safeParse(JSON.parse(message.body));
    if (!envelope.success) return `not an envelope: ${message.body.slice(0, 200)}`;
    return envelope.data.errorCode === ErrorCode.OK ? undefined : `${envelope.data.errorCode} ${envelope.data.message ?? ''}`;
  };
  const publish = (destination: DestinationName, body: unknown, headers: Record<string, string>) =>
    client.publish({ destination: Destination[destination], body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...auth, ...headers } });

  /** As the outbox sends an entry: settled by its RECEIPT, which comes after the reply; a refused reply is an error. */
  async function mutation(destination: DestinationName, body: unknown): Promise<void> {
    const id = `${name}:${(sent += 1)}`;
    const reply = answerTo(id, destination);
    const receipt = timed<undefined>(`RECEIPT of ${destination}`, (settled) => client.watchForReceipt(id, () => settled(undefined)));
    publish(destination, body, { [CLIENT_MSG_ID_HEADER]: id, receipt: id });
    const [message] = await Promise.all([reply, receipt]);
    const refusal = refusedBy(message);
    if (refusal !== undefined) throw new Error(`${destination}: ${refusal}`);
  }

  /** As the app's queries go: a request-id echoed on the answer; an envelope on a refusal topic is a refusal. */
  async function query(destination: DestinationName, body: unknown): Promise<void> {
    const id = `${name}:${(sent += 1)}`;
    const reply = answerTo(id, destination);
    publish(destination, body, { [REQUEST_ID_HEADER]: id });
    const message = await reply;
    if (REFUSAL_TOPICS.includes(message.headers.destination ?? '')) throw new Error(`${destination}: ${refusedBy(message) ?? message.body.slice(0, 200)}`);
  }

  const myLots: LotsFilter = { ...DEFAULT_LOTS_FILTER, Listed: true, Sold: true };
  let lotQueries = 0;
  return {
    once(kind, plan) {
      switch (kind) {
        case 'scan': {
          const scan: AddUpcRequest = { upc: pick(plan.catalogue).upc, boxId: pick(plan.boxIds) };
          return mutation('addUPCToBox', scan);
        }
        case 'edit': {
          const item = pick(plan.items);
          return mutation('updateItems', [{ ...item, quantity: 1 + Math.floor(Math.random() * 6), color: pick(['Black', 'Navy', 'Red']) }]);
        }
        case 'lot': // the lot's own page and the lots table, in turn
          return (lotQueries += 1) % 2 === 1 ? query('getLotById', plan.lotId) : query('getLots', myLots);
        case 'suggest':
          return query('getSuggestion', suggestion(pick(plan.catalogue)));
      }
    },
    close: () => client.deactivate(),
  };
}

/** What data entry asks while a field is typed into: 1 to 4 characters of a real product's UPC, brand or style. */
function suggestion(product: Product): SuggestionRequest {
  const typed = (text: string) => text.slice(0, 1 + Math.floor(Math.random() * 4));
  const base = { page: 0, pageSize: SUGGESTION_PAGE_SIZE, referenceId: 'load' };
  return pick<SuggestionRequest>([
    { ...base, suggestionType: SuggestionType.UPC, upc: typed(product.upc) },
    { ...base, suggestionType: SuggestionType.BRAND, vendor: typed(product.vendor) },
    { ...base, suggestionType: SuggestionType.STYLE, style: typed(product.style) },
    { ...base, suggestionType: SuggestionType.ALL_FIELDS, vendor: typed(product.vendor) },
  ]);
}

/** A kind drawn by MIX's weights. */
export function nextKind(): Kind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'scan';
}

/** Closed loop, no think time: one request after another until `until` (performance.now()), each outcome kept. */
/** Works the mix while `goOn()` (the bench: until its time is up; a test: until every kind was done). */
export async function work(connection: StaffConnection, plan: StaffPlan, goOn: () => boolean, outcomes: Outcome[]): Promise<void> {
  while (goOn()) {
    const kind = nextKind();
    const start = performance.now();
    try {
      await connection.once(kind, plan);
      outcomes.push({ kind, start, ms: performance.now() - start });
    } catch (error) {
      outcomes.push({ kind, start, ms: performance.now() - start, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
