// Signed-in test sessions for any staff account, and a lot factory: what the lots and exactly-once suites share.
// Accounts are created on first use; tokens come from the server's own token service (login has its own suite).
import { randomBytes } from 'node:crypto';
import type { StompHeaders } from '@stomp/stompjs';
import { afterAll, beforeAll } from 'vitest';
import { CLIENT_MSG_ID_HEADER } from '../../src/protocol/auth';
import { DEFAULT_LOTS_FILTER, LotSchema, type Lot, type LotsFilter } from '../../src/protocol/lots';
import { rolesFor } from '../../server/auth/users';
import { connectClient, type TestClient } from './stomp-client';
import { startTestServer, type TestServer } from './test-server';

export const TEST_PASSWORD = 'test-staff-password';

export interface Staff {
  /** A token for `username`, whose account is created (as a user, or an admin) the first time it is named. */
  tokenFor(username: string, options?: { admin?: boolean }): Promise<string>;
  /** A new session signed in as `username` (see tokenFor). */
  connect(username: string, options?: { admin?: boolean }): Promise<TestClient>;
  /** The account id (lots.userId) of `username`. */
  idOf(username: string): Promise<number>;
  closeAll(): Promise<void>;
}

export function staffOf(testServer: TestServer): Staff {
  const { users, tokens } = testServer.server.services;
  const clients: TestClient[] = [];
  const idOf = async (username: string) => {
    const id = await users.idOf(username);
    if (id === undefined) throw new Error(`no account ${username}`);
    return id;
  };
  async function tokenFor(username: string, { admin = false } = {}) {
    const existing = await users.find(username);
    if (!existing) await users.add(username, TEST_PASSWORD, admin);
    return tokens.issue({ username, roles: existing?.roles ?? rolesFor(admin) });
  }
  return {
    tokenFor,
    async connect(username, options) {
      const client = await connectClient(testServer.wsUrl, { token: await tokenFor(username, options) });
      clients.push(client);
      return client;
    },
    idOf,
    async closeAll() {
      await Promise.all(clients.splice(0).map((client) => client.close()));
    },
  };
}

/** The outbox's header naming an entry; none without an id. */
export const outboxHeader = (clientMsgId?: string): StompHeaders => (clientMsgId === undefined ? {} : { [CLIENT_MSG_ID_HEADER]: clientMsgId });

/** A username no other test uses, so each test sees only its own lots. */
export const uniqueName = (base: string): string => `${base}-${randomBytes(3).toString('hex')}`;

/** Every status checked, myLots as given. */
export const allStatuses = (myLots = true): LotsFilter => ({ ...DEFAULT_LOTS_FILTER, Listed: true, Sold: true, myLots });

/** Creates a lot through /app/createManifest, as the outbox sends it, and returns it checked against the contract. */
export async function createLot(client: TestClient, title: string, clientMsgId = uniqueName('test-device')): Promise<Lot> {
  const reply = await client.request('createManifest', title, 'incomingMessages', outboxHeader(clientMsgId));
  return LotSchema.parse((reply as { data: unknown }).data);
}

/** The lots table as the client would load it. */
export async function listLots(client: TestClient, filter: LotsFilter = allStatuses()): Promise<Lot[]> {
  return LotSchema.array().parse(await client.request('getLots', filter, 'lots'));
}

/** The accounts the suites use: two users and the admin the server makes on its first start. */
export const ALICE = 'alice';
export const BOB = 'bob';
export const ADMIN = 'admin';
/** An id no row has. */
export const MISSING_ID = 2_000_000_000;

export interface StaffSuite {
  readonly server: TestServer;
  readonly staff: Staff;
}

/**
 * One real server for the test file, started before its tests and stopped (with every signed-in client) after
 * them. Call it at the top of the file; read `suite.server` and `suite.staff` inside tests.
 */
export function staffSuite(): StaffSuite {
  let started: { server: TestServer; staff: Staff } | undefined;
  beforeAll(async () => {
    const server = await startTestServer();
    started = { server, staff: staffOf(server) };
  });
  afterAll(async () => {
    await started?.staff.closeAll();
    await started?.server.stop();
  });
  const running = () => {
    if (started === undefined) throw new Error('staffSuite: the server starts in beforeAll; use it inside tests');
    return started;
  };
  return {
    get server() {
      return running().server;
    },
    get staff() {
      return running().staff;
    },
  };
}
