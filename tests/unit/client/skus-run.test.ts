// Multiple SKUs' progress dialog (spec §2: 'a progress dialog shows the status message while it runs'): up from
// the send until the FOUND_LOTS reply, and never left hanging when the reply cannot come.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gettingLotsMessage, lotLookups } from '../../../src/domains/lots';
import { SKUS_REPLY_TIMEOUT_MS, watchSkusRun } from '../../../src/features/lots/skus-run';
import { createStatus, READY } from '../../../src/sync/feedback/status';
import { createStore } from '../../../src/sync/store';
import type { ConnectionSnapshot } from '../../../src/sync/transport/connection';
import { makeLot } from '../../support/factories';

function running() {
  const lookups = lotLookups;
  const status = createStatus();
  const snapshot = createStore<ConnectionSnapshot>({ state: 'ready', down: false, lastError: undefined });
  const connection = { getSnapshot: snapshot.get, watch: snapshot.subscribe };
  status.busy(gettingLotsMessage(2));
  const onOver = vi.fn();
  const stop = watchSkusRun({ lookups, status, connection }, onOver);
  return { lookups, status, snapshot, onOver, stop };
}

// The look-ups' answers are the page's, kept in memory: each test starts with none.
beforeEach(() => lotLookups.reset());

afterEach(() => {
  vi.useRealTimers();
});

describe('Multiple SKUs progress', () => {
  it('stays up while the look-up runs and ends with the FOUND_LOTS reply', () => {
    const { lookups, status, onOver } = running();
    lookups.setSuggestions([makeLot(9, 'unrelated')]); // another look-up's answer is not this one
    expect(onOver).not.toHaveBeenCalled();
    lookups.setFound([makeLot(1, 'a')]);
    status.ready('Found lots: 1 of 2');
    expect(onOver).toHaveBeenCalledTimes(1);
  });

  it('ends when the submit ends without lots (an error reply resets the status)', () => {
    const { status, onOver } = running();
    status.ready();
    expect(onOver).toHaveBeenCalledTimes(1);
  });

  it('ends when the connection goes down, and the status is no longer busy', () => {
    const { status, snapshot, onOver } = running();
    snapshot.set({ state: 'loading', down: true, lastError: undefined });
    expect(onOver).toHaveBeenCalledTimes(1);
    expect(status.get()).toEqual({ message: READY, submitting: false });
  });

  it('ends after the time limit when no reply ever comes', () => {
    vi.useFakeTimers();
    const { status, onOver } = running();
    vi.advanceTimersByTime(SKUS_REPLY_TIMEOUT_MS - 1);
    expect(onOver).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onOver).toHaveBeenCalledTimes(1);
    expect(status.get().submitting).toBe(false);
  });

  it('is over at once when nothing is running, and silent once stopped', () => {
    const status = createStatus();
    const snapshot = createStore<ConnectionSnapshot>({ state: 'ready', down: false, lastError: undefined });
    const onOver = vi.fn();
    watchSkusRun({ lookups: lotLookups, status, connection: { getSnapshot: snapshot.get, watch: snapshot.subscribe } }, onOver);
    expect(onOver).toHaveBeenCalledTimes(1); // not busy: nothing to wait for

    const run = running();
    run.stop();
    run.lookups.setFound([makeLot(1, 'a')]);
    expect(run.onOver).not.toHaveBeenCalled();
  });
});
