// Boots the whole server (createServer) on a free port with its own database: PGlite in a temp folder, or a
// fresh database on the PostgreSQL of DATABASE_URL. What the integration suite runs against.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db';
import type { FastifyInstance } from 'fastify';
import { createServer, type LotDeskServer } from '../../server/app';
import type { Services } from '../../server/services';
import { createTestDatabase } from './test-database';

export const ADMIN_PASSWORD = 'test-admin-password';

export interface TestServer {
  server: LotDeskServer;
  url: string;
  wsUrl: string;
  kind: 'pglite' | 'postgres';
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Extra routes for the test, registered on the whole app before it listens (e.g. a stand-in endpoint). */
  routes?: (app: FastifyInstance, services: Services) => void;
}

export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const testDatabase = await createTestDatabase();
  const secretsDir = mkdtempSync(join(tmpdir(), 'lotdesk-server-'));
  const config = loadConfig({
    PORT: '0',
    HTTPS_PORT: '0', // any free port: many test servers run at once
    HOST: '127.0.0.1',
    DATA_DIR: testDatabase.options.dataDir,
    ...(testDatabase.options.databaseUrl ? { DATABASE_URL: testDatabase.options.databaseUrl } : {}),
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(secretsDir, 'no-build'),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let server: LotDeskServer | undefined;
  let address: string;
  try {
    server = await createServer(config, database);
    options.routes?.(server.app, server.services);
    address = await server.listen();
  } catch (error) {
    // A start the test expects to fail (a damaged setting or file, a port in use) leaves nothing open behind it.
    await server?.close();
    await database.close();
    await testDatabase.dispose();
    rmSync(secretsDir, { recursive: true, force: true });
    throw error;
  }
  const port = new URL(address).port;
  const started = server;
  return {
    server: started,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    kind: testDatabase.kind,
    async stop() {
      await started.close();
      await database.close();
      await testDatabase.dispose();
      rmSync(secretsDir, { recursive: true, force: true });
    },
  };
}
