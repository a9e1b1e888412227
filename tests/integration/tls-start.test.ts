// `npm start` with HTTPS (issue 30), as real processes: the start log says where LotDesk is and how a tablet is set
// up; the CA made on the first start is the one every later start serves; a damaged CA or a taken port stops the
// start with a sentence naming it.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, type RunningServer } from '../support/server-child';
import { tempFolders } from '../support/temp-folders';

const folder = tempFolders('lotdesk-tls-start-');
const running: RunningServer[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});

async function start(env: Record<string, string>): Promise<RunningServer> {
  const server = await spawnServer(env, { withoutDatabaseUrl: true });
  running.push(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  running.splice(running.indexOf(server), 1);
  server.child.kill('SIGTERM');
  await server.exited;
}

const fingerprintIn = (output: string) => /certificate authority \(SHA-256\): ([0-9A-F:]{95})/.exec(output)?.[1];

describe('npm start with TLS=auto', { timeout: 120_000 }, () => {
  it('says where LotDesk is and how to set up a tablet, and keeps its CA across a restart', async () => {
    const dataDir = folder();
    const env = { DATA_DIR: dataDir, TLS_NAMES: 'lotdesk.test', STATIC_DIR: join(dataDir, 'none') };
    const first = await start(env);
    const output = first.output();
    expect(output).toMatch(/On the shop's network: https:\/\/lotdesk\.test:\d+/);
    expect(output).toMatch(/Set up a tablet or phone: open http:\/\/lotdesk\.test:\d+\/setup on it/);
    expect(output).toContain(`First start: made that certificate authority in ${join(dataDir, 'tls')}`);
    const fingerprint = fingerprintIn(output);
    expect(fingerprint).toBeDefined();
    await stop(first);

    const again = await start(env);
    expect(fingerprintIn(again.output())).toBe(fingerprint);
    expect(again.output()).not.toContain('First start: made that certificate authority');
  });

  it('refuses to start when the CA key is gone, naming the file, instead of making a new CA', async () => {
    const dataDir = folder();
    const env = { DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none') };
    await stop(await start(env));
    rmSync(join(dataDir, 'tls', 'ca.key'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, ...env, PORT: '0', HTTPS_PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`LotDesk could not start: ${join(dataDir, 'tls', 'ca.key')}: missing beside ca.crt`);
  });

  it('refuses to start when the HTTPS port is taken, naming it and its setting', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const address = taken.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const dataDir = folder();
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none'), PORT: '0', HTTPS_PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`LotDesk could not start: port ${port} (HTTPS_PORT) is already in use by another program`);
    } finally {
      taken.close();
    }
  });
});
