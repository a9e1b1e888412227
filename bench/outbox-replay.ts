// 1,000 renames (of 100 lots) through the outbox against the real server (PGlite in a temp folder): queued while offline
// and replayed after the connection comes up, against the same 1,000 made while connected, and against a
// ceiling — the same SENDs straight over STOMP, one at a time, each waiting for its RECEIPT, no IndexedDB.
// Every path is strictly one message at a time (the outbox's rule); messages per second and ratios.
import 'fake-indexeddb/auto';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import { AUTHORIZATION_HEADER, CLIENT_MSG_ID_HEADER, bearer } from '../src/protocol/auth';
import { encodeBody } from '../src/protocol/body';
import { Destination } from '../src/protocol/destinations';
import { EnvelopeSchema } from '../src/protocol/envelope';
import { Topic } from '../src/protocol/topics';
import { createIngest } from '../src/sync/ingest';
import { createInProcessLocks } from '../src/sync/locks';
import type { Notifier } from '../src/sync/notifier';
import { enqueue, outboxSummary } from '../src/sync/outbox';
import { claimReplica } from '../src/sync/replica-owner';
import { openReplica, type ReplicaDb } from '../src/sync/replica';
import { createReplayer, type ReplayTransport } from '../src/sync/replayer';
import { createStatus } from '../src/sync/status';
import { createStore } from '../src/sync/store';
import { connectClient } from '../tests/support/stomp-client';
import { ADMIN_PASSWORD, startTestServer } from '../tests/support/test-server';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const LOTS = 100; // the renames go round these lots: ten pending changes per row at most, as on a busy day
const USER = 'admin';
const quiet: Notifier = { success: () => undefined, info: () => undefined, warning: () => undefined, error: () => undefined, alert: () => undefined, sound: () => undefined };

/** @stomp/stompjs over ws in node, seen through the replayer's small transport interface. */
function stompTransport(wsUrl: string, token: string, onMessage: (body: unknown, headers: Record<string, string>) => void) {
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

/** A client as startSync builds it: replica, ingest and replayer on one connection. */
async function outboxClient(name: string, wsUrl: string, token: string) {
  const db: ReplicaDb = openReplica(`bench-outbox-${name}`);
  await claimReplica(db, USER);
  const ingest = createIngest({ db, feedback: { notifier: quiet, status: createStatus() }, signedIn: () => ({ user: USER, isAdmin: true }) });
  let settled = 0;
  const replayer = createReplayer({
    db,
    transport: { getSnapshot: () => socket.transport.getSnapshot(), watch: (l) => socket.transport.watch(l), publish: (...args) => socket.transport.publish(...args), watchReceipts: (l) => socket.transport.watchReceipts(l) },
    session: { user: () => USER, token: () => token, subscribe: () => () => undefined },
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
  const allSettled = () =>
    new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (settled < MESSAGES) return;
        clearInterval(poll);
        resolve();
      }, 2);
    });
  const renames = (lotOf: (i: number) => number, tag: string) =>
    Array.from({ length: MESSAGES }, (_, i) => {
      const lotId = lotOf(i);
      const newTitle = `${tag} ${i}`;
      return enqueue(db, USER, { destination: Destination.updateManifestTitleById, body: { lotId, newTitle }, optimistic: { kind: 'patch', table: 'lots', id: lotId, patch: { titleListing: newTitle } } });
    });
  return { db, socket, allSettled, renames, close: async () => (stop(), await socket.close(), db.close()) };
}

function printRates(title: string, rows: Array<{ name: string; ms: number }>, ceiling: string): void {
  const ceilingRate = MESSAGES / ((rows.find((row) => row.name === ceiling)?.ms ?? Number.NaN) / 1000);
  console.log(`\n${title}`);
  console.log(`${'path'.padEnd(44)} ${'total ms'.padStart(10)} ${'msg/s'.padStart(9)} ${'× ceiling'.padStart(10)}`);
  for (const { name, ms } of rows) {
    const rate = MESSAGES / (ms / 1000);
    console.log(`${name.padEnd(44)} ${ms.toFixed(0).padStart(10)} ${rate.toFixed(0).padStart(9)} ${(ceilingRate / rate).toFixed(2).padStart(10)}`);
  }
}

export async function outboxReplay(): Promise<void> {
  const server = await startTestServer();
  const admin = await connectClient(server.wsUrl);
  await admin.login(USER, ADMIN_PASSWORD);
  const token = admin.token ?? '';
  const lotIds: number[] = [];
  for (let i = 0; i < LOTS; i++) {
    const created = EnvelopeSchema.parse(await admin.request('createManifest', `Bench lot ${i}`, 'incomingMessages'));
    lotIds.push((created.data as { id: number }).id);
  }
  const lotOf = (i: number): number => lotIds[i % LOTS] ?? 0;

  // Ceiling: the same SENDs, one at a time, each waiting for its RECEIPT, nothing stored.
  const raw = stompTransport(server.wsUrl, token, () => undefined);
  await raw.connected();
  let start = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    const id = `raw:${i}`;
    await new Promise<void>((resolve) => {
      const stop = raw.transport.watchReceipts((receipt) => receipt === id && (stop(), resolve()));
      raw.transport.publish(Destination.updateManifestTitleById, { lotId: lotOf(i), newTitle: `raw ${i}` }, { [CLIENT_MSG_ID_HEADER]: id, receipt: id });
    });
  }
  const rawMs = performance.now() - start;
  await raw.close();

  // Live: connected first, then the user makes 1,000 renames as fast as the outbox takes them.
  const live = await outboxClient('live', server.wsUrl, token);
  await live.socket.connected();
  start = performance.now();
  await Promise.all(live.renames(lotOf, 'live'));
  await live.allSettled();
  const liveMs = performance.now() - start;
  await live.close();

  // Replay: 1,000 renames queued offline, then the connection comes up.
  const replay = await outboxClient('replay', server.wsUrl, token);
  await Promise.all(replay.renames(lotOf, 'replay'));
  if ((await outboxSummary(replay.db, USER)).queued !== MESSAGES) throw new Error('the renames were not all queued');
  start = performance.now();
  await replay.socket.connected();
  await replay.allSettled();
  const replayMs = performance.now() - start;
  await replay.close();

  printRates(`outbox replay (${MESSAGES} renames of ${LOTS} lots, one at a time, ${server.kind}; fake-indexeddb)`, [
    { name: 'raw STOMP SEND + RECEIPT (ceiling)', ms: rawMs },
    { name: 'outbox, made while connected (live)', ms: liveMs },
    { name: 'outbox, queued offline, replayed on connect', ms: replayMs },
  ], 'raw STOMP SEND + RECEIPT (ceiling)');
  console.log(`${'replayed ÷ live (time)'.padEnd(44)} ${(replayMs / liveMs).toFixed(2).padStart(10)}`);

  await admin.close();
  await server.stop();
}
