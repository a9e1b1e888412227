// The STOMP endpoint against the real @stomp/stompjs client and against raw, hostile WebSocket peers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type IMessage, type StompConfig } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attachStomp, encodeFrame, FrameParser, type StompApplication, type StompFrame, type StompLimits, type StompServer,
  type StompServerOptions,
} from '../../server/stomp';

const ECHO = '/user/topics/echo';
const LIMITS: StompLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 64, maxHeaderLength: 8 * 1024 };

// ------------------------------------------------------------------------------------------ harness

/** Polls until `probe` returns something; fails instead of hanging. */
async function until<T>(probe: () => T | undefined | false, what = 'condition', timeoutMs = 5_000): Promise<T> {
  const deadline = performance.now() + timeoutMs; // not Date: heart-beat tests fake it
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface LogEntry { level: string; obj: object; msg: string | undefined }
const logs: LogEntry[] = [];
const record = (level: string) => (obj: object, msg?: string) => void logs.push({ level, obj, msg });
const logger: StompServerOptions['logger'] = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };

let http: Server | undefined;
let stomp: StompServer | undefined;
let port = 0;
const cleanups: Array<() => Promise<void> | void> = [];

type Overrides = Partial<Omit<StompServerOptions, 'application' | 'logger'>> & { application?: Partial<StompApplication> };

/** A bare http server with the endpoint and an echo application: SEND /app/echo comes back on ECHO. */
async function startServer(overrides: Overrides = {}): Promise<void> {
  const { application, ...options } = overrides;
  http = createServer();
  stomp = attachStomp(http, {
    logger,
    limits: LIMITS,
    ...options,
    application: {
      async onSend(session, frame) {
        if (frame.destination === '/app/echo') session.deliver(ECHO, frame.body);
      },
      ...application,
    },
  });
  const server = http;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

const wsUrl = () => `ws://127.0.0.1:${port}/ws`;

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await stomp?.close();
  const server = http;
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  http = undefined;
  stomp = undefined;
  logs.length = 0;
});

/** A real stompjs client, connected, with an ECHO subscription collecting bodies. */
async function stompClient(config: StompConfig = {}): Promise<{ client: Client; echoes: IMessage[] }> {
  const echoes: IMessage[] = [];
  const client = new Client({
    webSocketFactory: () => new WebSocket(wsUrl(), ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    reconnectDelay: 0,
    debug: () => undefined,
    ...config,
  });
  cleanups.push(() => client.deactivate());
  await new Promise<void>((resolve, reject) => {
    client.onConnect = (frame) => {
      config.onConnect?.(frame);
      resolve();
    };
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketClose = () => reject(new Error('socket closed before CONNECTED'));
    client.activate();
  });
  const subscribed = new Promise<void>((resolve) => client.watchForReceipt('sub-echo', () => resolve()));
  client.subscribe(ECHO, (m) => echoes.push(m), { receipt: 'sub-echo' });
  await subscribed;
  return { client, echoes };
}

/** A raw peer that speaks bytes: for what stompjs would never send. */
class RawPeer {
  readonly frames: StompFrame[] = [];
  heartBeats = 0;
  closeCode: number | undefined;
  private readonly parser = new FrameParser({ maxFrameBytes: 1 << 24 });

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      if (data.toString() === '\n') this.heartBeats += 1;
      this.parser.push(data, (frame) => this.frames.push(frame));
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
    ws.on('error', () => undefined);
  }

  static async open(headers: Record<string, string> = {}, protocols: string[] = []): Promise<RawPeer> {
    const ws = new WebSocket(wsUrl(), protocols, { headers });
    const peer = new RawPeer(ws);
    cleanups.push(() => ws.terminate());
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return peer;
  }

  send(command: string, headers: Record<string, string> = {}, body = ''): void {
    this.ws.send(encodeFrame({ command, headers, body: Buffer.from(body) }));
  }

  async connect(headers: Record<string, string> = { 'accept-version': '1.2' }): Promise<StompFrame> {
    this.send('CONNECT', headers);
    return this.frame('CONNECTED');
  }

  frame(command: string, predicate: (f: StompFrame) => boolean = () => true): Promise<StompFrame> {
    return until(() => this.frames.find((f) => f.command === command && predicate(f)), `${command} frame`);
  }

  closed(): Promise<number> {
    return until(() => this.closeCode, 'socket close');
  }

  /** A WebSocket ping's pong: the server has read all we sent before it, and we have all it sent before it. */
  ping(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('pong', () => resolve());
      this.ws.ping();
    });
  }
}

