// Issue 18: how long a change made through one server process takes to reach a tablet signed in to another (the push
// crosses by LISTEN/NOTIFY and a read of push_messages), against its ceiling measured on the same changes in the same
// run: the push reaching a second session of the sending process (delivered in-process). Needs PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LotSchema } from '../src/protocol/lots';
import { okData, send } from '../tests/support/lot-replies';
import { spawnServer, type RunningServer } from '../tests/support/server-child';
import { connectClient, type TestClient } from '../tests/support/stomp-client';
import { createTestDatabase, LOCAL_POSTGRES_URL, postgresAvailable } from '../tests/support/test-database';
import { report } from './stats';
import { sized } from './size';

const ROUNDS = sized(300, 5);
const WARMUP = sized(30, 1);
const PASSWORD = 'bench-admin-password';

async function admin(server: RunningServer): Promise<TestClient> {
  const client = await connectClient(`ws://127.0.0.1:${server.port}/ws`);
  await client.login('admin', PASSWORD);
  return client;
}

export async function pushAcross(): Promise<void> {
  const url = process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL;
  if (!(await postgresAvailable(url))) {
    console.log(`\nPush across processes: skipped (no PostgreSQL at ${url}; set DATABASE_URL)`);
    return;
  }
  const database = await createTestDatabase({ serverUrl: url });
  const folders = [mkdtempSync(join(tmpdir(), 'lotdesk-bench-a-')), mkdtempSync(join(tmpdir(), 'lotdesk-bench-b-'))];
  const env = { DATABASE_URL: database.options.databaseUrl ?? url, JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' };
  const servers: RunningServer[] = [];
  try {
    for (const dataDir of folders) servers.push(await spawnServer({ ...env, DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none') }));
    const [first, second] = servers;
    if (first === undefined || second === undefined) throw new Error('two servers');
    const [sender, sameProcess, otherProcess] = [await admin(first), await admin(first), await admin(second)];
    const lot = LotSchema.parse(okData(await send(sender, 'createManifest', 'Push bench lot')));
    await sameProcess.nextMessage('incomingMessages');
    await otherProcess.nextMessage('incomingMessages');

    const local: number[] = [];
    const crossed: number[] = [];
    for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
      const started = performance.now();
      const arrivals = [sameProcess, otherProcess].map((client) => client.nextMessage('incomingMessages').then(() => performance.now() - started));
      await send(sender, 'updateManifest', { id: lot.id, titleListing: `Push bench lot ${round}` });
      const [here, there] = await Promise.all(arrivals);
      if (round >= WARMUP && here !== undefined && there !== undefined) {
        local.push(here);
        crossed.push(there);
      }
    }
    report(`Push of a changed lot (${ROUNDS} changes, PostgreSQL, two processes)`, [
      { name: 'same process, other session (ceiling)', samples: local },
      { name: 'other process (LISTEN/NOTIFY)', samples: crossed },
    ], 'same process, other session (ceiling)');
    await Promise.all([sender, sameProcess, otherProcess].map((client) => client.close()));
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await database.dispose();
  }
}
