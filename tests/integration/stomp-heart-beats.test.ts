// The STOMP endpoint's CONNECT negotiation (version, sub-protocol) and heart-beats, with a raw peer on a real socket.
import { describe, expect, it, vi } from 'vitest';
import { stompEndpoint, until } from '../support/stomp-endpoint';

const { startServer, openPeer, cleanups, logs } = stompEndpoint();

describe('STOMP endpoint negotiation and heart-beats (raw peer)', () => {
  it('picks 1.2 when offered, 1.1 otherwise, and refuses a 1.0-only client with the supported versions', async () => {
    await startServer();
    expect((await (await openPeer()).connect({ 'accept-version': '1.0,1.1,1.2' })).headers.version).toBe('1.2');
    expect((await (await openPeer()).connect({ 'accept-version': '1.1' })).headers.version).toBe('1.1');
    const old = await openPeer();
    old.send('CONNECT', {});
    const error = await old.frame('ERROR');
    expect(error.headers).toMatchObject({ version: '1.2,1.1', message: 'Supported protocol versions are 1.2,1.1' });
    await old.closed();
  });

  it('accepts the STOMP command as CONNECT and agrees on the v12.stomp sub-protocol', async () => {
    await startServer();
    const peer = await openPeer({}, ['v10.stomp', 'v12.stomp']);
    expect(peer.ws.protocol).toBe('v12.stomp');
    peer.send('STOMP', { 'accept-version': '1.2', host: 'lotdesk' });
    await peer.frame('CONNECTED');
  });

  it('offers a beat twice a second by default and wants one every 10 s: the app asks for the server\'s, so a silent socket shows within 3 s (issue 31)', async () => {
    await startServer();
    const connected = await (await openPeer()).connect({ 'accept-version': '1.2', 'heart-beat': '10000,500' });
    expect(connected.headers['heart-beat']).toBe('500,10000');
  });

  // Heart-beat time is fake (the server's intervals and clock), the sockets real: each step is exact, not "about".
  const fakeHeartBeatClock = () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    cleanups.push(() => void vi.useRealTimers());
  };

  it('sends heart-beat EOLs at the negotiated interval, the larger of both sides\' wishes', async () => {
    fakeHeartBeatClock();
    await startServer({ heartBeat: { outgoingMs: 20, incomingMs: 0 } });
    const peer = await openPeer();
    const connected = await peer.connect({ 'accept-version': '1.2', 'heart-beat': '0,30' });
    expect(connected.headers['heart-beat']).toBe('20,0');
    // The interval is the larger of what the server can send (20) and what the peer asks for (30).
    vi.advanceTimersByTime(29);
    await peer.ping();
    expect(peer.heartBeats).toBe(0);
    for (const beats of [1, 2, 3]) {
      vi.advanceTimersByTime(beats === 1 ? 1 : 30);
      await until(() => peer.heartBeats >= beats, `heart-beat ${beats}`);
    }
    await peer.ping();
    expect(peer.heartBeats).toBe(3);
  });

  it('keeps a beating peer and closes a silent one once it has been silent past twice its interval', async () => {
    fakeHeartBeatClock();
    await startServer({ heartBeat: { outgoingMs: 0, incomingMs: 100 } });
    const beating = await openPeer();
    await beating.connect({ 'accept-version': '1.2', 'heart-beat': '100,0' });
    const silent = await openPeer();
    await silent.connect({ 'accept-version': '1.2', 'heart-beat': '100,0' });
    for (let step = 0; step < 2; step++) {
      beating.ws.send('\n');
      await beating.ping();
      vi.advanceTimersByTime(100);
    }
    await silent.ping(); // 200 ms of silence: twice the interval, still tolerated
    expect(silent.closeCode).toBeUndefined();
    beating.ws.send('\n');
    await beating.ping();
    vi.advanceTimersByTime(100);
    await silent.closed();
    await beating.ping();
    expect(beating.closeCode).toBeUndefined();
    expect(logs.some((l) => l.msg?.includes('heart-beat'))).toBe(true);
  });
});
