// The data-folder claim: PGlite is single-process, so one LotDesk process at a time may open an embedded data folder.
// The process that holds a folder listens on a Unix domain socket in it (`lotdesk.sock`): a live listener IS the
// claim — the kernel stops it with the process however it ends, so no pid or start time has to be judged — and the
// same socket is how `npm run backup` asks that process for a dump. Owns the socket only; never opens the database.
import { createHash } from 'node:crypto';
import { chmodSync, linkSync, lstatSync, realpathSync, renameSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { z } from 'zod';

export const SOCKET_FILE = 'lotdesk.sock';
const SOCKET_PATH_MAX = 103; // sockaddr_un.sun_path: 104 bytes on macOS, 108 on Linux, the final NUL included
const PROBE_TIMEOUT_MS = 2000; // a live holder answers `who` at once; one that cannot is still alive
const REQUEST_MAX_BYTES = 1024;
const TAKEOVER_ATTEMPTS = 3; // a takeover loses only to another process taking the same stale socket

/** Who holds a data folder, as it says itself. */
export interface Holder {
  pid: number;
  /** What runs in that process, for messages (e.g. "main.ts"). */
  command: string;
  startedAt: string;
}

const RequestSchema = z.object({ op: z.enum(['who', 'backup']) });
const ResponseSchema = z.union([
  z.object({ pid: z.number(), command: z.string(), startedAt: z.string() }),
  z.object({ file: z.string() }),
  z.object({ error: z.string() }),
]);
type Request = z.infer<typeof RequestSchema>;
type Response = z.infer<typeof ResponseSchema>;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | undefined,
  ) {
    const who = holder ? `(pid ${holder.pid}, ${holder.command})` : '(it does not answer)';
    super(
      `Another LotDesk server ${who} is using the data folder ${dataDir}. ` +
        'The embedded database allows one process at a time: stop that one first.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataFolderClaim {
  readonly socketPath: string;
  /** From now on a backup request is answered by `write`, which returns the file it wrote (one at a time). */
  answerBackups(write: () => Promise<string>): void;
  /** Stops listening and removes the socket. Idempotent. */
  release(): Promise<void>;
}

/**
 * The folder's socket: `DATA_DIR/lotdesk.sock` of the folder's real path, or — when that path is too long for a socket
 * address — `lotdesk-<hash of the real path>.sock` in the temp folder, so every process finds the same one however it
 * names the folder. On Windows, a named pipe.
 */
export function controlSocketPath(dataDir: string): string {
  const real = realPath(dataDir);
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 24);
  if (process.platform === 'win32') return `\\\\.\\pipe\\lotdesk-${hash}`;
  const inFolder = join(real, SOCKET_FILE);
  return Buffer.byteLength(inFolder) <= SOCKET_PATH_MAX ? inFolder : join(tmpdir(), `lotdesk-${hash}.sock`);
}

/**
 * Claims the folder or throws DataDirLockedError naming the live holder. A socket whose process is gone (kill -9,
 * power cut) answers nothing: it is taken over with a warning.
 */
export async function claimDataFolder(dataDir: string, logger?: { warn(obj: object, msg?: string): void }): Promise<DataFolderClaim> {
  const socketPath = controlSocketPath(dataDir);
  const me: Holder = {
    pid: process.pid,
    command: process.argv.slice(1).map((arg) => basename(arg)).join(' ') || 'node',
    startedAt: new Date().toISOString(),
  };
  let writeBackup: (() => Promise<string>) | undefined;
  let backups: Promise<unknown> = Promise.resolve();
  const respond = async (request: Request): Promise<Response> => {
    if (request.op === 'who') return me;
    const write = writeBackup;
    if (!write) return { error: `LotDesk process ${me.pid} (${me.command}) takes no backup requests yet; try again shortly.` };
    const file = backups.then(write, write);
    backups = file.catch(() => undefined);
    return file.then((written) => ({ file: written }), (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
  };
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    serveOne(socket, respond);
  });

  for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
    try {
      await listen(server, socketPath);
    } catch (error) {
      if (!isErrno(error, 'EADDRINUSE')) throw error;
      const inode = inodeOf(socketPath);
      const answer = await ask(socketPath, { op: 'who' }, PROBE_TIMEOUT_MS);
      if (answer.kind !== 'absent') throw new DataDirLockedError(dataDir, answer.kind === 'answered' && 'pid' in answer.response ? answer.response : undefined);
      if (inode !== undefined && takeOverStale(socketPath, inode)) logger?.warn({ dataDir, socket: socketPath }, 'took over a stale data-folder socket (its process is gone)');
      continue;
    }
    if (process.platform !== 'win32') chmodSync(socketPath, 0o600); // only this account may ask for backups
    server.unref(); // holding a folder never keeps a process alive by itself (the lock file never did)
    const inode = inodeOf(socketPath);
    // A crash that still runs exit handlers (uncaught error, process.exit) leaves no socket behind.
    const onExit = () => removeIfOurs(socketPath, inode);
    process.once('exit', onExit);
    let released: Promise<void> | undefined;
    return {
      socketPath,
      answerBackups(write) {
        writeBackup = write;
      },
      release() {
        released ??= new Promise<void>((done) => {
          process.removeListener('exit', onExit);
          for (const socket of connections) socket.destroy();
          server.close(() => done()); // Node removes the socket file
        });
        return released;
      },
    };
  }
  throw new Error(`Could not claim the data folder ${dataDir}: other processes keep taking its socket ${socketPath}`);
}