// ------------------------------------------------------------------------------------------ tests

describe('STOMP endpoint with the stompjs client', () => {
  it('connects, subscribes, sends and receives its echo as a MESSAGE', async () => {
    await startServer();
    const { client, echoes } = await stompClient();
    client.publish({ destination: '/app/echo', body: '{"hello":"wörld"}' });
    const message = await until(() => echoes[0], 'echo');
    expect(message.body).toBe('{"hello":"wörld"}');
    expect(message.headers).toMatchObject({
      destination: ECHO,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength('{"hello":"wörld"}')),
    });
    expect(message.headers.subscription).toMatch(/^sub-/);
    expect(message.headers['message-id']).toBeTruthy();
  });

  it('answers SUBSCRIBE, SEND and DISCONNECT receipts', async () => {
    await startServer();
    const { client } = await stompClient(); // stompClient already awaited the SUBSCRIBE receipt
    const sent = new Promise<void>((resolve) => client.watchForReceipt('send-1', () => resolve()));
    client.publish({ destination: '/app/echo', body: '1', headers: { receipt: 'send-1' } });
    await sent;

    const raw = await RawPeer.open();
    await raw.connect();
    raw.send('DISCONNECT', { receipt: 'bye' });
    expect((await raw.frame('RECEIPT')).headers['receipt-id']).toBe('bye');
    expect(await raw.closed()).toBe(1000);
  });

  it('sends the RECEIPT of a SEND only after onSend has finished', async () => {
    const events: string[] = [];
    let release: () => void = () => undefined;
    await startServer({
      application: {
        async onSend() {
          events.push('onSend started');
          await new Promise<void>((resolve) => { release = resolve; });
          events.push('onSend finished');
        },
      },
    });
    const { client } = await stompClient();
    const receipt = new Promise<void>((resolve) => client.watchForReceipt('r', () => { events.push('receipt'); resolve(); }));
    client.publish({ destination: '/app/slow', body: '', headers: { receipt: 'r' } });
    await until(() => events.includes('onSend started'), 'onSend to start');
    release();
    await receipt;
    expect(events).toEqual(['onSend started', 'onSend finished', 'receipt']);
  });

  it('processes frames one at a time in arrival order, even when the first onSend is slow', async () => {
    const calls: string[] = [];
    let running = 0;
    let maxRunning = 0;
    let release: () => void = () => undefined;
    await startServer({
      application: {
        async onSend(session, frame) {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          calls.push(frame.body);
          if (frame.destination === '/app/slow') await new Promise<void>((resolve) => { release = resolve; });
          session.deliver(ECHO, frame.body);
          running -= 1;
        },
      },
    });
    const { echoes } = await stompClient();
    const raw = await RawPeer.open();
    await raw.connect();
    raw.send('SUBSCRIBE', { id: 's', destination: ECHO });
    // Both SENDs travel in one ws message, so the second is waiting while the first is still in onSend.
    raw.ws.send(Buffer.concat([
      encodeFrame({ command: 'SEND', headers: { destination: '/app/slow' }, body: Buffer.from('first') }),
      encodeFrame({ command: 'SEND', headers: { destination: '/app/echo', receipt: 'second' }, body: Buffer.from('second') }),
    ]));
    await until(() => calls.includes('first'), 'first onSend');
    release();
    await raw.frame('RECEIPT', (f) => f.headers['receipt-id'] === 'second');
    expect(raw.frames.filter((f) => f.command === 'MESSAGE').map((f) => f.body.toString())).toEqual(['first', 'second']);
    expect(maxRunning).toBe(1);
    expect(echoes).toHaveLength(0); // deliver() reaches only the sending session
  });

  it('reassembles a 100 KiB body that stompjs splits into 16 KiB WebSocket messages', async () => {
    await startServer({ limits: { ...LIMITS, maxFrameBytes: 256 * 1024 } });
    let chunks = 0;
    const { client, echoes } = await stompClient({
      splitLargeFrames: true,
      maxWebSocketChunkSize: 16 * 1024,
      webSocketFactory: () => {
        const ws = new WebSocket(wsUrl(), ['v12.stomp']);
        const send = ws.send.bind(ws);
        ws.send = ((data: Parameters<WebSocket['send']>[0]) => { chunks += 1; send(data); }) as WebSocket['send'];
        return ws;
      },
    });
    const body = Array.from({ length: 100 * 1024 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const before = chunks;
    client.publish({ destination: '/app/echo', body });
    const echo = await until(() => echoes[0], 'echo of the large body');
    expect(chunks - before).toBeGreaterThanOrEqual(7);
    expect(echo.body).toBe(body);
  });

  it('announces the server heart-beat in CONNECTED and calls onClose when the client leaves', async () => {
    const closed: string[] = [];
    await startServer({ heartBeat: { outgoingMs: 4000, incomingMs: 6000 }, application: { onClose: (s) => void closed.push(s.id) } });
    let connected: Record<string, string> = {};
    const { client } = await stompClient({ onConnect: (frame) => { connected = frame.headers; } });
    expect(connected).toMatchObject({ version: '1.2', 'heart-beat': '4000,6000', server: 'LotDesk/1.0' });
    const [session] = [...(stomp?.sessions() ?? [])];
    expect(connected.session).toBe(session?.id);
    await client.deactivate();
    await until(() => closed.length === 1 && [...(stomp?.sessions() ?? [])].length === 0, 'onClose');
    expect(closed).toEqual([connected.session]);
  });
});

describe('STOMP endpoint negotiation and heart-beats (raw peer)', () => {
  it('picks 1.2 when offered, 1.1 otherwise, and refuses a 1.0-only client with the supported versions', async () => {
    await startServer();
    expect((await (await RawPeer.open()).connect({ 'accept-version': '1.0,1.1,1.2' })).headers.version).toBe('1.2');
    expect((await (await RawPeer.open()).connect({ 'accept-version': '1.1' })).headers.version).toBe('1.1');
    const old = await RawPeer.open();
    old.send('CONNECT', {});
    const error = await old.frame('ERROR');
    expect(error.headers).toMatchObject({ version: '1.2,1.1', message: 'Supported protocol versions are 1.2,1.1' });
    await old.closed();
  });

  it('accepts the STOMP command as CONNECT and agrees on the v12.stomp sub-protocol', async () => {
    await startServer();
    const peer = await RawPeer.open({}, ['v10.stomp', 'v12.stomp']);
    expect(peer.ws.protocol).toBe('v12.stomp');
    peer.send('STOMP', { 'accept-version': '1.2', host: 'lotdesk' });
    await peer.frame('CONNECTED');
  });

  // Heart-beat time is fake (the server's intervals and clock), the sockets real: each step is exact, not "about".
  const fakeHeartBeatClock = () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    cleanups.push(() => void vi.useRealTimers());
  };

  it('sends heart-beat EOLs at the negotiated interval, the larger of both sides\' wishes', async () => {
    fakeHeartBeatClock();
    await startServer({ heartBeat: { outgoingMs: 20, incomingMs: 0 } });
    const peer = await RawPeer.open();
    const connected = await peer.connect({ 'accept-version': '1.2', 'heart-beat': '0,30' });
    expect(connected.headers['heart-beat']).toBe('20,0');
    // The interval is the larger of what the server can send (20) and what the peer asks for (30).
    vi.advanceTimersByTime(29);
    await peer.ping();
    expect(peer.heartBeats).toBe(0);
    for (const beats of [1, 2, 3]) {
      vi.advanceTimersByTime(beats === 1 ? 1 : 30);
      await until(() => peer.heartBeats >= beats, `heart-beat ${beats}`);
    }
    await peer.ping();
    expect(peer.heartBeats).toBe(3);
  });

  it('keeps a beating peer and closes a silent one once it has been silent past twice its interval', async () => {
    fakeHeartBeatClock();
    await startServer({ heartBeat: { outgoingMs: 0, incomingMs: 100 } });
    const beating = await RawPeer.open();
    await beating.connect({ 'accept-version': '1.2', 'heart-beat': '100,0' });
    const silent = await RawPeer.open();
    await silent.connect({ 'accept-version': '1.2', 'heart-beat': '100,0' });
    for (let step = 0; step < 2; step++) {
      beating.ws.send('\n');
      await beating.ping();
      vi.advanceTimersByTime(100);
    }
    await silent.ping(); // 200 ms of silence: twice the interval, still tolerated
    expect(silent.closeCode).toBeUndefined();
    beating.ws.send('\n');
    await beating.ping();
    vi.advanceTimersByTime(100);
    await silent.closed();
    await beating.ping();
    expect(beating.closeCode).toBeUndefined();
    expect(logs.some((l) => l.msg?.includes('heart-beat'))).toBe(true);
  });
});

