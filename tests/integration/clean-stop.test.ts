// Stopping the server as a person does (DESIGN §5 "Embedded database"): Ctrl+C stops cleanly and frees the data
// folder at once, even when the one press reaches the server twice (terminal and npm start's relay); a second press
// while a client holds the stop up forces it; after a kill -9 the next start takes the dead socket over and says so.
// Each test spawns the real server (tsx + PGlite) one or more times: generous bounds, not speed checks.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { controlSocketPath } from '../../server/db/data-folder';
import { FORCED_EXIT_CODE, SAME_PRESS_MS } from '../../server/shutdown';
import { spawnServer, type RunningServer } from '../support/server-child';

const RELAY_DELAY_MS = 5; // scripts/start.mjs relays a Ctrl+C about 5 ms after the terminal delivered it (measured)
const folders: string[] = [];
const children: ChildProcess[] = [];
const clients: Socket[] = [];

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh embedded data folder: the lock under test is PGlite's, so DATABASE_URL is never passed on. */
function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'lotdesk-stop-'));
  folders.push(dataDir);
  return dataDir;
}

async function startServer(dataDir: string): Promise<RunningServer> {
  const server = await spawnServer({ DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none'), ADMIN_PASSWORD: 'stop-admin-password' }, { withoutDatabaseUrl: true });
  children.push(server.child);
  return server;
}

/** A client that starts a request and never finishes its body: the clean stop waits for it. */
async function holdRequestOpen(server: RunningServer): Promise<void> {
  const client = connect(server.port, '127.0.0.1');
  clients.push(client);
  client.on('error', () => undefined);
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  client.write('POST /api/no-such-route HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"upc":');
  await server.waitFor(/"url":"\/api\/no-such-route"[^\n]*"msg":"incoming request"/);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the folder's database in this process and closes it again, collecting what it warned about. */
async function openAgain(dataDir: string): Promise<string[]> {
  const warnings: string[] = [];
  const logger = { info: () => undefined, warn: (_obj: object, msg?: string) => void warnings.push(msg ?? '') };
  const database = await openDatabase({ dataDir, logger });
  await database.close();
  return warnings;
}

describe('stopping the server', { timeout: 180_000 }, () => {
  it('Ctrl+C (SIGINT) stops cleanly: exit code 0, no socket left, and the data folder opens again at once', async () => {
    const dataDir = freshDataDir();
    const server = await startServer(dataDir);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
    expect(await openAgain(dataDir)).toEqual([]);
  });

  it('one Ctrl+C under npm start reaches the server twice (terminal, then the relay): still one clean stop', async () => {
    const dataDir = freshDataDir();
    const server = await startServer(dataDir);
    server.child.kill('SIGINT'); // the terminal's
    await pause(RELAY_DELAY_MS);
    server.child.kill('SIGINT'); // start.mjs's relay of the same press
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toContain('stopping at once');
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
  });

  it('a second Ctrl+C while a client holds the clean stop up stops at once, non-zero, and says so', async () => {
    const dataDir = freshDataDir();
    const server = await startServer(dataDir);
    await holdRequestOpen(server);
    server.child.kill('SIGINT');
    await server.waitFor(/"msg":"stopping: /);
    await pause(SAME_PRESS_MS + 500); // a person's second press, not a copy of the first
    expect(server.child.exitCode).toBeNull(); // the clean stop still waits for the client's request
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: FORCED_EXIT_CODE, signal: null });
    expect(server.output()).toMatch(/"level":40[^\n]*"msg":"stopping at once: open requests are cut off and the database is not closed cleanly"/);
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
  });

  it('a client holding a request open cannot hold the stop up: it is cut off after the grace, and the stop ends cleanly', async () => {
    const dataDir = freshDataDir();
    const server = await startServer(dataDir);
    await holdRequestOpen(server);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"msg":"stopping: cutting off requests still open"');
    expect(server.output()).not.toContain('stopping at once');
    expect(existsSync(controlSocketPath(dataDir))).toBe(false);
  });

  it('after a kill -9 the next start takes the dead socket over and logs it', async () => {
    const dataDir = freshDataDir();
    const first = await startServer(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(controlSocketPath(dataDir))).toBe(true); // the dead process's socket is still there

    const second = await startServer(dataDir);
    expect(second.output()).toMatch(/"level":40[^\n]*"msg":"took over a stale data-folder socket \(its process is gone\)"/);
    second.child.kill('SIGINT');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  });
});
