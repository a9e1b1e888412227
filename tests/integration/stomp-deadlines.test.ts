// The STOMP endpoint's deadlines on a peer, with a raw peer on a real socket: a frame once begun must end in time,
// and a socket silent past the ceiling is closed even when it agreed to no heart-beats. Each answers with an ERROR
// saying why, then a close (1008), while a bystander carries on.
import { describe, expect, it, vi } from 'vitest';
import { ServerMessages } from '../../src/protocol/messages';
import { LIMITS, stompEndpoint, until } from '../support/stomp-endpoint';

const { startServer, stompClient, openPeer, cleanups } = stompEndpoint();

describe('STOMP endpoint deadlines (raw peer)', () => {
  it('closes a signed-in session whose frame has not ended within the frame deadline', async () => {
    await startServer({ limits: { ...LIMITS, partialFrameTimeoutMs: 200 } });
    const bystander = await stompClient();
    const slow = await openPeer();
    await slow.connect();
    slow.ws.send('SEND\ndestination:/app/echo\n\nthe first half');
    slow.ws.send(', the second half\0'); // one frame in two messages, in time: fine
    const stuck = await openPeer();
    await stuck.connect();
    stuck.ws.send('SEND\ndestination:/app/echo\n\nnever ends');

    const error = await stuck.frame('ERROR');
    expect(error.headers.message).toBe(ServerMessages.frameTimeout(0.2));
    expect(await stuck.closed()).toBe(1008);
    await slow.ping();
    expect(slow.closeCode).toBeUndefined();
    bystander.client.publish({ destination: '/app/echo', body: 'still here' });
    expect((await until(() => bystander.echoes[0], 'bystander echo')).body).toBe('still here');
  });

  // Silence is measured on a fake clock (intervals and Date), the sockets real: each step is exact, not "about".
  it('closes a socket silent past the ceiling though it agreed to no heart-beats, and keeps one that beats', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    cleanups.push(() => void vi.useRealTimers());
    await startServer({ limits: { ...LIMITS, maxSilenceMs: 1_000 }, heartBeat: { outgoingMs: 0, incomingMs: 0 } });
    const silent = await openPeer();
    await silent.connect({ 'accept-version': '1.2', 'heart-beat': '0,0' });
    const beating = await openPeer();
    await beating.connect({ 'accept-version': '1.2', 'heart-beat': '0,0' });
    for (let step = 0; step < 10; step++) {
      beating.ws.send('\n');
      await beating.ping();
      vi.advanceTimersByTime(100);
    }
    await silent.ping(); // exactly 1,000 ms of silence: still tolerated
    expect(silent.closeCode).toBeUndefined();
    for (let step = 0; step < 2; step++) {
      beating.ws.send('\n');
      await beating.ping();
      vi.advanceTimersByTime(100);
    }
    expect((await silent.frame('ERROR')).headers.message).toBe(ServerMessages.silenceTimeout(1));
    expect(await silent.closed()).toBe(1008);
    await beating.ping();
    expect(beating.closeCode).toBeUndefined();
  });

  it('closes a socket that never sends CONNECT once the sign-in deadline has passed', async () => {
    await startServer({ limits: { ...LIMITS, authTimeoutMs: 100 } });
    const mute = await openPeer();
    expect((await mute.frame('ERROR')).headers.message).toBe('no CONNECT frame within 100 ms');
    await mute.closed();
  });
});
