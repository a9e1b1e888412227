// 1,000 renames (of 100 lots) through the outbox against the real server, in a process of its own (PGlite in a temp
// folder, as a tablet reaches a server on another machine): queued while offline and replayed after the connection
// comes up, against the same 1,000 made while connected, and against the ceiling the issue names — the same SENDs
// straight over STOMP, one at a time, each waiting for its RECEIPT, no IndexedDB. The outbox pipelines (up to
// PIPELINE_WINDOW before their receipts); the same SENDs pipelined raw are printed beside, for what the wire allows.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PIPELINE_WINDOW } from '../src/protocol/auth';
import { EnvelopeSchema } from '../src/protocol/envelope';
import type { Intent } from '../src/sync/outbox/outbox';
import { renameLot } from '../src/domains/lots';
import { spawnServer } from '../tests/support/server-child';
import { connectClient } from '../tests/support/stomp-client';
import { ADMIN_PASSWORD } from '../tests/support/test-server';
import { outboxClient, printRates, rawSendsWithReceipts } from './outbox-client';
import { sized } from './size';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? sized(1000, 40));
const LOTS = sized(100, 10); // the renames go round these lots: ten pending changes per row at most, as on a busy day
const USER = 'admin';

/** 1,000 renames as the lots screen queues them: each an entry with its optimistic patch. */
const renames = (lotOf: (i: number) => number, tag: string): Intent[] =>
  Array.from({ length: MESSAGES }, (_, i) => {
    const lotId = lotOf(i);
    const newTitle = `${tag} ${i}`;
    return renameLot.build({ lotId, newTitle });
  });

export async function outboxReplay(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotdesk-bench-outbox-'));
  const child = await spawnServer({ DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none'), ADMIN_PASSWORD, LOG_LEVEL: 'warn' }, { withoutDatabaseUrl: true });
  const server = { wsUrl: `ws://127.0.0.1:${child.port}/ws` };
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
  const rawMs = await rawSendsWithReceipts(server.wsUrl, token, renames(lotOf, 'raw'));
  const rawPipelinedMs = await rawSendsWithReceipts(server.wsUrl, token, renames(lotOf, 'raw pipelined'), PIPELINE_WINDOW);

  // Live: connected first, then the user makes 1,000 renames as fast as the outbox takes them.
  const live = await outboxClient('live', server.wsUrl, token, USER);
  await live.socket.connected();
  let start = performance.now();
  await live.enqueueAll(renames(lotOf, 'live'));
  await live.untilSettled(MESSAGES);
  const liveMs = performance.now() - start;
  await live.close();

  // Replay: 1,000 renames queued offline, then the connection comes up.
  const replay = await outboxClient('replay', server.wsUrl, token, USER);
  await replay.enqueueAll(renames(lotOf, 'replay'));
  if ((await replay.summary()).queued !== MESSAGES) throw new Error('the renames were not all queued');
  start = performance.now();
  await replay.socket.connected();
  await replay.untilSettled(MESSAGES);
  const replayMs = performance.now() - start;
  await replay.close();

  printRates(`outbox replay (${MESSAGES} renames of ${LOTS} lots, the server in its own process on PGlite; fake-indexeddb)`, MESSAGES, [
    { name: 'raw STOMP SEND + RECEIPT (ceiling)', ms: rawMs },
    { name: `raw, ${PIPELINE_WINDOW} before their receipts`, ms: rawPipelinedMs },
    { name: 'outbox, made while connected (live)', ms: liveMs },
    { name: 'outbox, queued offline, replayed on connect', ms: replayMs },
  ], 'raw STOMP SEND + RECEIPT (ceiling)');
  console.log(`${'replayed ÷ live (time)'.padEnd(44)} ${(replayMs / liveMs).toFixed(2).padStart(10)}`);

  await admin.close();
  child.child.kill('SIGTERM');
  await child.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