/** The live holder of the folder, if any. */
export async function folderHolder(dataDir: string): Promise<Holder | undefined> {
  const answer = await ask(controlSocketPath(dataDir), { op: 'who' }, PROBE_TIMEOUT_MS);
  if (answer.kind === 'absent') return undefined;
  if (answer.kind === 'answered' && 'pid' in answer.response) return answer.response;
  throw new DataDirLockedError(dataDir, undefined);
}

/**
 * Asks the live holder of the folder to write a backup: the file it wrote; undefined when nobody holds the folder.
 * Throws the holder's own error, or when it did not answer within `timeoutMs`.
 */
export async function requestBackup(dataDir: string, timeoutMs: number): Promise<{ file: string; holder: Holder } | undefined> {
  const socketPath = controlSocketPath(dataDir);
  const holder = await folderHolder(dataDir);
  if (!holder) return undefined;
  const answer = await ask(socketPath, { op: 'backup' }, timeoutMs);
  if (answer.kind === 'answered' && 'file' in answer.response) return { file: answer.response.file, holder };
  if (answer.kind === 'answered' && 'error' in answer.response) {
    throw new Error(`The server (pid ${holder.pid}) could not write the backup: ${answer.response.error}`);
  }
  throw new Error(
    `The server (pid ${holder.pid}) did not write the backup within ${Math.round(timeoutMs / 1000)} s. ` +
      'Is it busy or stuck? Its log says more.',
  );
}

// ------------------------------------------------------------------------------------------------ the socket's talk

type Answer = { kind: 'absent' } | { kind: 'silent' } | { kind: 'answered'; response: Response };

/** One request, one JSON line back. 'absent': nobody listens; 'silent': someone does but did not answer in time. */
function ask(socketPath: string, request: Request, timeoutMs: number): Promise<Answer> {
  return new Promise((settle) => {
    const socket = createConnection(socketPath);
    let text = '';
    const done = (answer: Answer) => {
      clearTimeout(timer);
      socket.destroy();
      settle(answer);
    };
    const timer = setTimeout(() => done({ kind: 'silent' }), timeoutMs);
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end >= 0) done(parseResponse(text.slice(0, end)));
    });
    socket.once('error', (error) => done(isErrno(error, 'ENOENT') || isErrno(error, 'ECONNREFUSED') ? { kind: 'absent' } : { kind: 'silent' }));
    socket.once('end', () => done({ kind: 'silent' }));
  });
}

function serveOne(socket: Socket, respond: (request: Request) => Promise<Response>): void {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('error', () => undefined); // the asker went away: nothing to tell it
  socket.on('data', (chunk: string) => {
    text += chunk;
    const end = text.indexOf('\n');
    if (end < 0 && text.length <= REQUEST_MAX_BYTES) return;
    socket.removeAllListeners('data');
    const request = parseRequest(end < 0 ? '' : text.slice(0, end));
    const answer = request ? respond(request) : Promise.resolve<Response>({ error: 'unknown request' });
    void answer.then((response) => socket.end(`${JSON.stringify(response)}\n`));
  });
}

function parseRequest(line: string): Request | undefined {
  const parsed = RequestSchema.safeParse(parseJson(line));
  return parsed.success ? parsed.data : undefined;
}

function parseResponse(line: string): Answer {
  const parsed = ResponseSchema.safeParse(parseJson(line));
  return parsed.success ? { kind: 'answered', response: parsed.data } : { kind: 'silent' };
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

// ------------------------------------------------------------------------------------------------ the socket file

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((done, fail) => {
    const onError = (error: Error) => fail(error);
    server.once('error', onError);
    server.listen(socketPath, () => {
      server.removeListener('error', onError);
      done();
    });
  });
}

/**
 * Moves the dead socket aside and removes it; if what was moved is not the socket judged dead (a process took the
 * folder meanwhile and made a new one), puts it back. True when the dead one was removed.
 */
function takeOverStale(socketPath: string, staleInode: number): boolean {
  const aside = `${socketPath}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(socketPath, aside);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return false;
    throw error;
  }
  if (inodeOf(aside) !== staleInode) {
    try {
      linkSync(aside, socketPath);
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    unlinkSync(aside);
    return false;
  }
  unlinkSync(aside);
  return true;
}

function removeIfOurs(socketPath: string, inode: number | undefined): void {
  if (inode === undefined || inodeOf(socketPath) !== inode) return;
  try {
    unlinkSync(socketPath);
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
}

function inodeOf(path: string): number | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    return lstatSync(path).ino;
  } catch {
    return undefined;
  }
}

function realPath(dataDir: string): string {
  try {
    return realpathSync(dataDir);
  } catch {
    return resolve(dataDir); // not created yet: nobody holds it
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
