// Revocation (DESIGN §5, issue 12): removing a user, changing their password or their role ends every token issued
// before, closes their open sessions (each told UNAUTHORIZED on its errors topic first), and a session whose token
// runs out hears no more pushes and is told so. A change made by another process (npm run users on PostgreSQL)
// reaches a running server within REVOCATION_INTERVAL, here 1 s.
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTHORIZATION_HEADER, bearer } from '../../src/protocol/auth';
import { errorEnvelope } from '../../src/protocol/envelope';
import { ErrorCode } from '../../src/protocol/error-codes';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/protocol/http';
import { ServerMessages } from '../../src/protocol/messages';
import { createTokenService } from '../../server/auth/tokens';
import { users } from '../../server/db/schema';
import { idempotentRoute } from '../../server/http/idempotency';
import { allStatuses, createLot, staffOf, TEST_PASSWORD, uniqueName, type Staff } from '../support/staff';
import { connectClient, type TestClient } from '../support/stomp-client';
import { startTestServer, type TestServer } from '../support/test-server';

const WHOAMI = '/api/test-whoami'; // a stand-in mutating route: no real one exists yet
const REVOCATION_INTERVAL_S = 1;

let testServer: TestServer;
let staff: Staff;
beforeAll(async () => {
  testServer = await startTestServer({ REVOCATION_INTERVAL: String(REVOCATION_INTERVAL_S) }, {
    routes(app, services) {
      idempotentRoute(app, services, { method: 'POST', url: WHOAMI, handler: async ({ user }) => ({ status: 200, body: { username: user.username } }) });
    },
  });
  staff = staffOf(testServer);
});
afterAll(async () => {
  await staff.closeAll();
  await testServer.stop();
});

const told = (message: string) => errorEnvelope(ErrorCode.UNAUTHORIZED, message);
const unauthorized = told(ServerMessages.unauthorized);

/** The server has closed the client's socket (a revoked session is cut, not left open). */
const closedByServer = (client: TestClient) => vi.waitFor(() => expect(client.client.connected).toBe(false), { timeout: 10_000 });

/** A new connection carrying `token`, or undefined if the server refuses it at CONNECT (either way it must hear nothing). */
async function connectWith(token: string): Promise<TestClient | undefined> {
  try {
    return await connectClient(testServer.wsUrl, { token });
  } catch {
    return undefined;
  }
}

/** Has a lot made by a fresh user, and waits until a live admin has its push: every push for it has been sent. */
async function aLotIsMade(): Promise<void> {
  const [maker, witness] = [await staff.connect(uniqueName('maker')), await staff.connect('admin')];
  await createLot(maker, uniqueName('pushed'));
  await witness.next('incomingMessages');
}

/** What reached `client` on incomingMessages unasked, once a round trip (its own frame, receipted) has settled. */
async function pushesHeardBy(client: TestClient): Promise<unknown[]> {
  await client.sendWithReceipt('getLots', allStatuses());
  return client.drain('incomingMessages').map((message) => message.body);
}

/** getLots sent with `token` in the SEND's own header (as the outbox does), from a session that has none of its own. */
async function getLotsWith(token: string, topic: 'errors' | 'lots'): Promise<unknown> {
  const asker = await connectClient(testServer.wsUrl);
  try {
    return await asker.request('getLots', allStatuses(), topic, { [AUTHORIZATION_HEADER]: bearer(token) });
  } finally {
    await asker.close();
  }
}

async function postWith(token: string): Promise<number> {
  const response = await fetch(`${testServer.url}${WHOAMI}`, {
    method: 'POST',
    headers: { authorization: bearer(token), [IDEMPOTENCY_KEY_HEADER]: uniqueName('revocation'), 'content-type': 'application/json' },
    body: '{}',
  });
  return response.status;
}

describe('removing a user', () => {
  it('leaves their token good for nothing: a new connection with it hears no lot pushes, and HTTP refuses it', async () => {
    const name = uniqueName('leaving-admin');
    const token = await staff.tokenFor(name, { admin: true });
    await testServer.server.services.users.remove(name);

    const late = await connectWith(token);
    await aLotIsMade();
    if (late) {
      expect(await pushesHeardBy(late)).toEqual([]);
      await late.close();
    }
    expect(await postWith(token)).toBe(401);
  });

  it("does not let their tokens open a new account later made under the same name", async () => {
    const name = uniqueName('reused');
    await staff.tokenFor(name);
    const signIn = await connectClient(testServer.wsUrl);
    await signIn.login(name, TEST_PASSWORD);
    const old = signIn.token ?? '';
    await signIn.close();

    await testServer.server.services.users.remove(name);
    await testServer.server.services.users.add(name, 'another-person', false);
    expect(await getLotsWith(old, 'errors')).toEqual(unauthorized);
    expect(await postWith(old)).toBe(401);
  });

  it('closes their open sessions, telling each first', async () => {
    const name = uniqueName('leaving');
    const [tablet, phone] = [await staff.connect(name), await staff.connect(name)];
    await testServer.server.services.users.remove(name);

    for (const open of [tablet, phone]) {
      expect(await open.next('errors')).toEqual(told(ServerMessages.sessionRevoked));
      await closedByServer(open);
    }
  });
});

