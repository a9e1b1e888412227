// A whole client on the real server (support/server.ts): a fresh replica in fake-indexeddb with every domain's
// tables, a session signed in with a token the server signed, the in-memory connection wired to the real router,
// the fake fetch for uploads, and the domains linked as startSync() links them (createSync: several devices can
// run side by side in one test).
import 'fake-indexeddb/auto';
import { onTestFinished, vi } from 'vitest';
import { domains } from '../../../../src/domains';
import { createSync, startSync, type Sync } from '../../../../src/sync/runtime';
import type { Notifier } from '../../../../src/sync/feedback/notifier';
import { createStatus } from '../../../../src/sync/feedback/status';
import { createInProcessLocks } from '../../../../src/sync/outbox/locks';
import type { FetchLike } from '../../../../src/sync/outbox/upload';
import { claimReplica } from '../../../../src/sync/replica/owner';
import { openReplica, type Replica } from '../../../../src/sync/replica/replica';
import { createMemoryStorage, createSettings, TOKEN, type Settings } from '../../../../src/sync/session/settings';
import { createFakeConnection, type FakeConnection } from './fake-connection';
import { createFakeHttp, type FakeHttp } from './fake-http';
import type { ClientServer, Wire } from './server';
import { NOW_MS } from './tokens';

let databases = 0;
let accounts = 0;

/** A fresh, empty replica database of its own, with every domain's tables. */
export function freshReplica(): Replica {
  databases += 1;
  return openReplica(domains.flatMap((domain) => domain.tables ?? []), `lotdesk-test-${databases}-${Math.random().toString(36).slice(2)}`);
}

/** A user name no other test of the file has used: the server's database is shared by the file's tests. */
export const uniqueUser = (name = 'user'): string => `${name}-${(accounts += 1)}-${Math.random().toString(36).slice(2, 6)}`;

export function mockNotifier(): Notifier {
  return { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn(), alert: vi.fn(), sound: vi.fn() };
}

export interface HarnessOptions {
  /** The account (made on the server if new); by default a fresh one. */
  readonly user?: string;
  readonly admin?: boolean;
  readonly db?: Replica;
  readonly settings?: Settings;
  /** False: no token stored (a visitor). */
  readonly signedIn?: boolean;
  /**
   * True (default): this client is the page's (`sync()`, which screens' and domains' functions use), and the
   * domains' in-memory state starts fresh. False: a second device beside it (its own runtime only).
   */
  readonly page?: boolean;
  /** Where uploads go: the real /api/ routes (support/http-api.ts); by default the in-memory stand-in (fake-http.ts). */
  readonly fetch?: FetchLike;
  /** Connected before the engine starts, as a page opened with a stored token: its core connects while the engine's
   *  chunk still loads. By default the test opens the connection. */
  readonly connectedFirst?: boolean;
}

export interface Harness {
  readonly db: Replica;
  readonly settings: Settings;
  readonly sync: Sync;
  readonly connection: FakeConnection;
  readonly wire: Wire;
  readonly server: ClientServer;
  readonly http: FakeHttp;
  readonly notifier: Notifier;
  readonly user: string;
  /** The account's id on the server (lots.userId). */
  readonly userId: number;
  /** The server-signed token of the account. */
  readonly token: string;
  readonly unlink: () => void;
}

const made = new Map<string, { id: number; token: string }>();

export async function createHarness(server: ClientServer, options: HarnessOptions = {}): Promise<Harness> {
  const { user = uniqueUser('alice'), admin = false, db = freshReplica(), settings = createSettings(createMemoryStorage()), signedIn = true, page = true } = options;
  const key = `${user}:${admin}`;
  const account = made.get(key) ?? (await server.account(user, { admin }));
  made.set(key, account);
  if (signedIn) settings.set(TOKEN, account.token);
  const connection = createFakeConnection();
  const notifier = mockNotifier();
  let token: () => string | undefined = () => undefined;
  const wire = server.wire(connection, () => token());
  const http = createFakeHttp(wire.applied);
  if (options.connectedFirst === true) connection.open();
  const parts = { settings, connection, replica: db, notifier, status: createStatus(), locks: createInProcessLocks(), backoffMs: () => 5, fetch: options.fetch ?? http.fetch, now: () => NOW_MS };
  const sync = page ? startSync(domains, parts) : createSync(domains, parts);
  token = sync.session.currentToken;
  return { db, settings, sync, connection, wire, server, http, notifier, user, userId: account.id, token: account.token, unlink: sync.stop };
}

/**
 * A harness for the running test only, its replica claimed for its user (as the runtime does at start); when the
 * test ends it is unlinked and nothing it sent is still on its way (the file's server stops after the last test).
 */
export async function startHarness(server: ClientServer, options: HarnessOptions = {}): Promise<Harness> {
  const harness = await createHarness(server, options);
  onTestFinished(harness.unlink);
  onTestFinished(() => harness.wire.idle());
  await claimReplica(harness.db, harness.user);
  return harness;
}

/** The sends of the outbox (frames with a client-msg-id), as `destination body`. */
export function outboxSends(harness: Harness): Array<{ destination: string; body: unknown; clientMsgId: string | undefined }> {
  return harness.connection.sent
    .filter((frame) => frame.headers?.['client-msg-id'] !== undefined)
    .map((frame) => ({ destination: frame.destination, body: frame.body, clientMsgId: frame.headers?.['client-msg-id'] }));
}
