// A whole client on fake parts: a fresh replica in fake-indexeddb, a session signed in as `user`, the fake
// connection with the fake server behind it, the fake fetch for uploads, and everything linked as startSync()
// links the real ones.
import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { createCategories } from '../../../../src/sync/categories';
import { linkSync, refetchAfter, replaySession } from '../../../../src/sync/client';
import { createInProcessLocks } from '../../../../src/sync/locks';
import { createLogin } from '../../../../src/sync/login';
import { createLotLookups } from '../../../../src/sync/lot-lookups';
import { createCatalogue } from '../../../../src/sync/catalogue';
import { createLotEditQuery } from '../../../../src/sync/lot-edit-query';
import { createLotsQuery } from '../../../../src/sync/lots-query';
import type { Notifier } from '../../../../src/sync/notifier';
import { openReplica, type ReplicaDb } from '../../../../src/sync/replica';
import { createReplayer, type UploadIngest } from '../../../../src/sync/replayer';
import { createSession } from '../../../../src/sync/session';
import { createMemoryStorage, createSettings, type Settings } from '../../../../src/sync/settings';
import { createStatus } from '../../../../src/sync/status';
import { createFakeConnection } from './fake-connection';
import { createFakeHttp } from './fake-http';
import { createFakeServer } from './fake-server';
import { NOW_MS, adminToken, userToken } from './tokens';

let databases = 0;

/** A fresh, empty replica database of its own. */
export function freshReplica(): ReplicaDb {
  databases += 1;
  return openReplica(`lotdesk-test-${databases}-${Math.random().toString(36).slice(2)}`);
}

export function mockNotifier(): Notifier {
  return { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn(), alert: vi.fn(), sound: vi.fn() };
}

export interface HarnessOptions {
  readonly user?: string;
  readonly admin?: boolean;
  readonly db?: ReplicaDb;
  readonly settings?: Settings;
  /** False: no token stored (a visitor). */
  readonly signedIn?: boolean;
  /** What takes confirmed uploads' answers, by purpose. */
  readonly uploadIngest?: Readonly<Record<string, UploadIngest>>;
}

export function createHarness(options: HarnessOptions = {}) {
  const { user = 'alice', admin = false, db = freshReplica(), settings = createSettings(createMemoryStorage()), signedIn = true } = options;
  if (signedIn) settings.set('token', admin ? adminToken(3600, user) : userToken(3600, user));
  const session = createSession(settings, () => NOW_MS);
  const connection = createFakeConnection();
  const server = createFakeServer(connection);
  const http = createFakeHttp(server);
  const status = createStatus();
  const notifier = mockNotifier();
  const categories = createCategories({ publish: connection.publish, settings, status });
  const login = createLogin(connection, session, () => NOW_MS);
  const lotsQuery = createLotsQuery({ publish: connection.publish, settings });
  const lotLookups = createLotLookups({ publish: connection.publish });
  const catalogue = createCatalogue({ publish: connection.publish, db });
  const lotEditQuery = createLotEditQuery({ publish: connection.publish });
  const replayer = createReplayer({
    db,
    transport: connection,
    session: replaySession(session),
    locks: createInProcessLocks(),
    backoffMs: () => 5,
    onSettled: refetchAfter(lotsQuery),
    fetch: http.fetch,
    ...(options.uploadIngest === undefined ? {} : { uploadIngest: options.uploadIngest }),
  });
  const unlink = linkSync({ connection, session, status, login, categories, notifier, db, lotsQuery, lotLookups, catalogue, lotEditQuery, replayer });
  return { db, settings, session, connection, server, http, status, notifier, categories, lotsQuery, lotLookups, catalogue, lotEditQuery, replayer, unlink, user };
}

export type Harness = ReturnType<typeof createHarness>;

/** The sends of the outbox (frames with a client-msg-id), as `destination body`. */
export function outboxSends(harness: Harness): Array<{ destination: string; body: unknown; clientMsgId: string | undefined }> {
  return harness.connection.sent
    .filter((frame) => frame.headers?.['client-msg-id'] !== undefined)
    .map((frame) => ({ destination: frame.destination, body: frame.body, clientMsgId: frame.headers?.['client-msg-id'] }));
}
