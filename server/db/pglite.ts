// PGlite in Node: where the embedded database lives in the data folder, the options that keep commits
// durable, and the consistent dump used by backups. Knows nothing of drizzle, migrations or the lock.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** The embedded database's folder inside DATA_DIR. */
export const PGLITE_FOLDER = 'pglite';
export const pgliteDir = (dataDir: string): string => join(dataDir, PGLITE_FOLDER);

/** Whether an embedded database has been created in this data folder. */
export const pgliteExists = (dataDir: string): boolean => existsSync(join(pgliteDir(dataDir), 'PG_VERSION'));

/**
 * Durability, as PGlite 0.5 behaves in Node with a folder dataDir (NodeFS = Emscripten NODEFS):
 * - Every file write Postgres makes is a synchronous fs.writeSync on the real file, and a COMMIT writes its
 *   WAL record before the query resolves; so an acknowledged commit is in the kernel and survives the
 *   process being killed (kill -9, crash, OOM). On reopen Postgres replays the WAL (tests prove it).
 * - fsync never reaches the disk: PGlite starts Postgres with `-F` (fsync=off) and NODEFS has no fsync
 *   anyway. A power cut or kernel crash can lose recent commits or corrupt the folder. That is why
 *   DESIGN §5 and docs/operations.md send production data to PostgreSQL and why backups exist.
 * - relaxedDurability only matters for browser filesystems that flush after each query (IndexedDB); for
 *   NodeFS syncToFs is a no-op. It stays false so a later filesystem change cannot weaken this silently.
 */
export function createPglite(folder: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir: folder, relaxedDurability: false, ...(loadDataDir ? { loadDataDir } : {}) });
}

/**
 * A gzipped tarball of the whole database folder. dumpDataDir waits until no query is running and copies
 * the files as they are (a crash-consistent snapshot: restoring replays the WAL); the CHECKPOINT first
 * keeps that replay short.
 */
export async function dumpPglite(client: PGlite): Promise<Blob | File> {
  await client.exec('CHECKPOINT');
  return client.dumpDataDir('gzip');
}
