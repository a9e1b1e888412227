// A private database per test file: a fresh PGlite folder in a temp dir, or — with DATABASE_URL set — a
// freshly created, uniquely named database on that PostgreSQL server, dropped again on dispose.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../../server/db';
import { PGLITE_FOLDER } from '../../server/db/pglite';

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const PROBE_TIMEOUT_MS = 1000; // a local server answers at once; anything slower counts as absent

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestDatabase {
  /** Ready for openDatabase(); dataDir is always a fresh temp folder (images, lock, backups live there). */
  options: { databaseUrl?: string; dataDir: string };
  kind: DatabaseKind;
  dispose(): Promise<void>;
}

/** Which database the integration suite runs against: PostgreSQL when DATABASE_URL is set. */
export const testDatabaseKind = (): DatabaseKind => (process.env.DATABASE_URL ? 'postgres' : 'pglite');

/**
 * `fromTemplate` (default true): a PGlite folder is copied from a migrated template built once per machine
 * and migration set — initdb takes seconds, a copy a fraction of that. Pass false to test a truly empty start.
 * `serverUrl` (default DATABASE_URL): the PostgreSQL server to make the database on; '' for PGlite.
 */
export async function createTestDatabase({ fromTemplate = true, serverUrl = process.env.DATABASE_URL }: { fromTemplate?: boolean; serverUrl?: string } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotdesk-db-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    if (fromTemplate) cpSync(await pgliteTemplate(), join(dataDir, PGLITE_FOLDER), { recursive: true });
    return { options: { dataDir }, kind: 'pglite', dispose: async () => removeDataDir() };
  }

  const name = `lotdesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    options: { databaseUrl: url.toString(), dataDir },
    kind: 'postgres',
    async dispose() {
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      removeDataDir();
    },
  };
}

/**
 * Gives an empty data folder the migrated template's embedded database, so a server process started on it skips
 * initdb and the migrations (seconds under load); it still makes its admin and categories as on a first start.
 */
export async function withMigratedPglite(dataDir: string): Promise<void> {
  const target = join(dataDir, PGLITE_FOLDER);
  if (!existsSync(target)) cpSync(await pgliteTemplate(), target, { recursive: true });
}

/** The migrated template's pglite folder, built (by whichever test worker gets there first) if missing. */
async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(MIGRATIONS_FOLDER, file)));
  }
  const template = join(tmpdir(), `lotdesk-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (!existsSync(template)) {
    const building = mkdtempSync(`${template}.building-`);
    const database = await openDatabase({ dataDir: building });
    await database.close();
    try {
      renameSync(building, template); // atomic: a concurrent builder either wins or finds ours
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
  }
  return join(template, PGLITE_FOLDER);
}

/** True when the local PostgreSQL (trust auth) answers quickly. */
export async function postgresAvailable(url = LOCAL_POSTGRES_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
