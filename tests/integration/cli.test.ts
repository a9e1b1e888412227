// The commands a person runs: the server's first start and clean stop, and `npm run users`.
// Each step spawns a real process (tsx + the database), several per test: generous bounds, not speed checks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { controlSocketPath } from '../../server/db/data-folder';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const databases: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(databases.splice(0).map((d) => d.dispose()));
});

async function freshEnv(): Promise<Record<string, string>> {
  const database = await createTestDatabase();
  databases.push(database);
  const { dataDir, databaseUrl } = database.options;
  const env: Record<string, string> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0', HTTPS_PORT: '0', HOST: '127.0.0.1', STATIC_DIR: join(dataDir, 'none') } as Record<string, string>;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

const users = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/users.ts', ...args], { env, encoding: 'utf8' });

describe('the server process', { timeout: 120_000 }, () => {
  it('prints the first admin with a generated password once, and stops cleanly on SIGTERM, releasing the data folder', async () => {
    const env = await freshEnv();
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
      server.stdout.on('data', () => { if (output.includes('LotDesk is running at')) { clearTimeout(timer); resolve(); } });
    });
    expect(output).toMatch(/username: admin\n\s+password: \S{12,}/);
    server.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(0);
    expect(existsSync(controlSocketPath(env.DATA_DIR ?? ''))).toBe(false);
  });

  it('refuses to start with an invalid setting, naming it', async () => {
    const env = await freshEnv();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...env, PORT: 'eighty' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("LotDesk could not start: Invalid setting PORT: expected a port number 0–65535, got 'eighty'");
  });
});

describe('npm run seed -- --demo', { timeout: 120_000 }, () => {
  it('on a fresh install also creates the first admin, so seeding before the first start locks nobody out', async () => {
    const env = await freshEnv();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--demo', '--lots', '2'], { env, encoding: 'utf8' });
    expect(run.stdout).toMatch(/admin admin, password \S+ \(shown once\)/);
    expect(users(env, 'list').stdout).toBe('admin\tAdmin\nalice\tUser\nbob\tUser\n');
  });
});

describe('npm run seed -- --catalogue N', { timeout: 120_000 }, () => {
  const seed = (env: Record<string, string>, ...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', ...args], { env, encoding: 'utf8' });

  it('loads N synthetic products and says how many and how long it took', async () => {
    const env = await freshEnv();
    const run = seed(env, '--catalogue', '300');
    expect(run.stdout).toMatch(/^Seeded 300 catalogue products in \d+\.\d s \((pglite|postgres)\)\.\n$/);
    expect(run.status).toBe(0);
  });

  it('explains its usage for a count that is not a whole number', async () => {
    const run = seed(await freshEnv(), '--catalogue', 'lots');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('npm run seed -- [--demo [--lots <count, default 300>]] [--catalogue <products');
  });
});

describe('npm run users', { timeout: 120_000 }, () => {
  it('adds, lists, changes the password of and removes a user', async () => {
    const env = await freshEnv();
    expect(users(env, 'add', 'carol', '--password', 'carol-password').stdout).toContain("Added user 'carol'");
    expect(users(env, 'add', 'dave', '--admin').stdout).toMatch(/Added admin 'dave', password: \S+/);
    expect(users(env, 'list').stdout).toBe('carol\tUser\ndave\tAdmin\n');
    expect(users(env, 'add', 'carol').stderr).toContain("User 'carol' already exists.");
    expect(users(env, 'passwd', 'carol').stdout).toMatch(/Changed the password of 'carol', password: \S+/);
    expect(users(env, 'remove', 'carol').stdout).toContain("Removed 'carol'.");
    expect(users(env, 'remove', 'carol').status).toBe(1);
  });

  it('explains its usage when called without a command', async () => {
    const run = users(await freshEnv());
    expect(run.stdout).toContain('npm run users -- add <username> [--admin]');
  });
});
