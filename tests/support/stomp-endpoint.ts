// The bare STOMP endpoint (attachStomp on a plain http server, no LotDesk application) for the server/stomp suites:
// an echo application, a recording logger, the real stompjs client, and a raw peer for bytes stompjs would never
// send. One endpoint per test at most; whatever a test opened is torn down after it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type IMessage, type StompConfig } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { afterEach } from 'vitest';
import {
  attachStomp, DEFAULT_LIMITS, encodeFrame, FrameParser, type StompApplication, type StompFrame, type StompLimits,
  type StompServer, type StompServerOptions,
} from '../../server/stomp';

/** Where the echo application answers: SEND /app/echo comes back here, to the sending session only. */
export const ECHO = '/user/topics/echo';
export const LIMITS: StompLimits = { ...DEFAULT_LIMITS, maxFrameBytes: 64 * 1024, maxHeaders: 64, maxHeaderLength: 8 * 1024 };
/** Whom the echo application signs every session in as, at CONNECT (unless a test brings its own onConnect). */
export const ECHO_USER = 'echo-user';

/** Polls until `probe` returns something; fails instead of hanging. */
export async function until<T>(probe: () => T | undefined | false, what = 'condition', timeoutMs = 5_000): Promise<T> {
  const deadline = performance.now() + timeoutMs; // not Date: heart-beat tests fake it
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface LogEntry { level: string; obj: object; msg: string | undefined }

export type Overrides = Partial<Omit<StompServerOptions, 'application' | 'logger'>> & { application?: Partial<StompApplication> };

export interface StompEndpoint {
  /** What the endpoint logged during this test. */
  readonly logs: LogEntry[];
  /** Run after this test, last registered first, before the endpoint closes. */
  readonly cleanups: Array<() => Promise<void> | void>;
  /** The running endpoint (after startServer). */
  readonly stomp: StompServer | undefined;
  readonly port: number;
  wsUrl(): string;
  /** A bare http server with the endpoint and an echo application (signing every session in): SEND /app/echo comes back on ECHO. */
  startServer(overrides?: Overrides): Promise<void>;
  /** A real stompjs client, connected, with an ECHO subscription collecting bodies. */
  stompClient(config?: StompConfig): Promise<{ client: Client; echoes: IMessage[] }>;
  /** A raw WebSocket peer, open but not yet CONNECTed. */
  openPeer(headers?: Record<string, string>, protocols?: string[]): Promise<RawPeer>;
}

/** Call once at the top of a test file: registers the afterEach that closes everything the test opened. */
export function stompEndpoint(): StompEndpoint {
  const logs: LogEntry[] = [];
  const record = (level: string) => (obj: object, msg?: string) => void logs.push({ level, obj, msg });
  const logger: StompServerOptions['logger'] = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
  const cleanups: Array<() => Promise<void> | void> = [];
  let http: Server | undefined;
  let stomp: StompServer | undefined;
  let port = 0;
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

  async function startServer(overrides: Overrides = {}): Promise<void> {
    const { application, ...options } = overrides;
    http = createServer();
    stomp = attachStomp(http, {
      logger,
      limits: LIMITS,
      ...options,
      application: {
        onConnect(session) {
          session.signIn?.(ECHO_USER);
        },
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

  async function openPeer(headers: Record<string, string> = {}, protocols: string[] = []): Promise<RawPeer> {
    const ws = new WebSocket(wsUrl(), protocols, { headers });
    const peer = new RawPeer(ws);
    cleanups.push(() => ws.terminate());
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return peer;
  }

  return {
    logs,
    cleanups,
    get stomp() {
      return stomp;
    },
    get port() {
      return port;
    },
    wsUrl,
    startServer,
    stompClient,
    openPeer,
  };
}

/** A raw peer that speaks bytes: for what stompjs would never send. */
export class RawPeer {
  readonly frames: StompFrame[] = [];
  heartBeats = 0;
  closeCode: number | undefined;
  private readonly parser = new FrameParser({ maxFrameBytes: 1 << 24 });

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      if (data.toString() === '\n') this.heartBeats += 1;
      this.parser.push(data, (frame) => this.frames.push(frame));
    });
    ws.on('close', (code) => {
      this.closeCode = code;
    });
    ws.on('error', () => undefined);
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
