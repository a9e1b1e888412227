// `npm run users -- remove` of a user who owns things, and `role`: what a person at the shell reads. Removing an owner
// needs --reassign-to (everything they own moves, in one transaction) or is refused in plain words, never with SQL.
// Each step spawns a real process (tsx + the database): generous bounds, not speed checks.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createUserRepository } from '../../server/auth/users';
import { openDatabase } from '../../server/db';
import { boxes, inventoryEvents, lots } from '../../server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const databases: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(databases.splice(0).map((d) => d.dispose()));
});

async function freshDatabase(): Promise<{ env: Record<string, string>; options: TestDatabase['options'] }> {
  const database = await createTestDatabase();
  databases.push(database);
  const { dataDir, databaseUrl } = database.options;
  const env: Record<string, string> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: join(dataDir, 'none') } as Record<string, string>;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return { env, options: database.options };
}

const users = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/users.ts', ...args], { env, encoding: 'utf8' });

/** Opens the database in this process (the CLI is not running: the embedded one allows one process at a time). */
async function withDatabase<T>(options: TestDatabase['options'], use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase(options);
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** alice owns a lot with a box and started an inventory event; bob owns nothing. */
async function aliceOwnsThings(options: TestDatabase['options']): Promise<void> {
  await withDatabase(options, async (db) => {
    const repo = createUserRepository(db);
    await repo.add('alice', 'alice-password', false);
    await repo.add('bob', 'bob-password', false);
    const aliceId = (await repo.idOf('alice')) ?? 0;
    const [lot] = await db.insert(lots).values({ lotNumber: 'LOT-000001', titleListing: 'Kept lot', userId: aliceId }).returning({ id: lots.id });
    await db.insert(boxes).values({ lotId: lot?.id ?? 0, label: 'Kept box', userId: aliceId });
    await db.insert(inventoryEvents).values({ label: 'Spring count', createdById: aliceId });
  });
}

/** Who owns the lot, the box and the inventory event now. */
const owners = (options: TestDatabase['options']) =>
  withDatabase(options, async (db) => {
    const repo = createUserRepository(db);
    const name = async (id: number | undefined) => (await repo.list()).find((user) => user.id === id)?.username;
    const [lot] = await db.select({ userId: lots.userId }).from(lots).where(eq(lots.lotNumber, 'LOT-000001'));
    const [box] = await db.select({ userId: boxes.userId }).from(boxes);
    const [event] = await db.select({ userId: inventoryEvents.createdById }).from(inventoryEvents);
    return { lot: await name(lot?.userId), box: await name(box?.userId), event: await name(event?.userId) };
  });

/** No driver or SQL text reaches the person running the command. */
const plain = (text: string) => expect(text).not.toMatch(/Failed query|delete from|insert into|update "|params:|constraint|SQLSTATE 23/i);

describe('npm run users -- remove of a user who owns lots', { timeout: 180_000 }, () => {
  it('refuses in plain words without --reassign-to, and with it moves everything they own to that user, then removes them', async () => {
    const { env, options } = await freshDatabase();
    await aliceOwnsThings(options);

    const refused = users(env, 'remove', 'alice');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("'alice' still owns");
    expect(refused.stderr).toContain('lots: 1');
    expect(refused.stderr).toContain('boxes: 1');
    expect(refused.stderr).toContain('inventory events: 1');
    expect(refused.stderr).toContain('nothing was removed. To move all of it to another user: npm run users -- remove alice --reassign-to <username>');
    plain(refused.stderr);

    const nobody = users(env, 'remove', 'alice', '--reassign-to', 'nobody');
    expect([nobody.status, nobody.stderr.trim()]).toEqual([1, "No user 'nobody' to reassign to; nothing was removed."]);
    const herself = users(env, 'remove', 'alice', '--reassign-to', 'Alice');
    expect([herself.status, herself.stderr.trim()]).toEqual([2, "--reassign-to must name a user other than 'alice'."]);
    expect(users(env, 'list').stdout).toContain('alice\tUser');
    expect(await owners(options)).toEqual({ lot: 'alice', box: 'alice', event: 'alice' });

    const moved = users(env, 'remove', 'alice', '--reassign-to', 'bob');
    expect(moved.status).toBe(0);
    expect(moved.stdout).toMatch(/^Removed 'alice'\. Moved to 'bob': .*lots: 1/);
    plain(moved.stdout);
    expect(users(env, 'list').stdout).not.toContain('alice');
    expect(await owners(options)).toEqual({ lot: 'bob', box: 'bob', event: 'bob' });
  });
});

describe('npm run users -- role', { timeout: 120_000 }, () => {
  it('makes a user an admin and back', async () => {
    const { env } = await freshDatabase();
    expect(users(env, 'add', 'carol', '--password', 'carol-password').status).toBe(0);
    expect(users(env, 'role', 'carol', 'admin').stdout.trim()).toBe("'carol' is now an admin.");
    expect(users(env, 'list').stdout).toBe('carol\tAdmin\n');
    expect(users(env, 'role', 'Carol', 'user').stdout.trim()).toBe("'Carol' is now a user.");
    expect(users(env, 'list').stdout).toBe('carol\tUser\n');
    const wrong = users(env, 'role', 'carol', 'boss');
    expect([wrong.status, wrong.stderr]).toEqual([2, expect.stringContaining('role needs admin or user.')]);
    expect(users(env, 'role', 'nobody', 'admin').stderr.trim()).toBe("No user 'nobody'.");
  });
});
