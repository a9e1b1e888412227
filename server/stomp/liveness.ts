// One session's clocks: its heart-beats out, and every deadline it holds the peer to — signing in, finishing a
// frame once begun, and not falling silent (the agreed heart-beat, and a ceiling that holds even when the peer
// promised none). It never touches the socket: it reports what ran out, and the session decides how to close.
import type { StompLimits } from './types';

const DEAD_PEER_FACTOR = 2; // spec leaves the tolerance to us; 2× is also stompjs's default for the other direction
const SILENCE_CHECKS = 10; // the silence ceiling is checked ten times per period: closed within 110 % of it

/**
 * What ran out. 'sign-in': limits.authTimeoutMs since the socket opened, still not signed in. 'frame': a frame
 * begun limits.partialFrameTimeoutMs ago has not ended. 'silence': nothing for limits.maxSilenceMs. 'heart-beat':
 * the peer missed the heart-beats it agreed to (presumed gone).
 */
export type Expiry = 'sign-in' | 'frame' | 'silence' | 'heart-beat';

export interface LivenessHooks {
  /** Our heart-beat: an EOL to the peer. */
  beat(): void;
  /** Frames wait in the session's queue (and reading may be paused): then we are the slow side, not the peer. */
  busy(): boolean;
  expired(what: Expiry): void;
}

export type LivenessLimits = Pick<StompLimits, 'authTimeoutMs' | 'partialFrameTimeoutMs' | 'maxSilenceMs'>;

export class Liveness {
  private lastReceivedAt = Date.now();
  private signInTimer: NodeJS.Timeout | undefined;
  private frameTimer: NodeJS.Timeout | undefined;
  private readonly timeouts = new Set<NodeJS.Timeout>();
  private readonly intervals = new Set<NodeJS.Timeout>();

  constructor(private readonly limits: LivenessLimits, private readonly hooks: LivenessHooks) {
    this.signInTimer = this.after(limits.authTimeoutMs, () => hooks.expired('sign-in'));
    const silence = limits.maxSilenceMs;
    this.every(Math.max(1, Math.ceil(silence / SILENCE_CHECKS)), () => this.check(silence, 'silence'));
  }

  /** Something came in: a WebSocket message, heart-beat or frame bytes. */
  received(): void {
    this.lastReceivedAt = Date.now();
  }

  /**
   * After reading: `inFrame` when a frame has begun and not ended, `newFrame` when some frame ended during the read
   * (so the one in progress, if any, began in it). The deadline runs from a frame's beginning to its end.
   */
  frameProgress(inFrame: boolean, newFrame: boolean): void {
    if (inFrame && this.frameTimer !== undefined && !newFrame) return;
    this.clear(this.frameTimer);
    this.frameTimer = inFrame ? this.startFrameDeadline() : undefined;
  }

  signedIn(): void {
    this.clear(this.signInTimer);
    this.signInTimer = undefined;
  }

  /** The negotiated intervals (negotiation.ts); 0 turns that direction off. */
  startHeartBeats({ outgoingMs, incomingMs }: { outgoingMs: number; incomingMs: number }): void {
    if (outgoingMs > 0) this.every(outgoingMs, () => this.hooks.beat());
    if (incomingMs > 0) this.every(incomingMs, () => this.check(DEAD_PEER_FACTOR * incomingMs, 'heart-beat'));
  }

  stop(): void {
    for (const timer of this.timeouts) clearTimeout(timer);
    for (const timer of this.intervals) clearInterval(timer);
    this.timeouts.clear();
    this.intervals.clear();
    this.signInTimer = undefined;
    this.frameTimer = undefined;
  }

  private startFrameDeadline(): NodeJS.Timeout {
    return this.after(this.limits.partialFrameTimeoutMs, () => {
      this.clear(this.frameTimer);
      // Reading is paused while our queue is full: the rest of the frame may be waiting on us. Try again later.
      this.frameTimer = this.hooks.busy() ? this.startFrameDeadline() : undefined;
      if (this.frameTimer === undefined) this.hooks.expired('frame');
    });
  }

  private check(limitMs: number, what: Expiry): void {
    if (this.hooks.busy()) this.lastReceivedAt = Date.now();
    if (Date.now() - this.lastReceivedAt > limitMs) this.hooks.expired(what);
  }

  // Unref'd: never the reason the process stays up. Each kind is cleared with its own function (tests fake one).
  private after(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(run, ms).unref();
    this.timeouts.add(timer);
    return timer;
  }

  private every(ms: number, run: () => void): void {
    this.intervals.add(setInterval(run, ms).unref());
  }

  private clear(timeout: NodeJS.Timeout | undefined): void {
    if (timeout === undefined) return;
    clearTimeout(timeout);
    this.timeouts.delete(timeout);
  }
}
