// Backups of the embedded database: a dump written by whichever process holds the data folder — the running server,
// asked over the folder's socket (./data-folder.ts), or this one when none does — and restore. PostgreSQL is backed
// up with pg_dump, not here.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { claimDataFolder, folderHolder, requestBackup } from './data-folder';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, dumpPglite, pgliteDir, pgliteExists } from './pglite';
import type { DbLogger } from './types';

export const BACKUPS_FOLDER = 'backups';
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

/** A backup of the open database `client` into `${dataDir}/backups/`, under a fresh name; the file written. */
export const writeBackup = (client: PGlite, dataDir: string): Promise<string> =>
  writeDump(dumpPglite(client), backupsDir(dataDir), backupFileName());

export type BackupResult = { file: string; via: 'server' | 'direct' };

/**
 * A consistent backup of the embedded database in `${dataDir}/backups/`. If a live process holds the folder it is
 * asked over the folder's socket and awaited for up to `timeoutMs`; otherwise the folder is claimed and dumped here.
 */
export async function backupEmbedded(dataDir: string, timeoutMs: number): Promise<BackupResult> {
  const written = await requestBackup(dataDir, timeoutMs);
  if (written) return { file: written.file, via: 'server' };
  if (!pgliteExists(dataDir)) throw new Error(`There is no embedded database in ${pgliteDir(dataDir)} to back up.`);
  const claim = await claimDataFolder(dataDir);
  try {
    const client = await createPglite(pgliteDir(dataDir));
    try {
      return { file: await writeBackup(client, dataDir), via: 'direct' };
    } finally {
      await client.close();
    }
  } finally {
    await claim.release();
  }
}

/**
 * Replaces the embedded database with a backup. The server must be stopped (refused while a process holds the folder).
 * The current folder is kept as `pglite.before-restore-<time>`; if loading fails it is put back.
 */
export async function restoreEmbedded(dataDir: string, file: string, logger?: DbLogger): Promise<{ keptAs?: string }> {
  const holder = await folderHolder(dataDir);
  if (holder) {
    throw new Error(`Stop the LotDesk server first: pid ${holder.pid} (${holder.command}) is using the data folder ${dataDir}.`);
  }
  const bytes = readFileSync(file);
  const gzip = GZIP_MAGIC.every((byte, i) => bytes[i] === byte);
  const dump = new Blob([new Uint8Array(bytes)], { type: gzip ? 'application/gzip' : 'application/x-tar' });
  mkdirSync(dataDir, { recursive: true });
  const claim = await claimDataFolder(dataDir, logger);
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
    await claim.release();
  }
}
