// One STOMP connection: the CONNECT handshake, signing in, receipts and closing, over its subscriptions, its ordered
// queue and its clocks (liveness.ts). Until the application signs it in, a session is anonymous: small frames, and
// closed once the sign-in deadline passes. It must never throw out of a socket event, never know what a destination
// means (the application does), and never log header values (CONNECT carries the bearer token).
import { randomUUID } from 'node:crypto';
import type { RawData, WebSocket } from 'ws';
import { CLOSE_REASON_HEADER, SIGN_IN_TIMEOUT } from '../../src/protocol/auth';
import { ServerMessages } from '../../src/protocol/messages';
import { LimitName } from './admission';
import { emptyHeaders, StompProtocolError, type StompFrame } from './frame';
import { FrameParser } from './frame-parser';
import { Liveness, type Expiry } from './liveness';
import { negotiateHeartBeat, negotiateVersion, parseHeartBeat, SUPPORTED_VERSIONS } from './negotiation';
import { connectedFrame, errorFrame, receiptFrame } from './server-frames';
import { SessionQueue } from './session-queue';
import { CloseCode, SessionSocket } from './session-socket';
import { Subscriptions } from './subscriptions';
import type { StompApplication, StompHeartBeat, StompLimits, StompLogger, StompSession } from './types';
import { raiseMessageLimit } from './ws-message-limit';

export interface SessionConfig {
  application: StompApplication;
  logger: StompLogger;
  limits: StompLimits;
  heartBeat: StompHeartBeat;
  remoteAddress: string | undefined;
  /** Counts this session under `principal` (signing in), or says which limit refuses it. */
  admit(principal: string): string | undefined;
  /** Called once, after the socket has closed. */
  onClosed(session: Session): void;
}

type State = 'awaiting-connect' | 'connected' | 'closing' | 'closed';
const seconds = (ms: number): number => ms / 1000;

export class Session implements StompSession {
  readonly id = randomUUID();
  readonly remoteAddress: string | undefined;
  connectHeaders: Readonly<Record<string, string>> = Object.freeze(emptyHeaders());
  /** Whom the application signed this session in as; undefined while anonymous. */
  principal: string | undefined;
  private state: State = 'awaiting-connect';
  private readonly parser: FrameParser;
  private readonly subscriptions = new Subscriptions(this.id);
  private readonly queue: SessionQueue;
  private readonly liveness: Liveness;
  private readonly socket: SessionSocket;
  private reading = true;
  private onConnectCalled = false;
  private markClosed: () => void = () => undefined;
  /** Settles once the socket has closed and onClose has run. */
  readonly closed = new Promise<void>((resolve) => {
    this.markClosed = resolve;
  });

  constructor(private readonly ws: WebSocket, private readonly config: SessionConfig) {
    this.remoteAddress = config.remoteAddress;
    const { limits } = config;
    this.parser = new FrameParser(limits);
    this.parser.setMaxFrameBytes(limits.anonymousMaxFrameBytes, ' before sign-in');
    this.socket = new SessionSocket(ws, config.logger, this.id);
    this.queue = new SessionQueue(ws, (err) => this.config.logger.error({ sessionId: this.id, err }, 'stomp session task failed'));
    this.liveness = new Liveness(limits, {
      beat: () => this.socket.heartBeat(),
      busy: () => this.queue.size > 0,
      expired: (what) => this.expired(what),
    });
    ws.on('message', (data) => this.receive(data));
    ws.on('close', () => this.onSocketClosed());
    // ws reports transport faults (bad UTF-8 in a text message, maxPayload) here, then closes the socket.
    ws.on('error', (err) => this.config.logger.warn({ sessionId: this.id, err }, 'stomp socket error'));
  }

  get isConnected(): boolean {
    return this.state === 'connected';
  }

  deliver(destination: string, body: string, headers: Record<string, string> = {}): number {
    if (this.state !== 'connected') return 0;
    return this.subscriptions.deliver(destination, body, headers, (frame) => this.socket.sendFrame(frame));
  }

  isSubscribed(destination: string): boolean {
    return this.subscriptions.isSubscribed(destination);
  }

  signIn(principal: string): boolean {
    if (this.state === 'closing' || this.state === 'closed') return false;
    if (this.principal !== undefined) return true;
    const refusal = this.config.admit(principal);
    if (refusal !== undefined) {
      this.fail(refusal, undefined, {}, CloseCode.tryAgainLater);
      return false;
    }
    this.principal = principal;
    this.parser.setMaxFrameBytes(this.config.limits.maxFrameBytes);
    raiseMessageLimit(this.ws, this.config.limits.maxFrameBytes, this.config.logger);
    this.liveness.signedIn();
    return true;
  }

