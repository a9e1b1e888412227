// server/db: migrations, the lot-number sequence, cascades, and — for the embedded database — the
// data-folder claim (its socket), durability across kill -9, and backup/restore through `npm run backup`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, nextLotNumber, queryRows, type Database } from '../../server/db';
import { backupEmbedded, restoreEmbedded } from '../../server/db/backup';
import { claimDataFolder, controlSocketPath, SOCKET_FILE } from '../../server/db/data-folder';
import { boxes, items, lots, notes, users } from '../../server/db/schema';
import { createTestDatabase, testDatabaseKind, type DatabaseKind, type TestDatabase } from '../support/test-database';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = join(ROOT, 'tests/support/database-child.ts');
const BACKUP_CLI = join(ROOT, 'server/cli/backup.ts');
const JOURNAL = join(ROOT, 'server/db/migrations/meta/_journal.json');
const SLOW = 120_000; // tests that start other processes (each boots tsx and PGlite)

const kind = testDatabaseKind();
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A describe that runs only on one database kind, saying why when it does not. */
function onlyOn(wanted: DatabaseKind, reason: string) {
  if (kind !== wanted) console.info(`[database.test] skipped on ${kind}: ${reason}`);
  return describe.skipIf(kind !== wanted);
}

async function freshDatabase(fromTemplate = true): Promise<TestDatabase> {
  const testDatabase = await createTestDatabase({ fromTemplate });
  cleanups.push(() => testDatabase.dispose());
  return testDatabase;
}

async function open(testDatabase: TestDatabase, logger?: Parameters<typeof openDatabase>[0]['logger']): Promise<Database> {
  const database = await openDatabase({ ...testDatabase.options, ...(logger ? { logger } : {}) });
  cleanups.push(() => database.close());
  return database;
}

async function appliedMigrations(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row?.n ?? -1;
}

async function aLot(database: Database) {
  const [user] = await database.db.insert(users).values({ username: `u${Math.random()}`, passwordHash: 'x' }).returning();
  if (!user) throw new Error('no user');
  const [lot] = await database.db.insert(lots).values({ lotNumber: await nextLotNumber(database.db, 'LOT-'), userId: user.id }).returning();
  if (!lot) throw new Error('no lot');
  return { user, lot };
}

describe('database (both kinds)', () => {
  it('applies the migrations to a fresh database, and applying them again changes nothing', async () => {
    const testDatabase = await freshDatabase(false);
    const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
    const first = await open(testDatabase);
    expect(await appliedMigrations(first)).toBe(journal.entries.length);
    await first.db.insert(notes).values({ label: 'notes_kept', data: 'x' });
    await first.close();

    const second = await open(testDatabase);
    expect(await appliedMigrations(second)).toBe(journal.entries.length);
    expect(await second.db.select().from(notes)).toHaveLength(1);
    expect(second.kind).toBe(kind);
  });

  it('gives lot numbers from a sequence: prefixed, zero-padded, increasing and unique', async () => {
    const database = await open(await freshDatabase());
    const sequential = [];
    for (let i = 0; i < 5; i++) sequential.push(await nextLotNumber(database.db, 'LOT-'));
    expect(sequential[0]).toMatch(/^LOT-\d{6}$/);
    const values = sequential.map((n) => Number(n.slice(4)));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(5);

    const concurrent = await Promise.all(Array.from({ length: 20 }, () => nextLotNumber(database.db, 'LOT-')));
    expect(new Set([...sequential, ...concurrent]).size).toBe(25);
  });

  it('deleting a lot deletes its boxes and their items', async () => {
    const database = await open(await freshDatabase());
    const { user, lot } = await aLot(database);
    const { lot: other } = await aLot(database);
    const [box] = await database.db.insert(boxes).values({ lotId: lot.id, userId: user.id, label: 'A' }).returning();
    const [kept] = await database.db.insert(boxes).values({ lotId: other.id, userId: user.id, label: 'B' }).returning();
    if (!box || !kept) throw new Error('no box');
    await database.db.insert(items).values([
      { boxId: box.id, upc: '111', quantity: 2, retailPrice: 10.5 },
      { boxId: box.id, upc: '222' },
      { boxId: kept.id, upc: '333' },
    ]);

    await database.db.delete(lots).where(eq(lots.id, lot.id));

    expect(await database.db.select().from(boxes)).toEqual([expect.objectContaining({ id: kept.id })]);
    expect(await database.db.select({ upc: items.upc }).from(items)).toEqual([{ upc: '333' }]);
  });
});

