// Several server processes on one PostgreSQL database (issue 18): a change made through one reaches a client signed in
// to the other (pushes cross by LISTEN/NOTIFY, server/push/postgres.ts), and killing one loses no acknowledged change:
// its client signs in to the other (the same JWT_SECRET: its token still works there) and finds everything there.
// Failed logins through one count on the other (server/auth/shared-throttle.ts).
// Real processes (node --import tsx server/main.ts): generous bounds, not speed checks (the bench measures latency).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LotSchema, type Lot } from '../../src/protocol/lots';
import { MessageType } from '../../src/protocol/message-types';
import { ServerMessages } from '../../src/protocol/messages';
import { okData, send } from '../support/lot-replies';
import { spawnServer, type RunningServer } from '../support/server-child';
import { connectClient, type TestClient } from '../support/stomp-client';
import { allStatuses, outboxHeader, uniqueName } from '../support/staff';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/test-database';

const kind = testDatabaseKind();
if (kind !== 'postgres') console.info('[processes.test] skipped on pglite: the embedded database is one process by design (the PostgreSQL pass runs it)');

const ADMIN_PASSWORD = 'processes-admin-password';
const PUSH_WAIT_MS = 10_000;
const FAILURES_PER_ACCOUNT = 5; // LOGIN_FAILURES_PER_ACCOUNT's default: the processes run with it

describe.skipIf(kind !== 'postgres')('two server processes on one PostgreSQL database', () => {
  let database: TestDatabase;
  const folders: string[] = [];
  const servers: RunningServer[] = [];
  const clients: TestClient[] = [];

  async function start(env: Record<string, string>): Promise<RunningServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'lotdesk-process-'));
    folders.push(dataDir);
    const server = await spawnServer({ ...env, DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none'), ADMIN_PASSWORD });
    servers.push(server);
    return server;
  }

  async function admin(server: RunningServer, token?: string): Promise<TestClient> {
    const client = await connectClient(`ws://127.0.0.1:${server.port}/ws`, token === undefined ? {} : { token });
    clients.push(client);
    if (token === undefined) await client.login('admin', ADMIN_PASSWORD);
    return client;
  }

  let first: RunningServer;
  let second: RunningServer;
  // Every process of a deployment shares the database and the token secret.
  let env: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.options.databaseUrl ?? '', JWT_SECRET: randomBytes(32).toString('hex') };
    first = await start(env);
    second = await start(env); // after the first: it finds the admin the first one made
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await database?.dispose();
  }, 60_000);

  it('a lot made through one process reaches an admin signed in to the other, as the push the spec names', async () => {
    const [here, there] = [await admin(first), await admin(second)];
    there.drain('incomingMessages');
    const title = uniqueName('Crossed pallet');
    const made = LotSchema.parse(okData(await send(here, 'createManifest', title)));
    const pushed = await there.nextMessage('incomingMessages', PUSH_WAIT_MS);
    expect(pushed.body).toMatchObject({ messageType: MessageType.CREATED_MANIFEST, data: { id: made.id, titleListing: title } });
  });

  it('a body past NOTIFY\'s 8000 bytes crosses too (the notification names a row)', async () => {
    const [here, there] = [await admin(first), await admin(second)];
    there.drain('incomingMessages');
    const made = LotSchema.parse(okData(await send(here, 'createManifest', uniqueName('Long notes'))));
    await there.nextMessage('incomingMessages', PUSH_WAIT_MS); // the lot's creation
    const notes = 'n'.repeat(9_000);
    await send(here, 'updateManifest', { ...made, specialNotes: notes });
    const pushed = await there.nextMessage('incomingMessages', PUSH_WAIT_MS);
    expect(pushed.body).toMatchObject({ messageType: MessageType.UPDATED_LOT, data: { id: made.id, specialNotes: notes } });
  });

  it('failed logins through one process lock their address out on the other, and only that address', async () => {
    const guesser = '127.0.0.42'; // a loopback address of its own (Linux routes all of 127/8 to lo)
    const loginOn = async (server: RunningServer, localAddress: string, password: string) => {
      const client = await connectClient(`ws://127.0.0.1:${server.port}/ws`, { localAddress });
      clients.push(client);
      return client.login('admin', password);
    };
    for (let i = 0; i < FAILURES_PER_ACCOUNT; i++) expect(await loginOn(first, guesser, `wrong-${i}`)).toEqual({ message: ServerMessages.invalidCredentials });
    expect(await loginOn(second, guesser, ADMIN_PASSWORD)).toEqual({ message: expect.stringMatching(/^Too many failed logins\./) });
    expect(await loginOn(second, '127.0.0.1', ADMIN_PASSWORD)).toEqual({ jwt: expect.any(String) });
  });

  it('killing a process loses no acknowledged change: its client signs in to the other and finds it there', async () => {
    const doomed = await start(env);
    const client = await admin(doomed);
    const acknowledged: Lot[] = [];
    for (let index = 0; index < 5; index += 1) acknowledged.push(LotSchema.parse(okData(await send(client, 'createManifest', uniqueName('Acknowledged')))));
    const lastSend = outboxHeader(uniqueName('failover'));
    const last = await client.request('createManifest', uniqueName('Last before the kill'), 'incomingMessages', lastSend);
    doomed.child.kill('SIGKILL');
    await doomed.exited;

    // The device reconnects to the other process with the token it had, and replays what it never heard answered.
    const moved = await admin(second, client.token);
    expect(await moved.request('createManifest', 'a replay is answered from its record', 'incomingMessages', lastSend)).toEqual(last);
    const there = await lotsOn(moved);
    const ids = new Set(there.map((lot) => lot.id));
    expect([...acknowledged, LotSchema.parse(okData(last))].every((lot) => ids.has(lot.id))).toBe(true);
    expect(there.filter((lot) => lot.titleListing === 'a replay is answered from its record')).toEqual([]);
  });
});

/** The lots an admin sees on `client`'s server. */
async function lotsOn(client: TestClient): Promise<Lot[]> {
  return LotSchema.array().parse(await client.request('getLots', allStatuses(), 'lots'));
}
