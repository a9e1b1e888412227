// The STOMP endpoint against the real @stomp/stompjs client, and its WebSocket handshake (Origin, path, close).
// Negotiation and heart-beats are in stomp-heart-beats.test.ts, hostile peers in stomp-hostile-input.test.ts.
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../server/stomp';
import { ECHO, LIMITS, stompEndpoint, until } from '../support/stomp-endpoint';

const endpoint = stompEndpoint();
const { startServer, stompClient, openPeer, wsUrl, cleanups } = endpoint;

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

    const raw = await openPeer();
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
    const raw = await openPeer();
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
    const [session] = [...(endpoint.stomp?.sessions() ?? [])];
    expect(connected.session).toBe(session?.id);
    await client.deactivate();
    await until(() => closed.length === 1 && [...(endpoint.stomp?.sessions() ?? [])].length === 0, 'onClose');
    expect(closed).toEqual([connected.session]);
  });
});

describe('STOMP endpoint handshake', () => {
  const handshake = (path: string, origin?: string) => new Promise<number>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${endpoint.port}${path}`, origin === undefined ? {} : { origin });
    cleanups.push(() => ws.terminate());
    ws.once('open', () => resolve(101));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });

  it('refuses a foreign Origin with 403 and accepts no Origin, its own origin and a listed one', async () => {
    await startServer({ allowedOrigins: ['https://desk.example.com'] });
    expect(await handshake('/ws', 'https://evil.example')).toBe(403);
    expect(await handshake('/ws', `http://127.0.0.1:${endpoint.port + 1}`)).toBe(403);
    expect(await handshake('/ws')).toBe(101);
    expect(await handshake('/ws', `http://127.0.0.1:${endpoint.port}`)).toBe(101);
    expect(await handshake('/ws', `https://127.0.0.1:${endpoint.port}`)).toBe(101);
    expect(await handshake('/ws', 'https://desk.example.com')).toBe(101);
  });

  it('answers other paths with 404 and serves a custom path', async () => {
    await startServer({ path: '/stomp' });
    expect(await handshake('/ws')).toBe(404);
    expect(await handshake('/stomp?token=x')).toBe(101);
  });

  it('close() closes every socket and refuses nothing it has not been asked to', async () => {
    await startServer();
    const peer = await openPeer();
    await peer.connect();
    await endpoint.stomp?.close();
    expect(await peer.closed()).toBe(1001);
  });
});
