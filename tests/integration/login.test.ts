// /app/login and per-frame authentication, on the real server with the real STOMP client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { createTokenService } from '../../server/auth/tokens';
import { connectClient, type TestClient } from '../support/stomp-client';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let testServer: TestServer;
let bystander: TestClient;
const clients: TestClient[] = [];

async function client(token?: string): Promise<TestClient> {
  const c = await connectClient(testServer.wsUrl, token ? { token } : {});
  clients.push(c);
  return c;
}

/** Another signed-in session must keep working whatever one client does. */
async function bystanderStillServed(): Promise<void> {
  const reply = await bystander.request('getWoocommerceCategories', undefined, 'incomingMessages');
  expect(reply).toMatchObject({ errorCode: ErrorCode.OK, messageType: MessageType.WOOCOMMERCE_CATEGORIES });
}

beforeAll(async () => {
  testServer = await startTestServer();
  bystander = await client();
  await bystander.login('admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await testServer?.stop();
});

describe('/app/login', () => {
  it('answers a right password with a jwt whose claims name the user and the admin role', async () => {
    const c = await client();
    const reply = await c.login('admin', ADMIN_PASSWORD);
    expect(reply).toEqual({ jwt: expect.any(String) });
    const [, payload] = (c.token ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: 'admin', roles: ['ROLE_USER', 'ROLE_ADMIN'], iss: 'lotdesk', aud: 'lotdesk' });
    expect(claims.exp - claims.iat).toBe(12 * 3600);
  });

  it("answers a wrong password with 'Invalid credentials'", async () => {
    const reply = await (await client()).login('admin', 'not-the-password');
    expect(reply).toEqual({ message: 'Invalid credentials' });
    await bystanderStillServed();
  });

  it("answers an unknown username with the same 'Invalid credentials'", async () => {
    expect(await (await client()).login('nobody', 'whatever-password')).toEqual({ message: 'Invalid credentials' });
  });

  it('throttles a username after repeated failures, even for the right password', async () => {
    await testServer.server.services.users.add('clumsy', 'right-password', false);
    // A socket each, as the app opens one again: on a busy machine five password checks can outlast one socket's
    // sign-in deadline (WS_SIGN_IN_TIMEOUT), which would close it under the test.
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await (await client()).login('clumsy', 'wrong-password')).toEqual({ message: 'Invalid credentials' });
    }
    const throttled = await (await client()).login('clumsy', 'right-password');
    expect(throttled).toEqual({ message: expect.stringMatching(/^Too many failed logins\. Try again in \d+ seconds\.$/) });
    await bystanderStillServed();
  });

  it('answers a blank username on loginResponse with a message naming the field', async () => {
    const c = await client();
    const reply = await c.request('login', { username: ' ', password: 'x' }, 'loginResponse');
    expect(reply).toEqual({ message: 'Username is required.' });
    await bystanderStillServed();
  });
});

describe('authentication of SEND frames', () => {
  it('refuses an anonymous SEND other than login with UNAUTHORIZED on the errors topic, and keeps the connection', async () => {
    const c = await client();
    const refused = await c.request('getWoocommerceCategories', undefined, 'errors');
    expect(refused).toMatchObject({ errorCode: ErrorCode.UNAUTHORIZED, messageType: MessageType.ERROR });
    expect(await c.login('admin', ADMIN_PASSWORD)).toHaveProperty('jwt');
    expect(await c.request('getWoocommerceCategories', undefined, 'incomingMessages')).toMatchObject({ errorCode: ErrorCode.OK });
  });

  it('refuses an expired token with UNAUTHORIZED', async () => {
    const expired = await createTokenService(testServer.server.services.config.jwtSecret, -60).issue({ username: 'admin', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    const c = await client(expired);
    expect(await c.request('getWoocommerceCategories', undefined, 'errors')).toMatchObject({ errorCode: ErrorCode.UNAUTHORIZED });
    await bystanderStillServed();
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await createTokenService(new TextEncoder().encode('x'.repeat(40)), 3600).issue({ username: 'admin', roles: ['ROLE_ADMIN'] });
    const c = await client(forged);
    expect(await c.request('getWoocommerceCategories', undefined, 'errors')).toMatchObject({ errorCode: ErrorCode.UNAUTHORIZED });
  });

  it('accepts the token given once on CONNECT for every later SEND', async () => {
    const token = bystander.token ?? '';
    const c = await client(token);
    const raw = c.client;
    const reply = c.next('incomingMessages');
    raw.publish({ destination: '/app/getWoocommerceCategories', body: '' }); // no header of its own
    expect(await reply).toMatchObject({ errorCode: ErrorCode.OK });
  });
});

describe('routing', () => {
  it('answers an unknown destination with NOT_FOUND on the errors topic', async () => {
    const reply = bystander.next('errors');
    bystander.client.publish({ destination: '/app/noSuchThing', body: '{}', headers: { Authorization: `Bearer ${bystander.token}` } });
    expect(await reply).toMatchObject({ errorCode: ErrorCode.NOT_FOUND, message: 'Unknown destination: /app/noSuchThing' });
    await bystanderStillServed();
  });

  it('answers a login body that is not JSON on loginResponse, where the login screen waits', async () => {
    const c = await client();
    const reply = c.next('loginResponse');
    c.client.publish({ destination: '/app/login', body: '{"username": ' });
    expect(await reply).toEqual({ message: 'Invalid request: the body is not valid JSON.' });
    await bystanderStillServed();
  });

});

describe('/app/getWoocommerceCategories', () => {
  it('replies WOOCOMMERCE_CATEGORIES with errorCode 200 and the seeded category tree', async () => {
    const reply = await bystander.request('getWoocommerceCategories', undefined, 'incomingMessages');
    expect(reply).toMatchObject({ errorCode: 200, messageType: MessageType.WOOCOMMERCE_CATEGORIES });
    const data = (reply as { data: Array<{ id: number; name: string; parent: number }> }).data;
    expect(data).toContainEqual({ id: 10, name: 'Electronics', parent: 0 });
    expect(data).toContainEqual({ id: 11, name: 'Televisions', parent: 10 });
    const ids = new Set(data.map((c) => c.id));
    expect(data.every((c) => c.parent === 0 || ids.has(c.parent))).toBe(true);
  });
});
