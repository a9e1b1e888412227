// The login throttle shared through the database (server/auth/shared-throttle.ts). On any database: one throttle
// gives the in-memory throttle's answers (the rules' contract). On PostgreSQL: two throttles on two connections — two
// server processes — count together: failures through one lock out the other, a success clears the pair on both, an
// account is closed by addresses spread over both, and an hour forgets. (tests/integration/processes.test.ts signs
// in through two real processes.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedLoginThrottle } from '../../server/auth/shared-throttle';
import type { ThrottleLimits } from '../../server/auth/throttle';
import { openDatabase, queryRows, type Database, type Db } from '../../server/db';
import type { Logger } from '../../server/services';
import { failTimes, HOUR_MS, testClock, THROTTLE_LIMITS, throttleContract } from '../support/throttle-contract';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../support/test-database';

const kind = testDatabaseKind();
if (kind !== 'postgres') console.info('[shared-login-throttle.test] the two-connection tests are skipped on pglite: the embedded database is one process by design (the PostgreSQL pass runs them)');

let testDatabase: TestDatabase;
const databases: Database[] = [];

/** A second connection is a second process as far as the database can tell. */
async function connect(): Promise<Database> {
  const database = await openDatabase(testDatabase.options);
  databases.push(database);
  return database;
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  for (const database of databases) await database.close();
  await testDatabase?.dispose();
});

/** Warnings the throttle logs, kept for a test to read. */
function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const ignore = () => undefined;
  return { warnings, debug: ignore, info: ignore, error: ignore, warn: (_obj, message) => void warnings.push(message ?? '') };
}

async function forgetEverything(db: Db): Promise<void> {
  await db.execute(sql`truncate login_failures, login_account_failures, login_known_addresses`);
}

const rowCount = async (db: Db, table: 'login_failures' | 'login_account_failures') =>
  (await queryRows<{ rows: number }>(db, sql`select count(*)::int as rows from ${sql.identifier(table)}`))[0]?.rows;

describe('the shared login throttle, one process', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await connect()).db;
  });

  throttleContract(`shared on ${kind}`, async (limits, now) => {
    await forgetEverything(db);
    return createSharedLoginThrottle(db, limits, recordingLogger(), now);
  });
});

