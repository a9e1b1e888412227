import { describe, expect, it } from 'vitest';
import { encodeFrame, type StompFrame } from '../../../../server/stomp/frame';
import { FrameParser } from '../../../../server/stomp/frame-parser';
import { connectedFrame, errorFrame, messageFrame } from '../../../../server/stomp/server-frames';

/** What a client would read: the frame after a trip through the wire format. */
function onWire(frame: StompFrame): StompFrame {
  const out: StompFrame[] = [];
  new FrameParser().push(encodeFrame(frame), (f) => out.push(f));
  const [decoded] = out;
  if (!decoded) throw new Error('no frame');
  return decoded;
}

describe('server frames', () => {
  const target = { destination: '/user/topics/lots', subscriptionId: 'sub-3', messageId: 'm-1', ack: 'auto' };

  it('a MESSAGE carries destination, subscription, message-id, a JSON content-type and the byte length', () => {
    const frame = onWire(messageFrame(target, '{"ü":1}', {}));
    expect({ ...frame.headers }).toEqual({
      destination: '/user/topics/lots',
      subscription: 'sub-3',
      'message-id': 'm-1',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength('{"ü":1}')),
    });
    expect(frame.body.toString()).toBe('{"ü":1}');
  });

  it('a MESSAGE takes the caller\'s content-type and extra headers but never lets them replace the required ones', () => {
    const extra = { 'content-type': 'text/plain', destination: '/elsewhere', 'message-id': 'x', 'content-length': '999', 'client-msg-id': 'd:1' };
    const { headers } = onWire(messageFrame(target, 'hi', extra));
    expect(headers).toMatchObject({ destination: '/user/topics/lots', 'message-id': 'm-1', 'content-type': 'text/plain', 'content-length': '2', 'client-msg-id': 'd:1' });
  });

  it('a MESSAGE for a client-ack subscription carries an ack header', () => {
    expect(onWire(messageFrame({ ...target, ack: 'client' }, '', {})).headers.ack).toBe('m-1');
    expect(onWire(messageFrame(target, '', {})).headers.ack).toBeUndefined();
  });

  it('CONNECTED names the version, the server heart-beat, the server and the session', () => {
    expect({ ...onWire(connectedFrame('1.2', { send: 10, receive: 20 }, 's-1')).headers }).toEqual({
      version: '1.2', 'heart-beat': '10,20', server: 'LotDesk/1.0', session: 's-1',
    });
  });

  it('an ERROR carries its message (escaped when it holds a line break), the receipt-id and a short text body', () => {
    const frame = onWire(errorFrame('bad\nthing: here', 'r-9'));
    expect(frame.headers).toMatchObject({ message: 'bad\nthing: here', 'receipt-id': 'r-9', 'content-type': 'text/plain' });
    expect(frame.body.toString()).toBe('bad\nthing: here\n');
  });
});
