// A broken or hostile peer gets an ERROR frame and a closed socket; the server and every other session go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ErrorCode } from '../../src/protocol/error-codes';
import { connectClient, type TestClient } from '../support/stomp-client';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let testServer: TestServer;
let bystander: TestClient;

beforeAll(async () => {
  testServer = await startTestServer();
  bystander = await connectClient(testServer.wsUrl);
  await bystander.login('admin', ADMIN_PASSWORD);
});

afterAll(async () => {
  await bystander?.close();
  await testServer?.stop();
});

/** Opens a raw socket, sends CONNECT then `payload`, and collects what comes back until the socket closes. */
async function rawSession(payload: string | Buffer, connectFirst = true): Promise<{ received: string[]; closed: boolean }> {
  const socket = new WebSocket(testServer.wsUrl, ['v12.stomp']);
  const received: string[] = [];
  socket.on('message', (data) => { received.push(data.toString()); });
  await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
  if (connectFirst) socket.send('CONNECT\naccept-version:1.2\nhost:localhost\n\n\0');
  socket.send(payload);
  const closed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    socket.once('close', () => { clearTimeout(timer); resolve(true); });
  });
  return { received, closed };
}

async function bystanderStillServed(): Promise<void> {
  const reply = await bystander.request('getWoocommerceCategories', undefined, 'incomingMessages');
  expect(reply).toMatchObject({ errorCode: ErrorCode.OK });
}

describe('STOMP at /ws on the whole server', () => {
  it('answers garbage bytes with an ERROR frame and closes that connection only', async () => {
    const { received, closed } = await rawSession(Buffer.from([0xff, 0x00, 0x13, 0x37, 0x0a, 0x00]));
    expect(received.some((frame) => frame.startsWith('ERROR\n'))).toBe(true);
    expect(closed).toBe(true);
    await bystanderStillServed();
  });

  it('answers a SEND before CONNECT with an ERROR frame', async () => {
    const { received, closed } = await rawSession('SEND\ndestination:/app/login\n\n{}\0', false);
    expect(received.some((frame) => frame.startsWith('ERROR\n'))).toBe(true);
    expect(closed).toBe(true);
    await bystanderStillServed();
  });

  it('refuses a header flood', async () => {
    // 1,000 (not more): an anonymous socket's messages stop at 16 KiB, refused by ws before any header is read.
    const headers = Array.from({ length: 1000 }, (_, i) => `x-h${i}:v`).join('\n');
    const { received, closed } = await rawSession(`SEND\ndestination:/app/login\n${headers}\n\n{}\0`);
    expect(received.some((frame) => frame.startsWith('ERROR\n'))).toBe(true);
    expect(closed).toBe(true);
    await bystanderStillServed();
  });

  it('refuses a frame over the size limit', async () => {
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const { closed } = await rawSession(`SEND\ndestination:/app/login\n\n${huge}\0`);
    expect(closed).toBe(true);
    await bystanderStillServed();
  });

  it('refuses a browser handshake from a foreign Origin', async () => {
    const socket = new WebSocket(testServer.wsUrl, ['v12.stomp'], { headers: { Origin: 'https://evil.example' } });
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
      socket.once('error', () => resolve('error'));
    });
    socket.terminate();
    expect(outcome).toBe('refused 403');
    await bystanderStillServed();
  });

  it('accepts a browser handshake from its own origin', async () => {
    const c = await connectClient(testServer.wsUrl, { origin: testServer.url });
    expect(c.client.connected).toBe(true);
    await c.close();
  });
});
