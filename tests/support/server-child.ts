// The real server as its own process (node --import tsx server/main.ts) on a free port, for the tests that stop,
// kill or run several of them: its output is kept, and a test can wait for a line of it.
import { spawn, type ChildProcess } from 'node:child_process';
import { withMigratedPglite } from './test-database';

const START_TIMEOUT_MS = 60_000; // a fresh PGlite folder runs initdb and the migrations first

export interface RunningServer {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves once the output matches. */
  waitFor(pattern: RegExp): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts a server with `env` over this process's environment (PORT 0, 127.0.0.1, LOG_LEVEL info unless given) and
 * resolves once it says where it runs. `withoutDatabaseUrl`: the embedded database even when DATABASE_URL is set here.
 */
export async function spawnServer(env: Record<string, string>, { withoutDatabaseUrl = false } = {}): Promise<RunningServer> {
  const full: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'info', PORT: '0', HTTPS_PORT: '0', HOST: '127.0.0.1', ...env };
  if (withoutDatabaseUrl) delete full.DATABASE_URL;
  // An embedded database on a new folder starts from the migrated template (the start path itself is the same).
  if (full.DATABASE_URL === undefined && full.DATA_DIR !== undefined) await withMigratedPglite(full.DATA_DIR);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: full });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    for (const check of [...waiters]) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let closed = false;
  // 'close', not 'exit': by then all the process wrote has been read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => {
      closed = true;
      resolve({ code, signal });
    }),
  );
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const fail = () => {
        clearTimeout(timer);
        waiters.delete(check);
        reject(new Error(`no ${pattern} in the server's output:\n${text}`));
      };
      const timer = setTimeout(fail, START_TIMEOUT_MS);
      const check = () => {
        if (pattern.test(text)) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        } else if (closed) {
          fail(); // it will never say it
        }
      };
      waiters.add(check);
      void exited.then(check);
      check();
    });
  try {
    await waitFor(/LotDesk is running at http:\/\/localhost:\d+/);
  } catch (error) {
    child.kill('SIGKILL'); // never left running by a start that failed
    throw error;
  }
  const port = Number(/LotDesk is running at http:\/\/localhost:(\d+)/.exec(text)?.[1]);
  return { child, port, output: () => text, waitFor, exited };
}
