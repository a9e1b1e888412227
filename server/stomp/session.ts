// One STOMP connection: the CONNECT handshake, receipts, heart-beats and closing, over its subscriptions
// (subscriptions.ts) and its ordered queue (session-queue.ts).
// It must never throw out of a socket event, never know what a destination means (the application does), and
// never log header values (CONNECT carries the bearer token).
import { randomUUID } from 'node:crypto';
import { WebSocket, type RawData } from 'ws';
import { emptyHeaders, encodeFrame, FrameParser, StompProtocolError, type StompFrame } from './frame';
import { negotiateHeartBeat, negotiateVersion, parseHeartBeat, SUPPORTED_VERSIONS } from './negotiation';
import { connectedFrame, errorFrame, receiptFrame } from './server-frames';
import { SessionQueue } from './session-queue';
import { Subscriptions } from './subscriptions';
import type { StompApplication, StompHeartBeat, StompLimits, StompLogger, StompSession } from './types';

const CONNECT_TIMEOUT_MS = 10_000; // a socket that never says CONNECT holds memory for nothing
const DEAD_PEER_FACTOR = 2; // spec leaves the tolerance to us; 2× is also stompjs's default for the other direction
const CLOSE_GRACE_MS = 2_000; // time for the peer to answer our close frame before the socket is cut
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024; // a peer this far behind on reading is not coming back
const EOL = Buffer.from('\n');

export interface SessionConfig {
  application: StompApplication;
  logger: StompLogger;
  limits: StompLimits;
  heartBeat: StompHeartBeat;
  remoteAddress: string | undefined;
  /** Called once, after the socket has closed. */
  onClosed(session: Session): void;
}

type State = 'awaiting-connect' | 'connected' | 'closing' | 'closed';

export class Session implements StompSession {
  readonly id = randomUUID();
  readonly remoteAddress: string | undefined;
  connectHeaders: Readonly<Record<string, string>> = Object.freeze(emptyHeaders());
  private state: State = 'awaiting-connect';
  private readonly parser: FrameParser;
  private readonly subscriptions = new Subscriptions(this.id);
  private readonly queue: SessionQueue;
  private reading = true;
  private onConnectCalled = false;
  private lastReceivedAt = Date.now();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly connectTimer: NodeJS.Timeout;
  private markClosed: () => void = () => undefined;
  /** Settles once the socket has closed and onClose has run. */
  readonly closed = new Promise<void>((resolve) => {
    this.markClosed = resolve;
  });

