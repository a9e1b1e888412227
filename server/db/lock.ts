// The data-folder lock: PGlite is single-process, so one LotDesk process at a time may open an embedded
// database folder. Owns `${dataDir}/lotdesk.lock` only; never opens the database.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export const LOCK_FILE = 'lotdesk.lock';
const TAKEOVER_ATTEMPTS = 3; // a takeover loses only to another process taking the same stale lock

export interface LockInfo {
  pid: number;
  startedAt: string;
  /** What runs in that process, for the refusal message (e.g. "server/main.ts"). */
  command: string;
  /** Linux process start time (clock ticks since boot): tells a live pid from a reused one. */
  procStart?: string;
  /** Set once the server listens for SIGUSR2 backup requests (server/db/backup.ts). */
  backupSignal?: boolean;
  /** Identifies this holder, so release never deletes a lock someone else took over. */
  token: string;
}

export interface DataDirLock {
  readonly path: string;
  readonly info: LockInfo;
  /** Rewrites the lock's content atomically (still ours); used to advertise the backup signal. */
  update(change: Partial<Pick<LockInfo, 'backupSignal'>>): void;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `Another LotDesk server (pid ${holder.pid}, ${holder.command}) is using the data folder ${dataDir}. ` +
        'The embedded database allows one process at a time: stop that one first. ' +
        `If no LotDesk process is running, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Lock files this process holds: a lock naming our own pid but not listed here is a previous incarnation. */
const heldHere = new Set<string>();

export const lockPath = (dataDir: string): string => join(dataDir, LOCK_FILE);

function procStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm) " start at field 3; starttime is field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function parseLock(text: string): LockInfo | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, startedAt, command, procStart: start, backupSignal, token } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
    return {
      pid,
      startedAt: typeof startedAt === 'string' ? startedAt : '',
      command: typeof command === 'string' ? command : 'unknown command',
      ...(typeof start === 'string' ? { procStart: start } : {}),
      ...(backupSignal === true ? { backupSignal: true } : {}),
      token: typeof token === 'string' ? token : '',
    };
  } catch {
    return undefined;
  }
}

function readLockText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/** Is the process named in the lock still running (and the same process, not a reused pid)? */
export function isHolderAlive(path: string, info: LockInfo): boolean {
  if (info.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if (!isErrno(error, 'EPERM')) return false; // ESRCH: no such process
  }
  const now = procStart(info.pid);
  return !(info.procStart && now && now !== info.procStart);
}

/** The live holder of the data folder's lock, if any (a stale or unreadable lock counts as none). */
export function readLiveLock(dataDir: string): LockInfo | undefined {
  const path = lockPath(dataDir);
  const text = readLockText(path);
  const info = text === undefined ? undefined : parseLock(text);
  return info && isHolderAlive(path, info) ? info : undefined;
}

/**
 * Takes the lock or throws DataDirLockedError. The content is written to a private file first and
 * hard-linked into place: link() fails if the name exists (like O_EXCL) and readers never see half a file.
 * A lock whose process is gone (kill -9, power cut) is stale: it is taken over with a warning.
 */
export function acquireDataDirLock(dataDir: string, logger?: { warn(obj: object, msg?: string): void }): DataDirLock {
  const path = lockPath(dataDir);
  const info: LockInfo = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).map((arg) => basename(arg)).join(' ') || 'node',
    token: randomBytes(8).toString('hex'),
  };
  const start = procStart(process.pid);
  if (start) info.procStart = start;

  for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
    if (tryCreate(path, info)) return holdLock(path, info);
    const text = readLockText(path);
    if (text === undefined) continue; // released meanwhile
    const holder = parseLock(text);
    if (holder && isHolderAlive(path, holder)) throw new DataDirLockedError(dataDir, holder);
    if (takeOverStale(path, text)) {
      logger?.warn({ dataDir, stalePid: holder?.pid }, 'took over a stale data-folder lock (its process is gone)');
    }
  }
  throw new Error(`Could not take the lock ${path}: other processes keep taking it`);
}

function tryCreate(path: string, info: LockInfo): boolean {
  const temporary = `${path}.${info.pid}.${info.token}.tmp`;
  writeFileSync(temporary, JSON.stringify(info), { flag: 'wx' });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** Moves the stale lock aside; if what we moved is not what we judged stale (a race), puts it back. */
function takeOverStale(path: string, staleText: string): boolean {
  const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return false;
    throw error;
  }
  const moved = readFileSync(aside, 'utf8');
  if (moved !== staleText) {
    try {
      linkSync(aside, path);
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    unlinkSync(aside);
    return false;
  }
  unlinkSync(aside);
  return true;
}

function holdLock(path: string, info: LockInfo): DataDirLock {
  heldHere.add(path);
  // A crash that still runs exit handlers (uncaught error, process.exit) leaves no lock behind.
  const onExit = () => releaseIfOurs(path, info);
  process.once('exit', onExit);
  return {
    path,
    info,
    update(change) {
      if (!heldHere.has(path)) return; // released: never recreate the file
      Object.assign(info, change);
      const temporary = `${path}.${info.pid}.${info.token}.tmp`;
      writeFileSync(temporary, JSON.stringify(info));
      renameSync(temporary, path);
    },
    release() {
      process.removeListener('exit', onExit);
      releaseIfOurs(path, info);
    },
  };
}

function releaseIfOurs(path: string, info: LockInfo): void {
  heldHere.delete(path);
  const text = readLockText(path);
  if (text === undefined || parseLock(text)?.token !== info.token) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