describe.skipIf(kind !== 'postgres')('the shared login throttle, two processes on one PostgreSQL database', () => {
  let here: Db;
  let there: Db;
  beforeAll(async () => {
    [here, there] = [(await connect()).db, (await connect()).db];
  });

  /** Two processes' throttles on one clock, with no counts yet. */
  async function twoProcesses(limits: ThrottleLimits = THROTTLE_LIMITS) {
    await forgetEverything(here);
    const clock = testClock();
    return { clock, one: createSharedLoginThrottle(here, limits, recordingLogger(), clock.now), other: createSharedLoginThrottle(there, limits, recordingLogger(), clock.now) };
  }

  it('failures made through one process lock the address out on the other, for the account and then for all', async () => {
    const { one, other } = await twoProcesses();
    await failTimes(one, '10.0.0.2', 'alice', 2);
    await other.failed('10.0.0.2', 'alice');
    expect(await one.retryAfter('10.0.0.2', 'alice')).toBe(30);
    expect(await other.retryAfter('10.0.0.2', 'alice')).toBe(30);
    expect(await other.retryAfter('10.0.0.1', 'alice')).toBe(0);
    for (let i = 0; i < 3; i++) await one.failed('10.0.0.2', `guess-${i}`);
    expect(await other.retryAfter('10.0.0.2', 'bob')).toBe(30); // six over all accounts
  });

  it('a success through one process clears the pair on both', async () => {
    const { one, other, clock } = await twoProcesses();
    await failTimes(one, '10.0.0.1', 'alice', 3);
    expect(await other.retryAfter('10.0.0.1', 'alice')).toBe(30);
    clock.advance(30_000);
    expect(await one.retryAfter('10.0.0.1', 'alice')).toBe(0);
    await other.succeeded('10.0.0.1', 'alice');
    await one.failed('10.0.0.1', 'alice'); // counts from 1 again, not 4
    expect(await one.retryAfter('10.0.0.1', 'alice')).toBe(0);
    expect(await other.retryAfter('10.0.0.1', 'alice')).toBe(0);
  });

  it('closes an account to new addresses when its failing addresses are spread over both, not to one it signed in from', async () => {
    const { one, other } = await twoProcesses();
    await one.succeeded('10.0.0.1', 'alice');
    await one.failed('10.0.1.10', 'alice');
    await other.failed('10.0.1.11', 'alice');
    await one.failed('10.0.1.12', 'alice');
    expect(await other.retryAfter('10.0.9.9', 'alice')).toBe(0);
    await other.failed('10.0.1.13', 'alice');
    expect(await one.retryAfter('10.0.9.9', 'alice')).toBe(HOUR_MS / 1000);
    expect(await other.retryAfter('10.0.9.9', 'alice')).toBe(HOUR_MS / 1000);
    expect(await other.retryAfter('10.0.0.1', 'alice')).toBe(0); // signed in through the other process
  });

  it('forgets failures an hour old, and purges their rows', async () => {
    const { one, other, clock } = await twoProcesses();
    for (let i = 0; i < 6; i++) await one.failed('10.0.0.2', `guess-${i}`);
    expect(await other.retryAfter('10.0.0.2', 'alice')).toBe(30);
    expect(await rowCount(here, 'login_failures')).toBe(7); // six pairs and the address
    clock.advance(HOUR_MS + 1);
    expect(await other.retryAfter('10.0.0.2', 'alice')).toBe(0);
    await other.failed('10.0.0.3', 'alice'); // a write purges what is forgotten (a new process purges at once)
    expect(await rowCount(here, 'login_failures')).toBe(2);
    expect(await rowCount(here, 'login_account_failures')).toBe(1);
    await failTimes(one, '10.0.0.2', 'alice', 2);
    expect(await other.retryAfter('10.0.0.2', 'alice')).toBe(0); // counting started again
  });

  it('loses no failure when both processes count at once', async () => {
    const { one, other } = await twoProcesses({ ...THROTTLE_LIMITS, failuresPerAccount: 20, failuresPerAddress: 20 });
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : other).failed('10.0.0.2', 'alice')));
    expect(await one.retryAfter('10.0.0.2', 'alice')).toBe(30); // exactly the 20th failure, on both counters
  });

  it('refuses an address whose lock it has read without asking the database again', async () => {
    const { one } = await twoProcesses();
    const connection = await connect();
    const logger = recordingLogger();
    const clock = testClock();
    const throttle = createSharedLoginThrottle(connection.db, THROTTLE_LIMITS, logger, clock.now);
    for (let i = 0; i < 6; i++) await one.failed('10.0.0.2', `guess-${i}`);
    expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
    await connection.close(); // any query now fails, and would be logged
    clock.advance(10_000);
    expect(await throttle.retryAfter('10.0.0.2', 'bob')).toBe(20);
    expect(logger.warnings).toEqual([]);
  });

  it("counts on by itself, and warns, when the database fails: a login is neither let through nor answered with an error", async () => {
    const broken = await connect();
    await broken.close();
    const logger = recordingLogger();
    const throttle = createSharedLoginThrottle(broken.db, THROTTLE_LIMITS, logger, testClock().now);
    await failTimes(throttle, '10.0.0.2', 'alice', 3);
    expect(await throttle.retryAfter('10.0.0.2', 'alice')).toBe(30);
    expect(await throttle.retryAfter('10.0.0.1', 'alice')).toBe(0);
    expect(logger.warnings).toEqual([expect.stringMatching(/^login throttle: /)]); // once a minute, not once per attempt
  });
});
