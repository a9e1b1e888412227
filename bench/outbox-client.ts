// What the outbox benchmarks share (outbox-replay, catalogue-save): @stomp/stompjs over ws in node behind the
// replayer's small transport interface, a client as startSync builds it (replica, ingest and replayer on one
// connection, IndexedDB from fake-indexeddb), the ceiling — the same SENDs straight over STOMP, one at a time, each
// waiting for its RECEIPT, nothing stored — and the table of rates. Import 'fake-indexeddb/auto' before this module.
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { AUTHORIZATION_HEADER, CLIENT_MSG_ID_HEADER, bearer } from '../src/protocol/auth';
import { encodeBody } from '../src/protocol/body';
import type { DestinationPath } from '../src/protocol/destinations';
import { EnvelopeSchema } from '../src/protocol/envelope';
import { Topic, type TopicName } from '../src/protocol/topics';
import { domains } from '../src/domains';
import { createIngest } from '../src/sync/ingest/dispatch';
import { createInProcessLocks } from '../src/sync/outbox/locks';
import type { Notifier } from '../src/sync/feedback/notifier';
import { enqueue, type Intent } from '../src/sync/outbox/outbox';
import { outboxSummary, type OutboxSummary } from '../src/sync/outbox/summary';
import { claimReplica } from '../src/sync/replica/owner';
import { openReplica, type Replica } from '../src/sync/replica/replica';
import { createMemoryStorage, createSettings } from '../src/sync/session/settings';
import { createQueries } from '../src/sync/transport/queries';
import { createReplayer, type ReplayTransport } from '../src/sync/outbox/replayer';
import { createStatus } from '../src/sync/feedback/status';
import { createStore } from '../src/sync/store';
import { record, type TableRow } from './stats';

export const quiet: Notifier = { success: () => undefined, info: () => undefined, warning: () => undefined, error: () => undefined, alert: () => undefined, sound: () => undefined };

/** A message on a dedicated topic, for a client that reads them (a replica's ingest). */
export type OnTopic = (name: TopicName, body: unknown, headers: Record<string, string>) => void;

/**
 * @stomp/stompjs over ws in node, seen through the replayer's small transport interface: incomingMessages and errors
 * to `onMessage`, and each of `topics` to `onTopic`.
 */
export function stompTransport(wsUrl: string, token: string, onMessage: (body: unknown, headers: Record<string, string>) => void, topics: readonly TopicName[] = [], onTopic?: OnTopic) {
  const snapshot = createStore<{ state: 'loading' | 'ready' }>({ state: 'loading' });
  const receipts = new Set<(id: string) => void>();
  const auth = { [AUTHORIZATION_HEADER]: bearer(token) };
  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl, ['v12.stomp']),
    connectHeaders: auth,
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    onConnect: () => {
      for (const topic of [Topic.incomingMessages, Topic.errors]) {
        client.subscribe(topic, (message) => onMessage(JSON.parse(message.body), message.headers), auth);
      }
      for (const name of topics) client.subscribe(Topic[name], (message) => onTopic?.(name, JSON.parse(message.body), message.headers), auth);
      snapshot.set({ state: 'ready' });
    },
    onUnhandledReceipt: (frame) => receipts.forEach((listener) => listener(frame.headers['receipt-id'] ?? '')),
    onWebSocketClose: () => snapshot.set({ state: 'loading' }),
  });
  const transport: ReplayTransport = {
    getSnapshot: snapshot.get,
    watch: snapshot.subscribe,
    publish(destination, body, headers = {}) {
      if (!client.connected) return false;
      client.publish({ destination, body: encodeBody(body), headers: { 'content-type': 'application/json', ...headers, ...auth } });
      return true;
    },
    watchReceipts(listener) {
      receipts.add(listener);
      return () => void receipts.delete(listener);
    },
  };
  const connected = () =>
    new Promise<void>((resolve) => {
      const stop = snapshot.subscribe(() => snapshot.get().state === 'ready' && (stop(), resolve()));
      client.activate();
    });
  return { transport, connected, close: () => client.deactivate() };
}

export interface OutboxClient {
  db: Replica;
  socket: ReturnType<typeof stompTransport>;
  /** Queues every intent (each its own outbox entry, with its optimistic change), as the screens do. */
  enqueueAll(intents: readonly Intent[]): Promise<void>;
  /** Resolves once `count` entries have settled (confirmed or refused) since the client started. */
  untilSettled(count: number): Promise<void>;
  summary(): Promise<OutboxSummary>;
  close(): Promise<void>;
}

