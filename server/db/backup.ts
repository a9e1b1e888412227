// Backups of the embedded database: the server's SIGUSR2 handler, the request a CLI leaves for it, the
// offline dump when no server runs, and restore. PostgreSQL is backed up with pg_dump, not here.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { acquireDataDirLock, readLiveLock } from './lock';
import { createPglite, dumpPglite, pgliteDir, pgliteExists } from './pglite';
import type { Database, DbLogger } from './types';

export const BACKUPS_FOLDER = 'backups';
const REQUEST_PREFIX = '.request-';
const POLL_MS = 250; // how often the CLI looks for the server's answer
const GZIP_MAGIC = [0x1f, 0x8b];

export const backupsDir = (dataDir: string): string => join(dataDir, BACKUPS_FOLDER);

/** `lotdesk-2025-01-31T09-30-00-000Z.tar.gz`: sortable, and no ':' so it is a valid name everywhere. */
export const backupFileName = (at: Date = new Date()): string =>
  `lotdesk-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

/** Writes the dump under a temporary name, then renames it: a reader never sees half a backup. */
async function writeDump(dump: Promise<Blob | File>, dir: string, name: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const final = join(dir, name);
  const partial = join(dir, `.${name}.partial`);
  try {
    writeFileSync(partial, new Uint8Array(await (await dump).arrayBuffer()));
    renameSync(partial, final);
  } finally {
    rmSync(partial, { force: true });
  }
  return final;
}

/**
 * The server side of `npm run backup` while it runs: on SIGUSR2, answer every request file in the backups
 * folder (each names the file to write) or, with none, write one backup under a fresh name. Advertises
 * itself in the lock so the CLI never signals a process that would die of SIGUSR2 (Node's default).
 * Returns the uninstaller. A no-op for PostgreSQL.
 */
export function installBackupSignal(database: Database, dataDir: string, logger: DbLogger): () => void {
  const { backup, lock } = database;
  if (!backup || !lock) return () => undefined;
  const dir = backupsDir(dataDir);
  let queue: Promise<void> = Promise.resolve();

  const answer = async () => {
    const requests = existsSync(dir)
      ? readdirSync(dir).filter((f) => f.startsWith(REQUEST_PREFIX) && f.endsWith('.json'))
      : [];
    const targets = requests.length > 0
      ? requests.map((request) => ({ request, name: requestedName(join(dir, request)) }))
      : [{ request: undefined, name: backupFileName() }];
    for (const { request, name } of targets) {
      try {
        const file = await writeDump(backup(), dir, name);
        logger.info({ file }, 'backup written');
      } catch (error) {
        logger.warn({ err: error }, 'backup failed');
        const message = error instanceof Error ? error.message : String(error);
        if (request) writeFileSync(join(dir, request.replace(/\.json$/, '.error')), message);
      } finally {
        if (request) rmSync(join(dir, request), { force: true });
      }
    }
  };
  const onSignal = () => {
    queue = queue.then(answer, answer);
  };
  process.on('SIGUSR2', onSignal);
  lock.update({ backupSignal: true });
  return () => {
    process.removeListener('SIGUSR2', onSignal);
    lock.update({ backupSignal: false });
  };
}

function requestedName(path: string): string {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const file = typeof value === 'object' && value !== null && 'file' in value ? value.file : undefined;
    if (typeof file === 'string' && /^lotdesk-[\w-]+\.tar\.gz$/.test(file)) return file;
  } catch {
    // an unreadable request still gets a backup, under a fresh name
  }
  return backupFileName();
}

export type BackupResult = { file: string; via: 'server' | 'direct' };

/**
 * A consistent backup of the embedded database in `${dataDir}/backups/`. If a live server holds the folder
 * it is asked (SIGUSR2) and awaited for up to `timeoutMs`; otherwise the folder is locked and dumped here.
 */
export async function backupEmbedded(dataDir: string, timeoutMs: number): Promise<BackupResult> {
  const holder = readLiveLock(dataDir);
  if (holder) {
    if (!holder.backupSignal) {
      throw new Error(
        `LotDesk process ${holder.pid} (${holder.command}) holds the data folder ${dataDir} and does not take ` +
          'backup requests; wait for it to finish, or stop it, then run the backup again.',
      );
    }
    return { file: await requestFromServer(dataDir, holder.pid, timeoutMs), via: 'server' };
  }
  if (!pgliteExists(dataDir)) throw new Error(`There is no embedded database in ${pgliteDir(dataDir)} to back up.`);
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = await createPglite(pgliteDir(dataDir));
    try {
      return { file: await writeDump(dumpPglite(client), backupsDir(dataDir), backupFileName()), via: 'direct' };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

async function requestFromServer(dataDir: string, pid: number, timeoutMs: number): Promise<string> {
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const name = backupFileName();
  const id = randomBytes(6).toString('hex');
  const request = join(dir, `${REQUEST_PREFIX}${id}.json`);
  const failure = join(dir, `${REQUEST_PREFIX}${id}.error`);
  writeFileSync(request, JSON.stringify({ file: name }));
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < timeoutMs; waited += POLL_MS) {
    if (existsSync(join(dir, name))) return join(dir, name);
    if (existsSync(failure)) {
      const message = readFileSync(failure, 'utf8');
      unlinkSync(failure);
      throw new Error(`The server (pid ${pid}) could not write the backup: ${message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  rmSync(request, { force: true });
  throw new Error(
    `The server (pid ${pid}) did not write the backup within ${Math.round(timeoutMs / 1000)} s. ` +
      'Is it busy or stuck? Its log says more; the request was withdrawn.',
  );
}

/**
 * Replaces the embedded database with a backup. The server must be stopped (refused if the lock is live).
 * The current folder is kept as `pglite.before-restore-<time>`; if loading fails it is put back.
 */
export async function restoreEmbedded(dataDir: string, file: string, logger?: DbLogger): Promise<{ keptAs?: string }> {
  const holder = readLiveLock(dataDir);
  if (holder) {
    throw new Error(`Stop the LotDesk server first: pid ${holder.pid} (${holder.command}) is using the data folder ${dataDir}.`);
  }
  const bytes = readFileSync(file);
  const gzip = GZIP_MAGIC.every((byte, i) => bytes[i] === byte);
  const dump = new Blob([new Uint8Array(bytes)], { type: gzip ? 'application/gzip' : 'application/x-tar' });
  mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir, logger);
  try {
    const folder = pgliteDir(dataDir);
    const keptAs = existsSync(folder) ? `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : undefined;
    if (keptAs) renameSync(folder, keptAs);
    try {
      const client = await createPglite(folder, dump);
      try {
        await client.query('select 1');
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(folder, { recursive: true, force: true });
      if (keptAs) renameSync(keptAs, folder);
      throw error;
    }
    return keptAs ? { keptAs } : {};
  } finally {
    lock.release();
  }
}
