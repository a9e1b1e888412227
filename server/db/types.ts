// The database types every repository sees: one Db type that the PGlite and node-postgres drivers both
// satisfy, its transaction, and the opened Database handle. Types only; no driver is imported here.
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;

/** The drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A transaction opened with `db.transaction(async (tx) => …)`. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** What repositories take, so commands can compose several of them in one transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DbLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /**
   * Closes the pool, or shuts PGlite down cleanly and releases the data folder (which, while open, answers
   * `npm run backup`: server/db/data-folder.ts). Idempotent.
   */
  close(): Promise<void>;
}
