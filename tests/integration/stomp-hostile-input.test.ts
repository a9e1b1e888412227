// The STOMP endpoint against raw, hostile WebSocket peers and refusing applications: each fault ends in an ERROR
// frame and a closed socket for that peer only, while a stompjs bystander carries on.
import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../server/stomp';
import { ECHO, stompEndpoint, until } from '../support/stomp-endpoint';

const { startServer, stompClient, openPeer, logs } = stompEndpoint();

describe('STOMP endpoint under hostile input: ERROR frame, closed socket, other sessions unharmed', () => {
  const bigBody = 'x'.repeat(100 * 1024);
  const chunked = (buf: Buffer, size: number) => Array.from({ length: Math.ceil(buf.length / size) }, (_, i) => buf.subarray(i * size, (i + 1) * size));
  const cases: Array<{ name: string; connectFirst: boolean; payload: () => Buffer[]; message: RegExp; receiptId?: string }> = [
    {
      name: 'an oversized frame sent in 16 KiB pieces',
      connectFirst: true,
      payload: () => chunked(encodeFrame({ command: 'SEND', headers: { destination: '/app/echo' }, body: Buffer.from(bigBody) }), 16 * 1024),
      message: /frame larger than 65536 bytes/,
    },
    {
      name: 'a header flood',
      connectFirst: true,
      payload: () => [Buffer.from(`SEND\ndestination:/app/echo\n${Array.from({ length: 100 }, (_, i) => `h${i}:v\n`).join('')}\n\0`)],
      message: /more than 64 headers/,
    },
    {
      name: 'an overlong header',
      connectFirst: true,
      payload: () => [Buffer.from(`SEND\nreceipt:long\ndestination:/app/${'a'.repeat(10 * 1024)}\n\n\0`)],
      message: /header line longer than 8192 bytes/,
      receiptId: 'long',
    },
    {
      name: 'garbage bytes',
      connectFirst: true,
      payload: () => [Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0xff, 0xfe, 0x0a, 0x00])],
      message: /frame ended|unknown command/,
    },
    {
      name: 'an undefined escape in a header',
      connectFirst: true,
      payload: () => [Buffer.from('SEND\nreceipt:esc\ndestination:/app/\\x\n\n\0')],
      message: /undefined escape/,
      receiptId: 'esc',
    },
    {
      name: 'a SEND before CONNECT',
      connectFirst: false,
      payload: () => [encodeFrame({ command: 'SEND', headers: { destination: '/app/echo', receipt: 'early' }, body: Buffer.from('x') })],
      message: /expected CONNECT or STOMP as the first frame/,
      receiptId: 'early',
    },
  ];

  it.each(cases)('$name', async ({ connectFirst, payload, message, receiptId }) => {
    await startServer();
    const bystander = await stompClient();
    const hostile = await openPeer();
    if (connectFirst) await hostile.connect();
    for (const piece of payload()) hostile.ws.send(piece);
    const error = await hostile.frame('ERROR');
    expect(error.headers.message).toMatch(message);
    expect(error.headers['receipt-id']).toBe(receiptId);
    await hostile.closed();

    bystander.client.publish({ destination: '/app/echo', body: 'still here' });
    expect((await until(() => bystander.echoes[0], 'bystander echo')).body).toBe('still here');
  });

  it('a single WebSocket message over the frame limit is refused by ws itself (1009), others unharmed', async () => {
    await startServer();
    const bystander = await stompClient();
    const hostile = await openPeer();
    await hostile.connect();
    hostile.send('SEND', { destination: '/app/echo' }, bigBody);
    expect(await hostile.closed()).toBe(1009);
    bystander.client.publish({ destination: '/app/echo', body: 'still here' });
    await until(() => bystander.echoes[0], 'bystander echo');
  });

  it('missing required headers, transactions and a second CONNECT are protocol errors', async () => {
    await startServer();
    const attempts: Array<[string, Record<string, string>, RegExp]> = [
      ['SUBSCRIBE', { destination: ECHO }, /SUBSCRIBE needs an id/],
      ['SUBSCRIBE', { id: '1' }, /SUBSCRIBE needs a destination/],
      ['UNSUBSCRIBE', {}, /UNSUBSCRIBE needs an id/],
      ['SEND', {}, /SEND needs a destination/],
      ['BEGIN', { transaction: 't' }, /transactions are not supported/],
      ['CONNECT', { 'accept-version': '1.2' }, /already connected/],
      ['MESSAGE', {}, /MESSAGE is a server frame/],
    ];
    for (const [command, headers, message] of attempts) {
      const peer = await openPeer();
      await peer.connect();
      peer.send(command, headers);
      expect((await peer.frame('ERROR')).headers.message).toMatch(message);
      await peer.closed();
    }
  });

  it('an onSend that throws is logged, the RECEIPT still comes, and the session carries on', async () => {
    await startServer({
      application: {
        async onSend(session, frame) {
          if (frame.destination === '/app/boom') throw new Error('handler exploded');
          session.deliver(ECHO, frame.body);
        },
      },
    });
    const { client, echoes } = await stompClient();
    const receipt = new Promise<void>((resolve) => client.watchForReceipt('boom', () => resolve()));
    client.publish({ destination: '/app/boom', body: '', headers: { receipt: 'boom' } });
    await receipt;
    client.publish({ destination: '/app/echo', body: 'after' });
    expect((await until(() => echoes[0], 'echo')).body).toBe('after');
    expect(logs.some((l) => l.level === 'error' && l.msg === 'stomp onSend failed')).toBe(true);
  });

  it('onConnect and onSubscribe refusals become an ERROR with their message', async () => {
    await startServer({
      application: {
        onConnect(session) {
          if (session.connectHeaders.passcode === 'wrong') throw new Error('bad credentials');
        },
        onSubscribe(_session, destination) {
          if (destination === '/topic/secret') throw new Error('not yours');
        },
      },
    });
    const refused = await openPeer();
    refused.send('CONNECT', { 'accept-version': '1.2', passcode: 'wrong' });
    expect((await refused.frame('ERROR')).headers.message).toBe('bad credentials');
    await refused.closed();

    const nosy = await openPeer();
    await nosy.connect();
    nosy.send('SUBSCRIBE', { id: '1', destination: '/topic/secret', receipt: 's' });
    expect((await nosy.frame('ERROR')).headers).toMatchObject({ message: 'not yours', 'receipt-id': 's' });
    await nosy.closed();
  });
});