describe('changing a password', () => {
  it('revokes every token issued before, over the socket and HTTP; a login with the new password works', async () => {
    const name = uniqueName('carol');
    const before = await staff.tokenFor(name);
    expect(await postWith(before)).toBe(200);

    expect(await testServer.server.services.users.setPassword(name, 'a-new-password')).toBe(true);
    expect(await getLotsWith(before, 'errors')).toEqual(unauthorized);
    expect(await postWith(before)).toBe(401);

    const again = await connectClient(testServer.wsUrl);
    expect(await again.login(name, TEST_PASSWORD)).toEqual({ message: ServerMessages.invalidCredentials });
    expect(await again.login(name, 'a-new-password')).toEqual({ jwt: expect.any(String) });
    const token = again.token ?? '';
    await again.close();
    expect(await getLotsWith(token, 'lots')).toEqual(expect.any(Array));
    expect(await postWith(token)).toBe(200);
  });

  it('closes their open sessions, telling each first', async () => {
    const name = uniqueName('carol');
    const open = await staff.connect(name);
    await testServer.server.services.users.setPassword(name, 'a-new-password');

    expect(await open.next('errors')).toEqual(told(ServerMessages.sessionRevoked));
    await closedByServer(open);
  });
});

describe('changing a role (npm run users -- role)', () => {
  it('revokes the tokens that carry the old role and closes the sessions that hold them', async () => {
    const name = uniqueName('dave');
    const asAdmin = await staff.tokenFor(name, { admin: true });
    const open = await staff.connect(name);

    expect(await testServer.server.services.users.setAdmin(name, false)).toBe(true);
    expect(await open.next('errors')).toEqual(told(ServerMessages.sessionRevoked));
    await closedByServer(open);
    const late = await connectWith(asAdmin);
    await aLotIsMade();
    if (late) {
      expect(await pushesHeardBy(late)).toEqual([]);
      await late.close();
    }
  });
});

describe('a token that expires', () => {
  it('stops the pushes to its session, which is told UNAUTHORIZED on its errors topic', { timeout: 60_000 }, async () => {
    const name = uniqueName('eve-admin');
    await staff.tokenFor(name, { admin: true });
    const account = await testServer.server.services.users.find(name);
    if (!account) throw new Error('no account');
    // A 10-second token: it outlives the CONNECT and one push (on a busy machine too), then runs out while the session
    // stays open.
    const shortLived = await createTokenService(testServer.server.services.config.jwtSecret, 10).issue(account);
    const session = await connectClient(testServer.wsUrl, { token: shortLived });
    await aLotIsMade();
    expect(await session.next('incomingMessages')).toMatchObject({ errorCode: ErrorCode.OK });

    expect(await session.next('errors', 20_000)).toEqual(told(ServerMessages.sessionExpired));
    await aLotIsMade();
    expect(await pushesHeardBy(session)).toEqual([]);
    await session.close();
  });
});

describe('a change made by another process', () => {
  it(`closes the sessions it revokes within REVOCATION_INTERVAL (${REVOCATION_INTERVAL_S} s here)`, async () => {
    const name = uniqueName('frank');
    const open = await staff.connect(name);
    // Straight to the database, as `npm run users` on another machine would: this process's repository never hears of it.
    await testServer.server.services.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(sql`lower(${users.username}) = ${name}`);

    expect(await open.next('errors', 10_000)).toEqual(told(ServerMessages.sessionRevoked));
    await closedByServer(open);
  });

  it.runIf(process.env.DATABASE_URL)('npm run users -- passwd, run beside the server on PostgreSQL, signs the user out of it', async () => {
    const name = uniqueName('gina');
    const open = await staff.connect(name);
    const { config } = testServer.server.services;
    const env = { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '', LOG_LEVEL: 'warn' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/users.ts', 'passwd', name, '--password', 'changed-elsewhere'], { env, encoding: 'utf8' });
    expect(run.stdout).toContain(`Changed the password of '${name}'`);

    expect(await open.next('errors', 10_000)).toEqual(told(ServerMessages.sessionRevoked));
    await closedByServer(open);
  });
});
