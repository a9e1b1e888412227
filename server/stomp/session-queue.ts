// One session's queue: every task (a frame, a fault, the CONNECT timeout) runs after the previous one has fully
// settled, in the order it came, and the socket stops being read while too many wait. It must never run two tasks
// at once, reorder or drop one, nor let one task's failure stop the next.

const MAX_QUEUED_FRAMES = 32; // beyond this we stop reading the socket until the application catches up

/** The socket's flow control, as ws offers it. */
export interface Pausable {
  readonly isPaused: boolean;
  pause(): void;
  resume(): void;
}

export class SessionQueue {
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(private readonly socket: Pausable, private readonly onFailed: (err: unknown) => void) {}

  /** Tasks waiting or running. */
  get size(): number {
    return this.queued;
  }

  enqueue(task: () => Promise<void> | void): void {
    this.queued += 1;
    if (this.queued > MAX_QUEUED_FRAMES && !this.socket.isPaused) this.socket.pause();
    this.tail = this.tail
      .then(task)
      .catch((err: unknown) => this.onFailed(err))
      .finally(() => {
        this.queued -= 1;
        if (this.queued <= MAX_QUEUED_FRAMES / 2 && this.socket.isPaused) this.socket.resume();
      });
  }
}
