// The live connection's limits on the whole server (issue 12): before sign-in a socket may only log in, and must
// sign in within the deadline; every cap (subscriptions per session, sessions per user, sockets overall and per
// address) answers with an ERROR naming it, then a close; the handshake refuses a Host that is none of ours.
// Deadlines on frames and silence: stomp-deadlines.test.ts; memory under attack: stomp-memory.test.ts.
import { hostname } from 'node:os';
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_HEADER, bearer, CLOSE_REASON_HEADER, SIGN_IN_TIMEOUT } from '../../src/protocol/auth';
import { Destination } from '../../src/protocol/destinations';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ServerMessages } from '../../src/protocol/messages';
import { Topic } from '../../src/protocol/topics';
import { RawPeer, until } from '../support/stomp-endpoint';
import { ALICE, BOB, staffOf, type Staff } from '../support/staff';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

const SIGN_IN_SECONDS = 2;
const MAX_SUBSCRIPTIONS = 20;
const MAX_SESSIONS_PER_USER = 3;
const PROXY_ORIGIN = 'https://desk.example.com';

let testServer: TestServer;
let staff: Staff;
const opened: WebSocket[] = [];

beforeAll(async () => {
  testServer = await startTestServer({
    WS_SIGN_IN_TIMEOUT: `${SIGN_IN_SECONDS}s`,
    WS_MAX_SUBSCRIPTIONS: String(MAX_SUBSCRIPTIONS),
    WS_MAX_SESSIONS_PER_USER: String(MAX_SESSIONS_PER_USER),
    ALLOWED_ORIGINS: PROXY_ORIGIN,
    // Plain HTTP from other hosts, as behind a proxy that ends TLS: these tests are the Host rule's (the plain port
    // beside HTTPS is tls.test.ts's).
    TLS: 'off',
  });
  staff = staffOf(testServer);
});

afterEach(async () => {
  for (const ws of opened.splice(0)) ws.terminate();
  await staff.closeAll();
});

afterAll(async () => {
  await testServer?.stop();
});

/** A raw STOMP peer on the whole server, open but not yet CONNECTed. */
async function openPeer(wsUrl = testServer.wsUrl, options: WebSocket.ClientOptions = {}): Promise<RawPeer> {
  const ws = new WebSocket(wsUrl, ['v12.stomp'], options);
  opened.push(ws);
  const peer = new RawPeer(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return peer;
}

/** CONNECTs with the token of `username`, so the session is signed in from its first frame. */
async function signedInPeer(username: string): Promise<RawPeer> {
  const peer = await openPeer();
  await peer.connect({ 'accept-version': '1.2', [AUTHORIZATION_HEADER]: bearer(await staff.tokenFor(username)) });
  return peer;
}

/** The peer's ERROR message, once the socket has closed. */
async function refusal(peer: RawPeer): Promise<string | undefined> {
  const error = await peer.frame('ERROR');
  await peer.closed();
  return error.headers.message;
}

/** Signed-in clients are served: a query gets its answer. */
async function stillServed(): Promise<void> {
  const client = await staff.connect(BOB);
  expect(await client.request('getWoocommerceCategories', undefined, 'incomingMessages')).toMatchObject({ errorCode: ErrorCode.OK });
}

describe('before sign-in', () => {
  it('refuses a SEND other than login, and closes the socket with an ERROR once the sign-in deadline has passed', async () => {
    const loggingIn = await openPeer(); // opened first: its deadline passes first
    const idle = await openPeer();
    for (const peer of [loggingIn, idle]) {
      await peer.connect();
      peer.send('SUBSCRIBE', { id: 'errors', destination: Topic.errors });
      peer.send('SUBSCRIBE', { id: 'login', destination: Topic.loginResponse });
    }
    loggingIn.send('SEND', { destination: Destination.login }, JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }));
    expect(JSON.parse((await loggingIn.frame('MESSAGE')).body.toString())).toEqual({ jwt: expect.any(String) });

    idle.send('SEND', { destination: Destination.getWoocommerceCategories });
    const refused = JSON.parse((await idle.frame('MESSAGE')).body.toString());
    expect(refused).toMatchObject({ errorCode: ErrorCode.UNAUTHORIZED, message: ServerMessages.unauthorized });
    expect(idle.closeCode).toBeUndefined();

    expect(await refusal(idle)).toBe(ServerMessages.signInTimeout(SIGN_IN_SECONDS));
    // The client opens an idle login screen's socket again at once, knowing why from this header, not the words.
    expect((await idle.frame('ERROR')).headers[CLOSE_REASON_HEADER]).toBe(SIGN_IN_TIMEOUT);
    expect(idle.closeCode).toBe(1008);
    await loggingIn.ping(); // its own deadline passed before idle's: a login in time signed it in
    expect(loggingIn.closeCode).toBeUndefined();
  });

  it("refuses a SUBSCRIBE to anything but the spec's topics, with an ERROR", async () => {
    const peer = await openPeer();
    await peer.connect();
    peer.send('SUBSCRIBE', { id: 'lots', destination: Topic.lots, receipt: 'topic' }); // the app subscribes to all of them
    await peer.frame('RECEIPT');
    peer.send('SUBSCRIBE', { id: 'other', destination: '/topic/anything' });
    expect(await refusal(peer)).toBe(ServerMessages.signInFirst('/topic/anything'));
  });

  it('refuses a frame over 16 KiB, which the same session may send once signed in', async () => {
    const body = JSON.stringify('x'.repeat(20 * 1024));
    const pieces = (peer: RawPeer) => {
      const frame = Buffer.from(`SEND\ndestination:${Destination.getWoocommerceCategories}\nreceipt:big\n\n${body}\0`);
      for (let at = 0; at < frame.length; at += 8 * 1024) peer.ws.send(frame.subarray(at, at + 8 * 1024));
    };
    const anonymous = await openPeer();
    await anonymous.connect();
    pieces(anonymous);
    expect(await refusal(anonymous)).toBe('frame larger than 16384 bytes before sign-in');

    const signedIn = await signedInPeer(ALICE);
    pieces(signedIn);
    await signedIn.frame('RECEIPT', (f) => f.headers['receipt-id'] === 'big');
  });
});

