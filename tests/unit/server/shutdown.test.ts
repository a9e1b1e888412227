// server/shutdown.ts: the first stop signal stops cleanly, a second press forces the stop, and the copies of one
// press (the terminal's and npm start's relay, milliseconds apart) are that one press.
import { describe, expect, it } from 'vitest';
import { SAME_PRESS_MS, stopSignalHandler } from '../../../server/shutdown';

function harness() {
  let clock = 0;
  const calls: string[] = [];
  const onSignal = stopSignalHandler({
    stop: async (signal) => void calls.push(`stop ${signal}`),
    force: (signal) => void calls.push(`force ${signal}`),
    now: () => clock,
  });
  return {
    calls,
    signal(name: NodeJS.Signals, atMs: number) {
      clock = atMs;
      onSignal(name);
    },
  };
}

describe('stop signals', () => {
  it('the first signal starts the clean stop', () => {
    const run = harness();
    run.signal('SIGINT', 0);
    expect(run.calls).toEqual(['stop SIGINT']);
  });

  it('one Ctrl+C that arrives twice (terminal and relay) is one clean stop', () => {
    const run = harness();
    run.signal('SIGINT', 0);
    run.signal('SIGINT', 5);
    run.signal('SIGINT', SAME_PRESS_MS - 1);
    expect(run.calls).toEqual(['stop SIGINT']);
  });

  it('a second press while the clean stop waits forces the stop', () => {
    const run = harness();
    run.signal('SIGINT', 0);
    run.signal('SIGINT', SAME_PRESS_MS + 500);
    expect(run.calls).toEqual(['stop SIGINT', 'force SIGINT']);
  });

  it('SIGTERM after SIGINT forces too: any second stop signal does', () => {
    const run = harness();
    run.signal('SIGINT', 0);
    run.signal('SIGTERM', 3 * SAME_PRESS_MS);
    expect(run.calls).toEqual(['stop SIGINT', 'force SIGTERM']);
  });
});
