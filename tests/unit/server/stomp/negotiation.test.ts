import { describe, expect, it } from 'vitest';
import { negotiateHeartBeat, negotiateVersion, parseHeartBeat } from '../../../../server/stomp/negotiation';

describe('negotiateVersion', () => {
  it('picks the highest version both sides speak', () => {
    expect(negotiateVersion('1.0,1.1,1.2')).toBe('1.2');
    expect(negotiateVersion('1.1, 1.0')).toBe('1.1');
  });

  it('serves no 1.0-only client, and treats a missing accept-version as 1.0', () => {
    expect(negotiateVersion('1.0')).toBeUndefined();
    expect(negotiateVersion(undefined)).toBeUndefined();
    expect(negotiateVersion('2.0')).toBeUndefined();
  });
});

describe('parseHeartBeat', () => {
  it('reads "cx,cy" and treats a missing header as 0,0', () => {
    expect(parseHeartBeat('1000,2000')).toEqual({ send: 1000, receive: 2000 });
    expect(parseHeartBeat(' 0 , 5 ')).toEqual({ send: 0, receive: 5 });
    expect(parseHeartBeat(undefined)).toEqual({ send: 0, receive: 0 });
  });

  it('refuses anything else, including values too large for a timer', () => {
    for (const bad of ['', '1000', '1,2,3', '-1,0', 'a,b', '1.5,2', '99999999999,0']) expect(parseHeartBeat(bad)).toBeUndefined();
  });
});

describe('negotiateHeartBeat', () => {
  it('takes the larger of the two numbers for each direction', () => {
    expect(negotiateHeartBeat({ send: 1000, receive: 3000 }, { send: 2000, receive: 500 })).toEqual({
      outgoingMs: 3000, // server can 2000, client wants 3000
      incomingMs: 1000, // client can 1000, server wants 500
    });
  });

  it('turns a direction off when either side says 0', () => {
    expect(negotiateHeartBeat({ send: 0, receive: 3000 }, { send: 0, receive: 500 })).toEqual({ outgoingMs: 0, incomingMs: 0 });
    expect(negotiateHeartBeat({ send: 1000, receive: 0 }, { send: 2000, receive: 500 })).toEqual({ outgoingMs: 0, incomingMs: 1000 });
  });
});