onlyOn('postgres', 'several servers sharing one PostgreSQL database only exist with DATABASE_URL')('PostgreSQL', () => {
  it('servers opening the same database together all start, and the migrations run once', async () => {
    const testDatabase = await freshDatabase();
    const opened = await Promise.all([1, 2, 3].map(() => open(testDatabase)));
    const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] };
    for (const database of opened) expect(await appliedMigrations(database)).toBe(journal.entries.length);
  });

  it('npm run backup prints the pg_dump and pg_restore commands instead of writing anything', async () => {
    const testDatabase = await freshDatabase();
    const result = await runBackupCli(testDatabase.options.dataDir, [], testDatabase.options.databaseUrl);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/pg_dump --format=custom .*"\$DATABASE_URL"/);
    expect(result.output).toMatch(/pg_restore .*--dbname="\$DATABASE_URL"/);
    expect(existsSync(join(testDatabase.options.dataDir, 'backups'))).toBe(false);
  });
});

onlyOn('pglite', 'the data-folder lock, kill -9 durability and file backups concern the embedded database')('embedded database (PGlite)', () => {
  it('refuses a second open of the same data folder while the first is open, naming the folder', async () => {
    const testDatabase = await freshDatabase();
    const first = await open(testDatabase);
    const { dataDir } = testDatabase.options;
    await expect(openDatabase(testDatabase.options)).rejects.toThrow(
      `Another LotDesk server (pid ${process.pid}`,
    );
    await expect(openDatabase(testDatabase.options)).rejects.toThrow(`is using the data folder ${dataDir}`);
    await first.close();

    const again = await open(testDatabase);
    expect(await again.db.select().from(notes)).toEqual([]);
    expect(existsSync(join(dataDir, SOCKET_FILE))).toBe(true);
    await again.close();
    expect(existsSync(join(dataDir, SOCKET_FILE))).toBe(false);
  });

  it('refuses to open a data folder another process holds, naming that process', { timeout: SLOW }, async () => {
    const testDatabase = await freshDatabase();
    const { dataDir } = testDatabase.options;
    const child = await startChild(dataDir, 'notes_held_elsewhere');
    const refusal = openDatabase(testDatabase.options);
    await expect(refusal).rejects.toThrow(`Another LotDesk server (pid ${child.pid}, database-child.ts `);
    await expect(refusal).rejects.toThrow(`is using the data folder ${dataDir}. The embedded database allows one process at a time`);
  });

  it('takes over the socket left by a process that was killed, with a warning', async () => {
    const testDatabase = await freshDatabase();
    const { dataDir } = testDatabase.options;
    const socket = controlSocketPath(dataDir);
    // A process that dies with kill -9 while listening leaves its socket file behind, with nobody answering.
    const crashed = spawnSync(process.execPath, ['-e',
      "require('node:net').createServer().listen(process.argv[1], () => process.kill(process.pid, 'SIGKILL'))", socket]);
    expect(crashed.signal).toBe('SIGKILL');
    expect(existsSync(socket)).toBe(true);
    const warnings: object[] = [];
    const database = await open(testDatabase, { info: () => undefined, warn: (obj) => warnings.push(obj) });
    expect(warnings).toEqual([expect.objectContaining({ socket })]);
    expect(database.kind).toBe('pglite');
    await expect(openDatabase(testDatabase.options)).rejects.toThrow(`Another LotDesk server (pid ${process.pid}`);
  });

  it('keeps its socket in the temp folder when the data folder\'s path is too long for one, found alike by every process', async () => {
    const testDatabase = await freshDatabase();
    const deep = join(testDatabase.options.dataDir, 'a-folder-name-long-enough-to-push-the-socket-path-past-its-limit', 'x'.repeat(40));
    mkdirSync(deep, { recursive: true });
    const socket = controlSocketPath(deep);
    expect(socket.startsWith(tmpdir())).toBe(true);
    expect(controlSocketPath(join(deep, '..', 'x'.repeat(40)))).toBe(socket);
    const claim = await claimDataFolder(deep);
    await expect(claimDataFolder(deep)).rejects.toThrow(`is using the data folder ${deep}`);
    await claim.release();
    expect(existsSync(socket)).toBe(false);
    const again = await claimDataFolder(deep);
    await again.release();
  });

  it('keeps a write acknowledged by a process that is then killed with kill -9', { timeout: SLOW }, async () => {
    const testDatabase = await freshDatabase();
    const child = await startChild(testDatabase.options.dataDir, 'notes_survivor');
    child.kill('SIGKILL');
    await exited(child);

    const reopened = await open(testDatabase);
    expect(await reopened.db.select({ label: notes.label }).from(notes)).toEqual([{ label: 'notes_survivor' }]);
  });

  it('npm run backup asks a running server for the backup; --restore brings that data back', { timeout: SLOW }, async () => {
    const testDatabase = await freshDatabase();
    const { dataDir } = testDatabase.options;
    const child = await startChild(dataDir, 'notes_before_backup');

    const backup = await runBackupCli(dataDir, []);
    expect(backup.output).toContain('Backup written by the running server');
    expect(backup.code).toBe(0);
    const file = /: (\S+\.tar\.gz)/.exec(backup.output)?.[1] ?? '';
    expect(existsSync(file)).toBe(true);

    const refused = await runBackupCli(dataDir, ['--restore', file]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`Stop the LotDesk server first: pid ${child.pid}`);

    child.kill('SIGTERM');
    await exited(child);
    const changed = await open(testDatabase);
    await changed.db.delete(notes);
    await changed.db.insert(notes).values({ label: 'notes_after_backup' });
    await changed.close();

    const restore = await runBackupCli(dataDir, ['--restore', file]);
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    const restored = await open(testDatabase);
    expect(await restored.db.select({ label: notes.label }).from(notes)).toEqual([{ label: 'notes_before_backup' }]);
  });

  it('with no server running, the backup is taken directly and restores; restore refuses while the folder is open', { timeout: SLOW }, async () => {
    const testDatabase = await freshDatabase();
    const { dataDir } = testDatabase.options;
    const database = await open(testDatabase);
    await database.db.insert(notes).values({ label: 'notes_direct' });
    await database.close();

    const { file, via } = await backupEmbedded(dataDir, 1000);
    expect(via).toBe('direct');

    const holder = await open(testDatabase);
    await expect(restoreEmbedded(dataDir, file)).rejects.toThrow(`is using the data folder ${dataDir}`);
    await holder.db.insert(notes).values({ label: 'notes_later' });
    await holder.close();

    const { keptAs } = await restoreEmbedded(dataDir, file);
    expect(keptAs && existsSync(keptAs)).toBe(true);
    const restored = await open(testDatabase);
    expect(await restored.db.select({ label: notes.label }).from(notes)).toEqual([{ label: 'notes_direct' }]);
  });
});

/** Starts tests/support/database-child.ts and resolves once it printed "committed". */
function startChild(dataDir: string, label: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, label], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes(`committed ${child.pid}`)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before committing: ${stderr}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs `npm run backup -- …` as the user would (through tsx), with DATA_DIR and DATABASE_URL set. */
function runBackupCli(dataDir: string, args: string[], databaseUrl = ''): Promise<{ code: number | null; output: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET: 'x'.repeat(32) };
  const cli = spawn(process.execPath, ['--import', 'tsx', BACKUP_CLI, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => cli.once('close', (code) => resolve({ code, output })));
}
