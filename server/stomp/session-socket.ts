// A session's socket, writing side: frames out as text messages, a guard against a peer that stopped reading, and
// closing with a grace period. It never reads (the session does) and never decides when to close.
import { WebSocket } from 'ws';
import { encodeFrame, type StompFrame } from './frame';
import { errorFrame } from './server-frames';
import type { StompLogger } from './types';

const CLOSE_GRACE_MS = 2_000; // time for the peer to answer our close frame before the socket is cut
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024; // a peer this far behind on reading is not coming back
const EOL = Buffer.from('\n');

/** WebSocket close codes (RFC 6455 §7.4.1) the endpoint uses. */
export const CloseCode = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  /** A limit of ours was broken (a deadline, a cap on this session). */
  policyViolation: 1008,
  /** Full (sockets, a user's sessions): come back later. */
  tryAgainLater: 1013,
} as const;

export class SessionSocket {
  private graceTimer: NodeJS.Timeout | undefined;

  constructor(readonly ws: WebSocket, private readonly logger: StompLogger, private readonly sessionId: string) {}

  sendFrame(frame: StompFrame): void {
    this.send(encodeFrame(frame));
  }

  heartBeat(): void {
    this.send(EOL);
  }

  send(bytes: Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.logger.warn({ sessionId: this.sessionId }, 'stomp peer is not reading; dropping it');
      this.ws.terminate();
      return;
    }
    // Text messages: every frame we build is valid UTF-8, and browsers' tools show text readably.
    this.ws.send(bytes, { binary: false });
  }

  /** Our close frame; ws would wait up to 30 s for the peer's, a hostile peer need not get that long. */
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
    this.graceTimer = setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  /** The socket has closed: nothing left to cut. */
  closed(): void {
    clearTimeout(this.graceTimer);
  }
}

/** A socket turned away before it became a session (a cap on sockets): an ERROR naming the limit, then a close. */
export function turnAway(ws: WebSocket, message: string, logger: StompLogger): void {
  const socket = new SessionSocket(ws, logger, 'turned-away');
  ws.on('error', () => undefined); // a reset while we close is no news
  ws.once('close', () => socket.closed());
  socket.sendFrame(errorFrame(message, undefined));
  socket.close(CloseCode.tryAgainLater, 'stomp limit');
}
