// What the badge and the outbox panel say of the outbox (issue 31): offline, changes wait; online, they are sent.
import { describe, expect, it } from 'vitest';
import { OutboxMessages } from '../../../src/protocol/messages';

describe('the outbox in words', () => {
  it.each([
    [0, true, 'Offline — nothing is waiting to be sent.'],
    [1, true, 'Offline — 1 change waiting. They are sent when the connection is back.'],
    [8, true, 'Offline — 8 changes waiting. They are sent when the connection is back.'],
    [0, false, 'Nothing is waiting to be sent.'],
    [1, false, 'Sending 1 change…'],
    [8, false, 'Sending 8 changes…'],
  ])('%s changes, offline %s: %j', (count, offline, words) => {
    expect(OutboxMessages.state(count, offline)).toBe(words);
  });

  it('never says offline changes are being sent', () => {
    for (const count of [1, 2, 50]) expect(OutboxMessages.state(count, true)).not.toMatch(/sending|being sent/i);
  });

  it('puts the same state in the badge: waiting offline, sending online', () => {
    expect([OutboxMessages.waitingPill(8), OutboxMessages.sendingPill(8)]).toEqual(['8 waiting', 'Sending 8…']);
  });
});