  constructor(private readonly ws: WebSocket, private readonly config: SessionConfig) {
    this.remoteAddress = config.remoteAddress;
    this.parser = new FrameParser(config.limits);
    this.queue = new SessionQueue(ws, (err) => this.config.logger.error({ sessionId: this.id, err }, 'stomp session task failed'));
    ws.on('message', (data) => this.receive(data));
    ws.on('close', () => this.onSocketClosed());
    // ws reports transport faults (bad UTF-8 in a text message, maxPayload) here, then closes the socket.
    ws.on('error', (err) => this.config.logger.warn({ sessionId: this.id, err }, 'stomp socket error'));
    this.connectTimer = setTimeout(() => this.queue.enqueue(() => this.connectTimedOut()), CONNECT_TIMEOUT_MS);
    this.addTimer(this.connectTimer);
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  deliver(destination: string, body: string, headers: Record<string, string> = {}): number {
    if (this.state !== 'connected') return 0;
    return this.subscriptions.deliver(destination, body, headers, (frame) => this.sendFrame(frame));
  }

  isSubscribed(destination: string): boolean {
    return this.subscriptions.isSubscribed(destination);
  }

  close(): void {
    this.closeSocket(1000, 'closed by server');
  }

  /** Server shutdown: 1001 tells the client to come back later rather than that it did something wrong. */
  goAway(): void {
    this.closeSocket(1001, 'server shutting down');
  }

  // ------------------------------------------------------------------------------------------- input

  private receive(data: RawData): void {
    if (!this.reading || this.state === 'closing' || this.state === 'closed') return;
    this.lastReceivedAt = Date.now();
    const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    try {
      this.parser.push(chunk, (frame) => this.queue.enqueue(() => this.handle(frame)));
    } catch (err) {
      // Stop reading: nothing after a fault can be framed. Earlier frames still run first, in order.
      this.reading = false;
      if (err instanceof StompProtocolError) {
        this.queue.enqueue(() => this.fail(err.message, err.receiptId));
      } else {
        this.config.logger.error({ sessionId: this.id, err }, 'stomp parser failed unexpectedly');
        this.queue.enqueue(() => this.fail('internal error'));
      }
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (this.state === 'awaiting-connect') {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.connect(frame);
      return this.fail(`expected CONNECT or STOMP as the first frame, got ${frame.command}`, frame.headers.receipt);
    }
    if (this.state !== 'connected') return; // closing: the rest of the stream is moot
    switch (frame.command) {
      case 'SEND':
        return this.send(frame);
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE':
        return this.unsubscribe(frame);
      case 'DISCONNECT':
        this.receipt(frame);
        return this.closeSocket(1000, 'disconnect');
      case 'ACK':
      case 'NACK':
        return this.receipt(frame); // every subscription behaves as auto-ack: nothing to redeliver
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return this.fail('transactions are not supported', frame.headers.receipt);
      case 'CONNECT':
      case 'STOMP':
        return this.fail('already connected', frame.headers.receipt);
      default:
        return this.fail(`${frame.command} is a server frame`, frame.headers.receipt);
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    const { headers } = frame;
    const version = negotiateVersion(headers['accept-version']);
    if (version === undefined) {
      const supported = SUPPORTED_VERSIONS.join(',');
      return this.fail(`Supported protocol versions are ${supported}`, headers.receipt, { version: supported });
    }
    const client = parseHeartBeat(headers['heart-beat']);
    if (client === undefined) return this.fail('heart-beat header must be two integers "cx,cy"', headers.receipt);
    this.connectHeaders = Object.freeze(headers);
    this.onConnectCalled = true;
    try {
      await this.config.application.onConnect?.(this);
    } catch (err) {
      return this.fail(errorMessage(err), headers.receipt);
    }
    if (this.state !== 'awaiting-connect') return; // the socket went away while the application decided
    this.state = 'connected';
    clearTimeout(this.connectTimer);
    this.timers.delete(this.connectTimer);
    const server = { send: this.config.heartBeat.outgoingMs, receive: this.config.heartBeat.incomingMs };
    this.sendFrame(connectedFrame(version, server, this.id));
    this.startHeartBeats(negotiateHeartBeat(client, server));
    this.receipt(frame);
    this.config.logger.info({ sessionId: this.id, version, remoteAddress: this.remoteAddress }, 'stomp session connected');
  }

  private connectTimedOut(): void {
    if (this.state === 'awaiting-connect') this.fail(`no CONNECT frame within ${CONNECT_TIMEOUT_MS} ms`);
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const { receipt } = frame.headers;
    const subscription = this.subscriptions.read(frame.headers);
    if ('refusal' in subscription) return this.fail(subscription.refusal, receipt);
    try {
      await this.config.application.onSubscribe?.(this, subscription.destination, frame.headers);
    } catch (err) {
      return this.fail(errorMessage(err), receipt);
    }
    if (this.state !== 'connected') return;
    this.subscriptions.add(subscription);
    this.receipt(frame);
  }

  private unsubscribe(frame: StompFrame): void {
    const { id, receipt } = frame.headers;
    if (id === undefined) return this.fail('UNSUBSCRIBE needs an id header', receipt);
    // An unknown id is not an error: stompjs may unsubscribe what a reconnect already dropped.
    this.subscriptions.remove(id);
    this.receipt(frame);
  }

  private async send(frame: StompFrame): Promise<void> {
    const { destination, receipt, transaction } = frame.headers;
    if (destination === undefined) return this.fail('SEND needs a destination header', receipt);
    if (transaction !== undefined) return this.fail('transactions are not supported', receipt);
    let body: string;
    try {
      body = new TextDecoder('utf-8', { fatal: true }).decode(frame.body);
    } catch {
      return this.fail('SEND body is not valid UTF-8', receipt);
    }
    try {
      await this.config.application.onSend(this, { destination, headers: frame.headers, body });
    } catch (err) {
      // The application answers its own failures (an envelope); a broken handler must not drop the connection.
      this.config.logger.error({ sessionId: this.id, destination, err }, 'stomp onSend failed');
    }
    // After settling, either way: the outbox must not replay a message that crashes the handler forever.
    this.receipt(frame);
  }

  // ------------------------------------------------------------------------------------------- output

  private receipt(frame: StompFrame): void {
    const id = frame.headers.receipt;
    if (id !== undefined) this.sendFrame(receiptFrame(id));
  }

  /** ERROR, then close: STOMP has no recovery from a broken protocol. */
  private fail(message: string, receiptId?: string, extra: Record<string, string> = {}): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.config.logger.warn({ sessionId: this.id, remoteAddress: this.remoteAddress, reason: message }, 'stomp protocol error');
    this.sendFrame(errorFrame(message, receiptId, extra));
    this.closeSocket(1002, 'stomp protocol error');
  }

  private sendFrame(frame: StompFrame): void {
    this.sendRaw(encodeFrame(frame));
  }

  private sendRaw(bytes: Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.config.logger.warn({ sessionId: this.id }, 'stomp peer is not reading; dropping it');
      this.ws.terminate();
      return;
    }
    // Text messages: every frame we build is valid UTF-8, and browsers' tools show text readably.
    this.ws.send(bytes, { binary: false });
  }

  private startHeartBeats({ outgoingMs, incomingMs }: { outgoingMs: number; incomingMs: number }): void {
    if (outgoingMs > 0) this.addTimer(setInterval(() => this.sendRaw(EOL), outgoingMs));
    if (incomingMs > 0) {
      this.addTimer(setInterval(() => {
        // While frames wait in our queue we are the slow side (and may have paused reading): not the peer's fault.
        if (this.queue.size > 0) this.lastReceivedAt = Date.now();
        if (Date.now() - this.lastReceivedAt <= DEAD_PEER_FACTOR * incomingMs) return;
        this.config.logger.info({ sessionId: this.id, incomingMs }, 'stomp peer silent past its heart-beat; closing');
        this.ws.terminate();
      }, incomingMs));
    }
  }

  // ------------------------------------------------------------------------------------------- closing

  private closeSocket(code: number, reason: string): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.state = 'closing';
    this.reading = false;
    this.clearTimers();
    this.ws.close(code, reason);
    // ws waits up to 30 s for the peer's close frame; a hostile peer need not get that long.
    this.addTimer(setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS));
  }

  private onSocketClosed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.reading = false;
    this.clearTimers();
    this.subscriptions.clear();
    this.config.onClosed(this);
    try {
      if (this.onConnectCalled) this.config.application.onClose?.(this);
    } catch (err) {
      this.config.logger.error({ sessionId: this.id, err }, 'stomp onClose failed');
    }
    this.markClosed();
  }

  private addTimer(timer: NodeJS.Timeout): void {
    timer.unref(); // never the reason the process stays up
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

function errorMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 0 ? text.slice(0, 500) : 'refused';
}
