// The real router and services on a private test database, without HTTP or a socket: what a client-side harness
// needs to answer its STOMP frames with the server's own handlers. Sessions are stand-ins that record what they are
// sent; a frame goes in with router.onSend(session, frame), exactly as the STOMP layer hands it over.
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import { handlers } from '../../server/domains';
import { createServices, type Logger, type Services } from '../../server/services';
import { createRouter, type Router } from '../../server/stomp/router';
import type { StompSession } from '../../server/stomp/types';
import { seedCategories } from '../../server/store/embedded';
import { createTestDatabase } from './test-database';

export interface Delivered {
  destination: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface RecordingSession extends StompSession {
  readonly delivered: Delivered[];
}

export interface InProcessRouter {
  services: Services;
  router: Router;
  /** A connected stand-in session; with a token, it is signed in from CONNECT on (pushes reach it). */
  connect(token?: string): Promise<RecordingSession>;
  stop(): Promise<void>;
}

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** `logger`: what the server logs (a test may listen for 'replayed a recorded mutation'); silent by default. */
export async function startInProcessRouter(env: Record<string, string> = {}, logger: Logger = silent): Promise<InProcessRouter> {
  const testDatabase = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: testDatabase.options.dataDir,
    ...(testDatabase.options.databaseUrl ? { DATABASE_URL: testDatabase.options.databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const services = createServices(config, database, logger);
  await seedCategories(database.db);
  const router = createRouter(handlers, services);
  const sessions: RecordingSession[] = [];
  let next = 0;
  return {
    services,
    router,
    async connect(token) {
      const session = recordingSession(`in-process-${++next}`, token);
      sessions.push(session);
      await router.onConnect?.(session);
      return session;
    },
    async stop() {
      for (const session of sessions) router.onClose?.(session);
      await services.push.close();
      await database.close();
      await testDatabase.dispose();
    },
  };
}

/** A stand-in session recording what it is sent; `headers`: its CONNECT's further headers. */
export function recordingSession(id: string, token: string | undefined, headers: Readonly<Record<string, string>> = {}): RecordingSession {
  const delivered: Delivered[] = [];
  return {
    id,
    connectHeaders: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    remoteAddress: undefined,
    delivered,
    deliver(destination, body, headers = {}) {
      delivered.push({ destination, body: JSON.parse(body), headers });
      return 1;
    },
    isSubscribed: () => true,
    close: () => undefined,
  };
}