describe('STOMP endpoint under hostile input: ERROR frame, closed socket, other sessions unharmed', () => {
  const bigBody = 'x'.repeat(100 * 1024);
  const chunked = (buf: Buffer, size: number) => Array.from({ length: Math.ceil(buf.length / size) }, (_, i) => buf.subarray(i * size, (i + 1) * size));
  const cases: Array<{ name: string; connectFirst: boolean; payload: () => Buffer[]; message: RegExp; receiptId?: string }> = [
    {
      name: 'an oversized frame sent in 16 KiB pieces',
      connectFirst: true,
      payload: () => chunked(encodeFrame({ command: 'SEND', headers: { destination: '/app/echo' }, body: Buffer.from(bigBody) }), 16 * 1024),
      message: /frame larger than 65536 bytes/,
    },
    {
      name: 'a header flood',
      connectFirst: true,
      payload: () => [Buffer.from(`SEND\ndestination:/app/echo\n${Array.from({ length: 100 }, (_, i) => `h${i}:v\n`).join('')}\n\0`)],
      message: /more than 64 headers/,
    },
    {
      name: 'an overlong header',
      connectFirst: true,
      payload: () => [Buffer.from(`SEND\nreceipt:long\ndestination:/app/${'a'.repeat(10 * 1024)}\n\n\0`)],
      message: /header line longer than 8192 bytes/,
      receiptId: 'long',
    },
    {
      name: 'garbage bytes',
      connectFirst: true,
      payload: () => [Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0xff, 0xfe, 0x0a, 0x00])],
      message: /frame ended|unknown command/,
    },
    {
      name: 'an undefined escape in a header',
      connectFirst: true,
      payload: () => [Buffer.from('SEND\nreceipt:esc\ndestination:/app/\\x\n\n\0')],
      message: /undefined escape/,
      receiptId: 'esc',
    },
    {
      name: 'a SEND before CONNECT',
      connectFirst: false,
      payload: () => [encodeFrame({ command: 'SEND', headers: { destination: '/app/echo', receipt: 'early' }, body: Buffer.from('x') })],
      message: /expected CONNECT or STOMP as the first frame/,
      receiptId: 'early',
    },
  ];

  it.each(cases)('$name', async ({ connectFirst, payload, message, receiptId }) => {
    await startServer();
    const bystander = await stompClient();
    const hostile = await RawPeer.open();
    if (connectFirst) await hostile.connect();
    for (const piece of payload()) hostile.ws.send(piece);
    const error = await hostile.frame('ERROR');
    expect(error.headers.message).toMatch(message);
    expect(error.headers['receipt-id']).toBe(receiptId);
    await hostile.closed();

    bystander.client.publish({ destination: '/app/echo', body: 'still here' });
    expect((await until(() => bystander.echoes[0], 'bystander echo')).body).toBe('still here');
  });

  it('a single WebSocket message over the frame limit is refused by ws itself (1009), others unharmed', async () => {
    await startServer();
    const bystander = await stompClient();
    const hostile = await RawPeer.open();
    await hostile.connect();
    hostile.send('SEND', { destination: '/app/echo' }, bigBody);
    expect(await hostile.closed()).toBe(1009);
    bystander.client.publish({ destination: '/app/echo', body: 'still here' });
    await until(() => bystander.echoes[0], 'bystander echo');
  });

  it('missing required headers, transactions and a second CONNECT are protocol errors', async () => {
    await startServer();
    const attempts: Array<[string, Record<string, string>, RegExp]> = [
      ['SUBSCRIBE', { destination: ECHO }, /SUBSCRIBE needs an id/],
      ['SUBSCRIBE', { id: '1' }, /SUBSCRIBE needs a destination/],
      ['UNSUBSCRIBE', {}, /UNSUBSCRIBE needs an id/],
      ['SEND', {}, /SEND needs a destination/],
      ['BEGIN', { transaction: 't' }, /transactions are not supported/],
      ['CONNECT', { 'accept-version': '1.2' }, /already connected/],
      ['MESSAGE', {}, /MESSAGE is a server frame/],
    ];
    for (const [command, headers, message] of attempts) {
      const peer = await RawPeer.open();
      await peer.connect();
      peer.send(command, headers);
      expect((await peer.frame('ERROR')).headers.message).toMatch(message);
      await peer.closed();
    }
  });

  it('an onSend that throws is logged, the RECEIPT still comes, and the session carries on', async () => {
    await startServer({
      application: {
        async onSend(session, frame) {
          if (frame.destination === '/app/boom') throw new Error('handler exploded');
          session.deliver(ECHO, frame.body);
        },
      },
    });
    const { client, echoes } = await stompClient();
    const receipt = new Promise<void>((resolve) => client.watchForReceipt('boom', () => resolve()));
    client.publish({ destination: '/app/boom', body: '', headers: { receipt: 'boom' } });
    await receipt;
    client.publish({ destination: '/app/echo', body: 'after' });
    expect((await until(() => echoes[0], 'echo')).body).toBe('after');
    expect(logs.some((l) => l.level === 'error' && l.msg === 'stomp onSend failed')).toBe(true);
  });

  it('onConnect and onSubscribe refusals become an ERROR with their message', async () => {
    await startServer({
      application: {
        onConnect(session) {
          if (session.connectHeaders.passcode === 'wrong') throw new Error('bad credentials');
        },
        onSubscribe(_session, destination) {
          if (destination === '/topic/secret') throw new Error('not yours');
        },
      },
    });
    const refused = await RawPeer.open();
    refused.send('CONNECT', { 'accept-version': '1.2', passcode: 'wrong' });
    expect((await refused.frame('ERROR')).headers.message).toBe('bad credentials');
    await refused.closed();

    const nosy = await RawPeer.open();
    await nosy.connect();
    nosy.send('SUBSCRIBE', { id: '1', destination: '/topic/secret', receipt: 's' });
    expect((await nosy.frame('ERROR')).headers).toMatchObject({ message: 'not yours', 'receipt-id': 's' });
    await nosy.closed();
  });
});