  close(): void {
    this.closeSocket(CloseCode.normal, 'closed by server');
  }

  /** Server shutdown: 1001 tells the client to come back later rather than that it did something wrong. */
  goAway(): void {
    this.closeSocket(CloseCode.goingAway, 'server shutting down');
  }

  // ------------------------------------------------------------------------------------------- input

  private receive(data: RawData): void {
    if (!this.reading || this.state === 'closing' || this.state === 'closed') return;
    this.liveness.received();
    const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let ended = false;
    try {
      this.parser.push(chunk, (frame) => {
        ended = true;
        this.queue.enqueue(() => this.handle(frame));
      });
      this.liveness.frameProgress(this.parser.inFrame, ended);
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
        return this.closeSocket(CloseCode.normal, 'disconnect');
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
    let extra: Readonly<Record<string, string>> | void;
    try {
      extra = await this.config.application.onConnect?.(this);
    } catch (err) {
      return this.fail(errorMessage(err), headers.receipt);
    }
    if (this.state !== 'awaiting-connect') return; // the socket went away while the application decided
    this.state = 'connected';
    const server = { send: this.config.heartBeat.outgoingMs, receive: this.config.heartBeat.incomingMs };
    this.socket.sendFrame(connectedFrame(version, server, this.id, extra ?? {}));
    this.liveness.startHeartBeats(negotiateHeartBeat(client, server));
    this.receipt(frame);
    this.config.logger.info({ sessionId: this.id, version, remoteAddress: this.remoteAddress }, 'stomp session connected');
  }

  /** A clock ran out (liveness.ts): an ERROR saying which, then a close; a peer that missed its heart-beats is cut. */
  private expired(what: Expiry): void {
    const { authTimeoutMs, partialFrameTimeoutMs, maxSilenceMs } = this.config.limits;
    const overLimit = (message: string) => this.fail(message, undefined, {}, CloseCode.policyViolation);
    if (what === 'frame') return overLimit(ServerMessages.frameTimeout(seconds(partialFrameTimeoutMs)));
    if (what === 'silence') return overLimit(ServerMessages.silenceTimeout(seconds(maxSilenceMs)));
    if (what === 'heart-beat') {
      this.config.logger.info({ sessionId: this.id }, 'stomp peer silent past its heart-beat; closing');
      return this.ws.terminate();
    }
    // Sign-in, queued: a CONNECT or a login that came in time finishes first.
    this.queue.enqueue(() => {
      if (this.state === 'awaiting-connect') this.fail(`no CONNECT frame within ${authTimeoutMs} ms`);
      // Routine (a login screen left open), so not a warning: the client opens a new socket at once.
      else if (this.principal === undefined) this.fail(ServerMessages.signInTimeout(seconds(authTimeoutMs)), undefined, { [CLOSE_REASON_HEADER]: SIGN_IN_TIMEOUT }, CloseCode.policyViolation, 'debug');
    });
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    const { receipt } = frame.headers;
    const subscription = this.subscriptions.read(frame.headers);
    if ('refusal' in subscription) return this.fail(subscription.refusal, receipt);
    const { maxSubscriptionsPerSession: max } = this.config.limits;
    if (this.subscriptions.size >= max) {
      return this.fail(ServerMessages.limitReached(LimitName.subscriptionsPerSession, max), receipt, {}, CloseCode.policyViolation);
    }
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
    if (id !== undefined) this.socket.sendFrame(receiptFrame(id));
  }

  /** ERROR, then close: STOMP has no recovery from a broken protocol or limit. */
  private fail(message: string, receiptId?: string, extra: Record<string, string> = {}, code: number = CloseCode.protocolError, level: 'warn' | 'debug' = 'warn'): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.config.logger[level]({ sessionId: this.id, remoteAddress: this.remoteAddress, reason: message }, 'stomp protocol error');
    this.socket.sendFrame(errorFrame(message, receiptId, extra));
    this.closeSocket(code, code === CloseCode.protocolError ? 'stomp protocol error' : 'stomp limit');
  }

  // ------------------------------------------------------------------------------------------- closing

  private closeSocket(code: number, reason: string): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.state = 'closing';
    this.reading = false;
    this.liveness.stop();
    this.socket.close(code, reason);
  }

  private onSocketClosed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.reading = false;
    this.liveness.stop();
    this.socket.closed();
    this.subscriptions.clear();
    this.config.onClosed(this);
    try {
      if (this.onConnectCalled) this.config.application.onClose?.(this);
    } catch (err) {
      this.config.logger.error({ sessionId: this.id, err }, 'stomp onClose failed');
    }
    this.markClosed();
  }
}

function errorMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 0 ? text.slice(0, 500) : 'refused';
}
