// openDatabase(): the one way the server and the CLIs get a database — PGlite in the data folder by default,
// PostgreSQL when DATABASE_URL is set — with the migrations in ./migrations applied on open.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { writeBackup } from './backup';
import { claimDataFolder } from './data-folder';
import { createPglite, pgliteDir } from './pglite';
import * as schema from './schema';
import type { Database, Db, DbLogger } from './types';

/** The SQL migrations drizzle-kit generated: the source of truth for the schema at start-up. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: servers starting together on one PostgreSQL database migrate one after another. */
const MIGRATION_LOCK_KEY = 0x107de5c;

export interface OpenDatabaseOptions {
  /** postgres://… — when absent the embedded database in `${dataDir}/pglite` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  logger?: DbLogger;
}

export function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.logger)
    : openEmbedded(options.dataDir, options.logger);
}

async function openEmbedded(dataDir: string, logger?: DbLogger): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const claim = await claimDataFolder(dataDir, logger);
  try {
    const client = await createPglite(pgliteDir(dataDir));
    try {
      const db = drizzlePglite({ client, schema });
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      logger?.info({ kind: 'pglite', folder: pgliteDir(dataDir) }, 'database ready');
      // From now on `npm run backup` is answered here, from this open database.
      claim.answerBackups(() => writeBackup(client, dataDir));
      let closing: Promise<void> | undefined;
      const typed: Db = db;
      return {
        db: typed,
        kind: 'pglite',
        close() {
          closing ??= client.close().finally(() => claim.release());
          return closing;
        },
      };
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    await claim.release();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, logger?: DbLogger): Promise<Database> {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => logger?.warn({ err: error }, 'PostgreSQL idle client error'));
  try {
    await migrateUnderAdvisoryLock(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  logger?.info({ kind: 'postgres' }, 'database ready');
  const db: Db = drizzleNodePg({ client: pool, schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

async function migrateUnderAdvisoryLock(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}
