// The replica (DESIGN §4): the device's IndexedDB copy of what the server showed the signed-in user, plus the
// outbox of that user's (and earlier users') intents. Built from the table definitions the domains contribute
// (./table.ts) and the engine's own three tables; it never talks to the network and never decides what a reply
// means. Code running inside a transaction takes the tables bound to it (`ReplicaTables`), never the global db:
// Dexie finds an implicit transaction through zones, which native async functions can lose while a transaction
// waits behind another one (PrematureCommitError).
import Dexie, { type InsertType, type Table, type Transaction } from 'dexie';
import type { OutboxEntry, OutboxFile, StoredFile } from '../outbox/entry';
import { newerApp } from '../newer-app';
import type { Replicated, Row, TableDefinition } from './table';

/** Upload files: ids are the table's own (++id), given on add. */
type OutboxFilesTable = Table<OutboxFile, number, StoredFile & { readonly id?: number }>;

export const REPLICA_NAME = 'lotdesk';

export interface MetaRow {
  readonly key: string;
  readonly value: unknown;
}

/** The replica's tables, on the database or bound to one transaction. */
export interface ReplicaTables {
  /** A domain table's rows. */
  rows<R extends Row>(table: TableDefinition<R>): Table<Replicated<R>, number>;
  /** A domain table by name (the engine's generic paths: optimistic rows, temporary ids). */
  rowsNamed(name: string): Table<Replicated<Row>, number>;
  // Not a cache: the user's intents. Never cleared by a user switch (entries carry their user). A confirmed entry is
  // deleted at once; a dead one stays until the user retries or discards it.
  readonly outbox: Table<OutboxEntry, number, InsertType<OutboxEntry, 'seq'>>;
  // Not a cache: the files of upload entries (their blobRef). Deleted with their entry when it is confirmed or
  // discarded; a rejected upload keeps its file for Retry. Never cleared by a user switch.
  readonly outboxFiles: OutboxFilesTable;
  // Device facts (deviceId, whose data the tables hold, the next temporary id, domains' per-user facts).
  readonly meta: Table<MetaRow, string>;
  /** The domain tables' definitions (every one a cache of the server). */
  readonly definitions: readonly TableDefinition[];
  /** The definition of the domain table with this name. */
  readonly definition: (name: string) => TableDefinition | undefined;
}

export interface Replica extends ReplicaTables {
  readonly dexie: Dexie;
}

/** The engine's own tables, in the versions they appeared. */
const ENGINE_SCHEMA: ReadonlyArray<{ readonly name: string; readonly schema: Readonly<Record<number, string>> }> = [
  // 3: the further rows a change touches, indexed, so finding the entries on a row reads those entries only.
  { name: 'outbox', schema: { 1: '++seq, clientMsgId, state, [user+state], [change.table+change.id]', 3: '++seq, clientMsgId, state, [user+state], [change.table+change.id], *change.ids' } },
  { name: 'meta', schema: { 1: 'key' } },
  // Uploads queued offline (DESIGN §4): their files. Adding a table keeps every other one as it is.
  { name: 'outboxFiles', schema: { 2: '++id' } },
];

export interface ReplicaVersion {
  readonly version: number;
  /** Dexie store specs: primary key first, then indexes. A version lists only the tables it adds or changes. */
  readonly stores: Readonly<Record<string, string | null>>;
  /** The cache tables whose schema this version changes after their first: emptied (the server refills them). */
  readonly cleared: readonly string[];
}

/** The schema history the definitions add up to, oldest first. The outbox and meta are migrated, never dropped. */
export function replicaVersions(definitions: readonly TableDefinition[]): ReplicaVersion[] {
  const all = [...ENGINE_SCHEMA, ...definitions];
  const names = all.map(({ name }) => name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw new Error(`replica: two tables are named ${repeated}`);
  const numbers = [...new Set(all.flatMap(({ schema }) => Object.keys(schema).map(Number)))].sort((a, b) => a - b);
  return numbers.map((version) => {
    const changing = all.filter(({ schema }) => schema[version] !== undefined);
    const firstOf = (schema: Readonly<Record<number, unknown>>): number => Math.min(...Object.keys(schema).map(Number));
    return {
      version,
      stores: Object.fromEntries(changing.map(({ name, schema }) => [name, schema[version] ?? null])),
      cleared: definitions.filter(({ schema }) => schema[version] !== undefined && schema[version] !== null && firstOf(schema) < version).map(({ name }) => name),
    };
  });
}

function tablesOf(definitions: readonly TableDefinition[], table: (name: string) => Table): ReplicaTables {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  return {
    // A table holds the rows its definition names: definitions are the only way rows get in.
    rows: <R extends Row>(definition: TableDefinition<R>) => table(definition.name) as Table<Replicated<R>, number>,
    rowsNamed: (name) => table(name) as Table<Replicated<Row>, number>,
    outbox: table('outbox') as Table<OutboxEntry, number, InsertType<OutboxEntry, 'seq'>>,
    outboxFiles: table('outboxFiles') as OutboxFilesTable,
    meta: table('meta') as Table<MetaRow, string>,
    definitions,
    definition: (name) => byName.get(name),
  };
}

/** Opens (lazily, on first use) the replica with the domains' tables. */
export function openReplica(definitions: readonly TableDefinition[], name: string = REPLICA_NAME): Replica {
  const dexie = new Dexie(name);
  for (const { version, stores, cleared } of replicaVersions(definitions)) {
    const declared = dexie.version(version).stores(stores);
    if (cleared.length > 0) declared.upgrade((tx) => Promise.all(cleared.map((table) => tx.table(table).clear())));
  }
  // A newer app in another tab upgrades the replica: Dexie closes it here so that tab proceeds; this one offers the
  // reload (issue 32), its queue safe in IndexedDB for the newer code.
  dexie.on('versionchange', (event: IDBVersionChangeEvent) => {
    if (event.newVersion !== null) newerApp.seen(); // null: deleted, not upgraded
  });
  return { dexie, ...tablesOf(definitions, (table) => dexie.table(table)) };
}

/** Runs `work` in one read-write transaction over every table, its tables bound to that transaction. */
export function writeTransaction<T>(db: Replica, work: (tables: ReplicaTables) => Promise<T>): Promise<T> {
  return db.dexie.transaction('rw', db.dexie.tables, (tx: Transaction) => work(tablesOf(db.definitions, (table) => tx.table(table))));
}