describe('caps: an ERROR naming the limit, then a close', () => {
  it('stops 50,000 SUBSCRIBE frames on one socket at the cap on subscriptions per session', async () => {
    const peer = await signedInPeer(ALICE);
    for (let id = 0; id < 50_000; id += 1) peer.send('SUBSCRIBE', { id: `s${id}`, destination: Topic.lots, receipt: `s${id}` });
    expect(await refusal(peer)).toBe(ServerMessages.limitReached('subscriptions per session', MAX_SUBSCRIPTIONS));
    expect(peer.frames.filter((f) => f.command === 'RECEIPT')).toHaveLength(MAX_SUBSCRIPTIONS);
    expect(peer.closeCode).toBe(1008);
    await stillServed();
  });

  it('refuses a session over the cap on sessions per user, and admits one again once another has gone', async () => {
    const sessions = [];
    for (let n = 0; n < MAX_SESSIONS_PER_USER; n += 1) sessions.push(await signedInPeer(ALICE));
    const extra = await openPeer();
    extra.send('CONNECT', { 'accept-version': '1.2', [AUTHORIZATION_HEADER]: bearer(await staff.tokenFor(ALICE)) });
    expect(await refusal(extra)).toBe(ServerMessages.limitReached('sessions per user', MAX_SESSIONS_PER_USER));
    expect(extra.closeCode).toBe(1013);
    await stillServed(); // another user's sessions are not counted against alice

    const connected = () => [...testServer.server.stomp.sessions()].length;
    const before = connected();
    sessions[0]?.send('DISCONNECT');
    await until(() => connected() === before - 1, 'the server to let the session go');
    await signedInPeer(ALICE);
  });

  it('turns a socket away past the caps on sockets per address and overall', async () => {
    const capped = await startTestServer({ WS_MAX_SOCKETS: '4', WS_MAX_SOCKETS_PER_ADDRESS: '2' });
    try {
      const from = (localAddress: string) => openPeer(capped.wsUrl, { localAddress });
      await from('127.0.0.1');
      await from('127.0.0.1');
      expect(await refusal(await from('127.0.0.1'))).toBe(ServerMessages.limitReached('open connections from one address', 2));
      await from('127.0.0.2');
      await from('127.0.0.2');
      const full = await from('127.0.0.3');
      expect(await refusal(full)).toBe(ServerMessages.limitReached('open connections', 4));
      expect(full.closeCode).toBe(1013);
    } finally {
      for (const ws of opened.splice(0)) ws.terminate();
      await capped.stop();
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  it('counts the sockets of each forwarded client apart, and a forged X-Forwarded-For from elsewhere not at all', async () => {
    const proxied = await startTestServer({ WS_MAX_SOCKETS_PER_ADDRESS: '1', TRUST_PROXY: '127.0.0.41' });
    try {
      const open = (localAddress: string, client: string) => openPeer(proxied.wsUrl, { localAddress, headers: { 'X-Forwarded-For': client } });
      await open('127.0.0.41', '192.168.7.1');
      const otherTablet = await open('127.0.0.41', '192.168.7.2'); // behind the same proxy: a client of its own
      expect((await otherTablet.connect()).command).toBe('CONNECTED');
      expect(await refusal(await open('127.0.0.41', '192.168.7.1'))).toBe(ServerMessages.limitReached('open connections from one address', 1));
      await open('127.0.0.42', '192.168.8.1');
      expect(await refusal(await open('127.0.0.42', '192.168.8.2'))).toBe(ServerMessages.limitReached('open connections from one address', 1));
    } finally {
      for (const ws of opened.splice(0)) ws.terminate();
      await proxied.stop();
    }
  });
});

describe('the handshake checks Host (DNS rebinding)', () => {
  const port = () => new URL(testServer.wsUrl).port;
  async function handshake(host: string, origin?: string): Promise<string> {
    const ws = new WebSocket(testServer.wsUrl, ['v12.stomp'], { headers: { Host: host, ...(origin ? { Origin: origin } : {}) } });
    opened.push(ws);
    return new Promise<string>((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
      ws.once('error', () => resolve('error'));
    });
  }

  it('refuses a name that is none of ours, even when the page claims to be of that same origin', async () => {
    expect(await handshake(`evil.example:${port()}`)).toBe('refused 403');
    expect(await handshake(`evil.example:${port()}`, `http://evil.example:${port()}`)).toBe('refused 403');
    await stillServed();
  });

  it("accepts an IP address, localhost, this machine's name and the host of an allowed origin", async () => {
    expect(await handshake(`127.0.0.1:${port()}`, `http://127.0.0.1:${port()}`)).toBe('open');
    expect(await handshake(`192.168.1.20:8080`, 'http://192.168.1.20:8080')).toBe('open'); // a tablet on the LAN
    expect(await handshake(`localhost:${port()}`, `http://localhost:${port()}`)).toBe('open');
    expect(await handshake(`${hostname()}:${port()}`)).toBe('open');
    expect(await handshake('desk.example.com', PROXY_ORIGIN)).toBe('open'); // through a proxy that keeps Host
  });
});