/** A client as startSync builds it: replica, ingest and replayer on one connection (not connected yet). */
export async function outboxClient(name: string, wsUrl: string, token: string, user: string): Promise<OutboxClient> {
  const db: Replica = openReplica(domains.flatMap((domain) => domain.tables ?? []), `bench-outbox-${name}`);
  await claimReplica(db, user);
  const ingest = createIngest({
    db, domains, feedback: { notifier: quiet, status: createStatus() }, settings: createSettings(createMemoryStorage()),
    signedIn: () => ({ user, isAdmin: true }), queries: createQueries(() => false),
  });
  let settled = 0;
  const replayer = createReplayer({
    db,
    transport: { getSnapshot: () => socket.transport.getSnapshot(), watch: (l) => socket.transport.watch(l), publish: (...args) => socket.transport.publish(...args), watchReceipts: (l) => socket.transport.watchReceipts(l) },
    session: { user: () => user, token: () => token, subscribe: () => () => undefined },
    locks: createInProcessLocks(),
    onSettled: () => void (settled += 1),
  });
  const socket = stompTransport(wsUrl, token, (body, headers) => {
    const clientMsgId = headers[CLIENT_MSG_ID_HEADER];
    const envelope = EnvelopeSchema.safeParse(body);
    if (clientMsgId !== undefined && envelope.success) replayer.noteReply(clientMsgId, envelope.data.errorCode, envelope.data.message);
    void ingest.incoming(body, headers);
  });
  const stop = replayer.start();
  return {
    db,
    socket,
    async enqueueAll(intents) {
      await Promise.all(intents.map((intent) => enqueue(db, user, intent)));
    },
    untilSettled: (count) =>
      new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (settled < count) return;
          clearInterval(poll);
          resolve();
        }, 2);
      }),
    summary: () => outboxSummary(db, user),
    close: async () => (stop(), await socket.close(), db.dexie.close()),
  };
}

/**
 * The ceiling: the same SENDs straight over STOMP, each waiting for its RECEIPT, nothing stored; `window` of them
 * before their receipts (1: one at a time). Milliseconds.
 */
export async function rawSendsWithReceipts(wsUrl: string, token: string, sends: ReadonlyArray<{ destination: DestinationPath; body: unknown }>, window = 1): Promise<number> {
  const raw = stompTransport(wsUrl, token, () => undefined);
  await raw.connected();
  const start = performance.now();
  const answered = new Map<string, () => void>();
  const stop = raw.transport.watchReceipts((receipt) => answered.get(receipt)?.());
  const inFlight = new Set<Promise<void>>();
  for (const [i, { destination, body }] of sends.entries()) {
    const id = `raw:${window}:${i}`;
    const receipt = new Promise<void>((resolve) => answered.set(id, resolve));
    const tracked = receipt.then(() => void inFlight.delete(tracked));
    inFlight.add(tracked);
    raw.transport.publish(destination, body, { [CLIENT_MSG_ID_HEADER]: id, receipt: id });
    if (inFlight.size >= window) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const ms = performance.now() - start;
  stop();
  await raw.close();
  return ms;
}

/** Messages per second of each path, and how many times slower than the ceiling. */
export function printRates(title: string, messages: number, rows: Array<{ name: string; ms: number }>, ceiling: string): void {
  const ceilingRate = messages / ((rows.find((row) => row.name === ceiling)?.ms ?? Number.NaN) / 1000);
  console.log(`\n${title}`);
  console.log(`${'path'.padEnd(44)} ${'total ms'.padStart(10)} ${'msg/s'.padStart(9)} ${'× ceiling'.padStart(10)}`);
  const recorded: TableRow[] = [];
  for (const { name, ms } of rows) {
    const rate = messages / (ms / 1000);
    recorded.push({ name, messages, totalMs: ms, perSecond: rate, ceilingRatio: ceilingRate / rate });
    console.log(`${name.padEnd(44)} ${ms.toFixed(0).padStart(10)} ${rate.toFixed(0).padStart(9)} ${(ceilingRate / rate).toFixed(2).padStart(10)}`);
  }
  record(title, recorded);
}
