// Issue 18: an admin with 12,000 lots syncs them all, against a server in its own process (PGlite in a temp folder,
// seeded before the server starts). Printed: how long /health takes while it happens (p50/p99/max: no request should
// hold the event loop much past 50 ms), the old way — one getLots reply of every lot — beside the new — syncLots,
// a page at a time — with /health on an idle server as the ceiling; the time to the first page and to the whole
// set, on the wire and into a cold replica (a usable Lots page: its first 1,000 lots stored); and the bytes a warm
// reconnect costs after 10 changes (syncLots from the kept cursor vs getLots again).
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DEFAULT_LOTS_FILTER, LotChangesSchema } from '../src/protocol/lots';
import { createUserRepository } from '../server/auth/users';
import { lots, openDatabase } from '../server/db';
import { domains } from '../src/domains';
import { lotsTable, syncLots } from '../src/domains/lots';
import { createStatus } from '../src/sync/feedback/status';
import { createIngest } from '../src/sync/ingest/dispatch';
import { claimReplica } from '../src/sync/replica/owner';
import { openReplica } from '../src/sync/replica/replica';
import { createMemoryStorage, createSettings } from '../src/sync/session/settings';
import { createQueries } from '../src/sync/transport/queries';
import { spawnServer } from '../tests/support/server-child';
import { connectClient, type TestClient } from '../tests/support/stomp-client';
import { quiet, stompTransport } from './outbox-client';
import { percentile, report } from './stats';
import { sized } from './size';

const LOTS = sized(12_000, 1000); // seeded a thousand at a time
const CHANGES = 10;
const PASSWORD = 'bench-admin-password';

/** A data folder whose embedded database holds the admin and `LOTS` lots of theirs. */
async function seededFolder(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotdesk-bench-sync-'));
  const database = await openDatabase({ dataDir });
  await createUserRepository(database.db).add('admin', PASSWORD, true);
  const userId = (await createUserRepository(database.db).idOf('admin')) ?? 0;
  for (let start = 0; start < LOTS; start += 1000) {
    await database.db.insert(lots).values(Array.from({ length: 1000 }, (_, i) => ({
      lotNumber: `SYNC-${String(start + i).padStart(6, '0')}`, titleListing: `Pallet of assorted goods #${start + i}`,
      categories: [10, 11], numberOfPallets: 1, numberOfCartons: 4, numberOfUnits: 120, totalOriginalRetail: 4321.5,
      totalListingPrice: 864.3, specialNotes: 'Shelf wear on some boxes', userId, locZone: 1, locAisle: 2, locColumn: 3, locRow: 4, locBox: 5,
    })));
  }
  await database.close();
  return dataDir;
}

/**
 * The prober, in a thread of its own: /health, one call after another, until told to stop; then it posts the
 * latencies. In the bench's main thread it would also time the bench's own client (parsing a 4.7 MB reply holds
 * that thread ~100 ms), not only the server. Plain JavaScript: the thread runs without the TypeScript loader.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { request } = require('node:http');
const samples = [];
let done = false;
parentPort.once('message', () => (done = true));
const health = () => new Promise((resolve, reject) => {
  const start = performance.now();
  const call = request({ host: '127.0.0.1', port: workerData.port, path: '/health' }, (response) => {
    response.resume();
    response.on('end', () => resolve(performance.now() - start));
  });
  call.on('error', reject);
  call.end();
});
(async () => {
  while (!done) samples.push(await health());
  parentPort.postMessage(samples);
})();
`;

/** /health, one call after another, while `work` runs; the latencies, and what `work` returned. */
async function healthDuring<T>(port: number, work: () => Promise<T>): Promise<{ samples: number[]; result: T }> {
  const prober = new Worker(PROBER, { eval: true, workerData: { port } });
  const probed = new Promise<number[]>((resolve, reject) => {
    prober.once('message', resolve);
    prober.once('error', reject);
  });
  // Told to stop either way: it ends its last call, posts what it measured and exits.
  const result = await work().finally(() => prober.postMessage('stop'));
  const samples = await probed;
  await prober.terminate();
  return { samples, result };
}

/** A whole syncLots run: ms to the first page and to the last, bytes, and the cursor to keep. */
async function syncRun(client: TestClient, after: string): Promise<{ firstMs: number; allMs: number; bytes: number; cursor: string; count: number }> {
  const start = performance.now();
  let firstMs = 0;
  let bytes = 0;
  let count = 0;
  for (let next = after; ; ) {
    const reply = client.nextMessage('lotChanges');
    client.send('syncLots', { after: next });
    const message = await reply;
    if (firstMs === 0) firstMs = performance.now() - start;
    bytes += Number(message.headers['content-length'] ?? 0);
    const page = LotChangesSchema.parse(message.body);
    count += page.lots.length;
    next = page.next;
    if (!page.more) return { firstMs, allMs: performance.now() - start, bytes, cursor: next, count };
  }
}

