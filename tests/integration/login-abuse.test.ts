// /app/login under abuse, on the real server: a flood of wrong passwords from one address costs a bounded number
// of password checks, is refused at once beyond the queue, and locks out that address, never the account for the
// user signing in from elsewhere. Each client connects from its own loopback address (Linux routes all of 127/8 to
// lo), so the server sees real, distinct source addresses.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../src/protocol/messages';
import { connectClient, type TestClient } from '../support/stomp-client';
import { startTestServer, type TestServer } from '../support/test-server';

const LIMITS = {
  LOGIN_CONCURRENCY: '1',
  LOGIN_QUEUE: '2',
  LOGIN_QUEUE_PER_ADDRESS: '2',
  LOGIN_FAILURES_PER_ADDRESS: '4',
  LOGIN_ACCOUNT_LOCK_ADDRESSES: '3',
  // Not under test here (stomp-deadlines is): on a busy machine the flood's anonymous sockets outlive the default 10 s.
  WS_SIGN_IN_TIMEOUT: '60s',
};
const QUEUE = Number(LIMITS.LOGIN_QUEUE);
const PER_ADDRESS = Number(LIMITS.LOGIN_QUEUE_PER_ADDRESS);
const FAILURES_PER_ADDRESS = Number(LIMITS.LOGIN_FAILURES_PER_ADDRESS);

const USER_ADDRESS = '127.0.0.1';
const FLOOD_ADDRESS = '127.0.0.2';
const FLOOD_SOCKETS = 8; // more than the queue and the address's share of it
const PASSWORD = 'the-right-password';

const busy = { message: ServerMessages.loginBusy };
const invalid = { message: ServerMessages.invalidCredentials };
const isThrottled = (reply: unknown) =>
  typeof reply === 'object' && reply !== null && 'message' in reply && typeof reply.message === 'string' && /^Too many failed logins\./.test(reply.message);
const same = (a: unknown) => (b: unknown) => JSON.stringify(a) === JSON.stringify(b);

let testServer: TestServer;
const clients: TestClient[] = [];

async function clientFrom(localAddress: string): Promise<TestClient> {
  const client = await connectClient(testServer.wsUrl, { localAddress });
  clients.push(client);
  return client;
}

/** One login on a fresh connection from `address`. */
const loginFrom = async (address: string, username: string, password: string) => (await clientFrom(address)).login(username, password);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  testServer = await startTestServer(LIMITS);
  for (const name of ['target', 'bystander', 'spread']) await testServer.server.services.users.add(name, PASSWORD, false);
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await testServer?.stop();
});

describe('/app/login under a flood of wrong passwords from one address', () => {
  it('signs the real user in from another address while the flood is refused, the excess at once as busy', async () => {
    const flood = await Promise.all(Array.from({ length: FLOOD_SOCKETS }, () => clientFrom(FLOOD_ADDRESS)));
    const user = await clientFrom(USER_ADDRESS);
    const events: Array<{ who: 'flood' | 'user'; reply: unknown }> = [];

    // Every flood socket keeps guessing, one login after another, until the user is in.
    let userIsIn = false;
    const guessing = flood.map(async (socket, i) => {
      while (!userIsIn) {
        events.push({ who: 'flood', reply: await socket.login('target', `wrong-${i}`) });
        await pause(20);
      }
    });
    const signedIn = await user.login('target', PASSWORD);
    events.push({ who: 'user', reply: signedIn });
    userIsIn = true;
    await Promise.all(guessing);
    const afterwards = await Promise.all(flood.map((socket) => socket.login('target', 'wrong-again')));

    expect(signedIn).toEqual({ jwt: expect.any(String) });
    const floodReplies = events.filter((event) => event.who === 'flood').map((event) => event.reply);
    expect(floodReplies.every((reply) => same(busy)(reply) || same(invalid)(reply) || isThrottled(reply))).toBe(true);

    // Beyond its share of the queue the flood was answered at once: those refusals came before any check ended.
    const firstChecked = events.findIndex((event) => same(invalid)(event.reply));
    expect(events.slice(0, firstChecked).filter((event) => same(busy)(event.reply)).length).toBeGreaterThanOrEqual(FLOOD_SOCKETS - PER_ADDRESS);
    // The user waited for no more than the queue ahead of them, not for the flood.
    const userAt = events.findIndex((event) => event.who === 'user');
    expect(events.slice(0, userAt).filter((event) => same(invalid)(event.reply)).length).toBeLessThanOrEqual(QUEUE);
    // The flood went on after the user was in, and was still refused: by then its address was locked. (Its guessing
    // loops may all be between guesses when the user gets in: what it sent afterwards is what shows it.)
    expect(afterwards.some(isThrottled)).toBe(true);
    // And all its guesses cost a handful of password checks: the address was locked after its free failures.
    expect(floodReplies.filter(same(invalid)).length).toBeLessThanOrEqual(FAILURES_PER_ADDRESS + PER_ADDRESS - 1);
  });

  it('locks the flooding address out, of every account, but not the account for any other address', async () => {
    expect(isThrottled(await loginFrom(FLOOD_ADDRESS, 'target', PASSWORD))).toBe(true);
    expect(isThrottled(await loginFrom(FLOOD_ADDRESS, 'bystander', PASSWORD))).toBe(true);
    expect(await loginFrom(USER_ADDRESS, 'target', PASSWORD)).toEqual({ jwt: expect.any(String) });
    expect(await loginFrom('127.0.0.3', 'target', PASSWORD)).toEqual({ jwt: expect.any(String) }); // never signed in before
  });
});

describe('/app/login with failures spread over many addresses', () => {
  // Seven password checks (scrypt, 128 MiB each): a bound against hanging that holds on a busy two-core machine running
  // the browser tests beside this pass, not a speed test.
  it('closes the account to new addresses, never to an address the user has signed in from', { timeout: 120_000 }, async () => {
    expect(await loginFrom(USER_ADDRESS, 'spread', PASSWORD)).toEqual({ jwt: expect.any(String) });
    for (const address of ['127.0.0.11', '127.0.0.12', '127.0.0.13']) {
      expect(await loginFrom(address, 'spread', 'a-guess')).toEqual(invalid);
    }
    expect(isThrottled(await loginFrom('127.0.0.14', 'spread', PASSWORD))).toBe(true);
    expect(await loginFrom(USER_ADDRESS, 'spread', PASSWORD)).toEqual({ jwt: expect.any(String) });
    expect(await loginFrom('127.0.0.14', 'bystander', PASSWORD)).toEqual({ jwt: expect.any(String) });
  });
});
