// The stop signals' rules (SIGINT, SIGTERM): the first one starts the clean stop, a later one forces the stop while
// the clean one still waits (on a client that holds a request open, say). Knows nothing of what a clean stop closes:
// main.ts says that.

/**
 * One Ctrl+C reaches the server more than once, milliseconds apart: from the terminal and again relayed by `npm start`
 * (scripts/start.mjs) or tsx. Signals this close to the first are that same press, not a second one.
 */
export const SAME_PRESS_MS = 1000;

/** 128 + SIGINT: what a shell reports for an interrupted command, so a forced stop never looks like a clean one. */
export const FORCED_EXIT_CODE = 130;

export interface StopSignalActions {
  /** The clean stop: closes what is open, then ends the process. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** Ends the process at once. */
  force(signal: NodeJS.Signals): void;
  /** The clock (tests pass their own). */
  now?: () => number;
}

/** The handler to register for each stop signal (with process.on: every signal must reach it, not only the first). */
export function stopSignalHandler({ stop, force, now = Date.now }: StopSignalActions): (signal: NodeJS.Signals) => void {
  let firstAt: number | undefined;
  return (signal) => {
    const at = now();
    if (firstAt === undefined) {
      firstAt = at;
      void stop(signal);
    } else if (at - firstAt >= SAME_PRESS_MS) {
      force(signal);
    }
  };
}