/**
 * A cold replica (fake-indexeddb) as the app builds it — ingest of every domain's topics — filled by one getLots
 * reply or by a syncLots run: ms until a usable Lots page (the first 1,000 lots stored) and until all are.
 */
async function coldReplica(wsUrl: string, token: string, how: 'getLots' | 'syncLots'): Promise<{ usableMs: number; allMs: number }> {
  const db = openReplica(domains.flatMap((domain) => domain.tables ?? []), `bench-full-sync-${how}-${Date.now()}`);
  await claimReplica(db, 'admin');
  const queries = createQueries((destination, body, headers) => socket.transport.publish(destination, body, headers));
  const ingest = createIngest({
    db, domains, queries, feedback: { notifier: quiet, status: createStatus() }, settings: createSettings(createMemoryStorage()),
    signedIn: () => ({ user: 'admin', isAdmin: true }),
  });
  const socket = stompTransport(wsUrl, token, (body, headers) => void ingest.incoming(body, headers), ingest.topics, (name, body, headers) => void ingest.topic(name, body, headers));
  await socket.connected();
  const start = performance.now();
  if (how === 'syncLots') void syncLots(queries, db);
  else queries.send('getLots', { ...DEFAULT_LOTS_FILTER, Listed: true, Sold: true, myLots: false });
  let usableMs = 0;
  for (;;) {
    const held = await db.rows(lotsTable).count();
    if (usableMs === 0 && held >= 1000) usableMs = performance.now() - start;
    if (held >= LOTS) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const allMs = performance.now() - start;
  await socket.close();
  db.dexie.close();
  return { usableMs, allMs };
}

async function getLotsOnce(client: TestClient): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const reply = client.nextMessage('lots');
  client.send('getLots', { ...DEFAULT_LOTS_FILTER, Listed: true, Sold: true, myLots: false });
  const message = await reply;
  return { ms: performance.now() - start, bytes: Number(message.headers['content-length'] ?? 0) };
}

export async function fullSync(): Promise<void> {
  const dataDir = await seededFolder();
  const server = await spawnServer({ DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none'), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' }, { withoutDatabaseUrl: true });
  try {
    const client = await connectClient(`ws://127.0.0.1:${server.port}/ws`, { checkContract: false });
    await client.login('admin', PASSWORD);
    await getLotsOnce(client); // warm both paths
    await syncRun(client, '');
    const idle = await healthDuring(server.port, () => new Promise((resolve) => setTimeout(resolve, 1500)));
    const old = await healthDuring(server.port, () => getLotsOnce(client));
    const paged = await healthDuring(server.port, () => syncRun(client, ''));
    report(`/health while an admin syncs ${LOTS.toLocaleString('en-US')} lots (embedded database, the server in its own process)`, [
      { name: '/health, idle server (ceiling)', samples: idle.samples },
      { name: '/health during one getLots reply', samples: old.samples },
      { name: '/health during syncLots, paged', samples: paged.samples },
    ], '/health, idle server (ceiling)');
    console.log(`${'max ms: idle / getLots / syncLots'.padEnd(36)} ${[idle, old, paged].map(({ samples }) => percentile(samples, 100).toFixed(1)).join(' / ')}`);
    console.log(`getLots: every lot in ${old.result.ms.toFixed(0)} ms (${(old.result.bytes / 1024).toFixed(0)} KiB); syncLots: the first page in ${paged.result.firstMs.toFixed(0)} ms, all ${paged.result.count} in ${paged.result.allMs.toFixed(0)} ms (${(paged.result.bytes / 1024).toFixed(0)} KiB)`);

    for (let i = 0; i < CHANGES; i += 1) {
      await client.request('updateManifestTitleById', { lotId: i + 1, newTitle: `Changed while away ${i}` }, 'incomingMessages');
    }
    const token = client.token ?? '';
    const [oneReply, pages] = [await coldReplica(`ws://127.0.0.1:${server.port}/ws`, token, 'getLots'), await coldReplica(`ws://127.0.0.1:${server.port}/ws`, token, 'syncLots')];
    console.log(`a cold replica (fake-indexeddb): a usable Lots page (1,000 lots stored) after ${oneReply.usableMs.toFixed(0)} ms by one getLots, ${pages.usableMs.toFixed(0)} ms by syncLots; all ${LOTS.toLocaleString('en-US')} after ${oneReply.allMs.toFixed(0)} / ${pages.allMs.toFixed(0)} ms`);

    const warm = await syncRun(client, paged.result.cursor);
    const again = await getLotsOnce(client);
    console.log(`warm reconnect after ${CHANGES} changes: syncLots ${(warm.bytes / 1024).toFixed(1)} KiB (${warm.count} lots) vs getLots again ${(again.bytes / 1024).toFixed(0)} KiB (${(again.bytes / Math.max(1, warm.bytes)).toFixed(0)}× more)`);
    await client.close();
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