describe('STOMP endpoint handshake', () => {
  const handshake = (path: string, origin?: string) => new Promise<number>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, origin === undefined ? {} : { origin });
    cleanups.push(() => ws.terminate());
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });

  it('refuses a foreign Origin with 403 and accepts no Origin, its own origin and a listed one', async () => {
    await startServer({ allowedOrigins: ['https://desk.example.com'] });
    expect(await handshake('/ws', 'https://evil.example')).toBe(403);
    expect(await handshake('/ws', `http://127.0.0.1:${port + 1}`)).toBe(403);
    expect(await handshake('/ws')).toBe(101);
    expect(await handshake('/ws', `http://127.0.0.1:${port}`)).toBe(101);
    expect(await handshake('/ws', `https://127.0.0.1:${port}`)).toBe(101);
    expect(await handshake('/ws', 'https://desk.example.com')).toBe(101);
  });

  it('answers other paths with 404 and serves a custom path', async () => {
    await startServer({ path: '/stomp' });
    expect(await handshake('/ws')).toBe(404);
    expect(await handshake('/stomp?token=x')).toBe(101);
  });

  it('close() closes every socket and refuses nothing it has not been asked to', async () => {
    await startServer();
    const peer = await RawPeer.open();
    await peer.connect();
    await stomp?.close();
    expect(await peer.closed()).toBe(1001);
  });
});
