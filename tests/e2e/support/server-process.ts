// A LotDesk server process a test can stop and start again on the same port and data folder: what the
// offline flows need (the global Playwright webServer cannot be stopped mid-test).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connectClient, type TestClient } from '../../support/stomp-client';
import { withMigratedPglite } from '../../support/test-database';
import { forgetSignIns } from './login';

export const PROCESS_ADMIN_PASSWORD = 'offline-admin-password';

export interface ServerProcess {
  readonly url: string;
  readonly dataDir: string;
  /** Starts the server; `release`: more environment for this start only (the same data served by another release). */
  start(release?: Readonly<Record<string, string>>): Promise<void>;
  stop(): Promise<void>;
  /** Freezes the process (SIGSTOP): its sockets stay open and carry nothing, as over Wi-Fi that dropped unnoticed. */
  pause(): void;
  /** Lets a paused process go on (SIGCONT). */
  resume(): void;
  /** Stops the server if running and removes its data folder. */
  dispose(): Promise<void>;
}

/** Something answers on the port already (a server an earlier run left behind would pass for this one). */
async function answering(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/health`);
    return true;
  } catch {
    return false;
  }
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

// E2E_PORT_OFFSET moves every spec's own ports, so two checkouts can run their browser tests at once.
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

/** A spec's own port `base`, moved by E2E_PORT_OFFSET. */
export const e2ePort = (base: number): number => base + PORT_OFFSET;

/**
 * `npm run users -- add …` on a server's data folder, before it starts: made this way the accounts are there at the
 * first start (which then makes no admin of its own).
 */
export function addUser(dataDir: string, ...args: string[]): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'server/cli/users.ts', 'add', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
}

export interface ServerProcessOptions {
  /** Extra environment for the server (a test-only setting such as IMAGE_FETCH_TEST_ORIGIN). */
  readonly env?: Readonly<Record<string, string>>;
}

export function serverProcess(basePort: number, options: ServerProcessOptions = {}): ServerProcess {
  const port = e2ePort(basePort);
  const dataDir = mkdtempSync(join(tmpdir(), 'lotdesk-e2e-process-'));
  const url = `http://localhost:${port}`;
  let child: ChildProcess | undefined;

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGCONT'); // a paused process would not act on the stop until it runs again
    running.kill('SIGTERM');
    await exited;
  };

  return {
    url,
    dataDir,
    async start(release = {}) {
      if (child) throw new Error('server already running');
      if (await answering(url)) throw new Error(`port ${port} is taken by another process (a server left by an earlier run?)`);
      // A first start skips initdb and the migrations: the folder gets the migrated template (a restart keeps its data).
      if (process.env.DATABASE_URL === undefined && options.env?.DATABASE_URL === undefined) await withMigratedPglite(dataDir);
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: String(port), HTTPS_PORT: '0', DATA_DIR: dataDir, ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD, LOG_LEVEL: 'warn', HTTP_RATE_LIMIT: '100000', HTTP_ASSET_RATE_LIMIT: '100000', STATIC_DIR: resolve(process.env.STATIC_DIR ?? 'dist'), ...options.env, ...release },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForHealth(url, child);
    },
    stop,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      forgetSignIns(url);
    },
  };
}

/**
 * `work` done by the admin over STOMP on a running server, as another device would (to seed it, or to read what it
 * holds); `connectHeaders` for a client that names its protocol version.
 */
export async function asAdmin<T>(server: Pick<ServerProcess, 'url'>, work: (client: TestClient) => Promise<T>, connectHeaders?: Record<string, string>): Promise<T> {
  const client = await connectClient(`${server.url.replace('http', 'ws')}/ws`, connectHeaders === undefined ? {} : { connectHeaders });
  try {
    await client.login('admin', PROCESS_ADMIN_PASSWORD);
    return await work(client);
  } finally {
    await client.close();
  }
}
