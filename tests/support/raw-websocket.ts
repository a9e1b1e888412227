// A WebSocket client on a bare TCP socket, for what no WebSocket library sends: a message whose header announces
// more bytes than ever follow. Client frames are masked with the zero key (the payload goes as it is), so a test can
// pour megabytes from one shared buffer without allocating per write.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { encodeFrame } from '../../server/stomp';

const TEXT = 0x1;
const FIN = 0x80;
const MASKED = 0x80;

/** The header of one unfragmented text message of `length` bytes, masked with the zero key. */
export function messageHeader(length: number): Buffer {
  const sized = length < 126
    ? Buffer.of(FIN | TEXT, MASKED | length)
    : length < 65_536
      ? Buffer.of(FIN | TEXT, MASKED | 126, length >> 8, length & 0xff)
      : Buffer.concat([Buffer.of(FIN | TEXT, MASKED | 127), bigEndian64(length)]);
  return Buffer.concat([sized, Buffer.alloc(4)]); // the zero masking key
}

function bigEndian64(n: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(n));
  return bytes;
}

export class RawWebSocket {
  /** Everything the server sent after the handshake, as latin1 text (frames are ASCII here). */
  received = '';
  private open = true;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (data: Buffer) => {
      this.received += data.toString('latin1');
    });
    socket.on('error', () => undefined); // a reset by the server is an expected ending here
    this.closed = new Promise((resolve) => socket.once('close', () => {
      this.open = false;
      resolve();
    }));
    socket.resume();
  }

  /** Connects and completes the handshake (101), or rejects with the status line the server answered. */
  static async connect(wsUrl: string, options: { host?: string; localAddress?: string } = {}): Promise<RawWebSocket> {
    const url = new URL(wsUrl);
    const socket = connect({ host: url.hostname, port: Number(url.port), ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
    const request = [
      `GET ${url.pathname} HTTP/1.1`, `Host: ${options.host ?? url.host}`, 'Upgrade: websocket', 'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`, 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Protocol: v12.stomp',
    ];
    socket.write(`${request.join('\r\n')}\r\n\r\n`);
    const head = await new Promise<string>((resolve, reject) => {
      let text = '';
      const onData = (data: Buffer) => {
        text += data.toString('latin1');
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        socket.pause(); // until the RawWebSocket listens: nothing the server sends next is lost
        const rest = text.slice(end + 4);
        if (rest !== '') socket.unshift(Buffer.from(rest, 'latin1'));
        resolve(text.slice(0, end));
      };
      socket.on('data', onData);
      socket.once('error', reject);
      socket.once('close', () => reject(new Error(`closed during the handshake: ${text}`)));
    });
    if (!head.startsWith('HTTP/1.1 101')) {
      socket.destroy();
      throw new Error(head.split('\r\n')[0]);
    }
    socket.removeAllListeners('error');
    socket.removeAllListeners('close');
    return new RawWebSocket(socket);
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** One whole STOMP frame as one message. */
  sendFrame(command: string, headers: Record<string, string> = {}, body = ''): void {
    const payload = encodeFrame({ command, headers, body: Buffer.from(body) });
    this.socket.write(Buffer.concat([messageHeader(payload.length), payload]));
  }

  /** Writes bytes as they are (a header, a piece of payload); resolves once they are taken, false once closed. */
  async write(bytes: Buffer): Promise<boolean> {
    if (!this.open) return false;
    if (this.socket.write(bytes)) return true;
    return new Promise<boolean>((resolve) => {
      const done = (drained: boolean) => () => {
        this.socket.off('drain', onDrain);
        this.socket.off('close', onClose);
        resolve(drained);
      };
      const onDrain = done(true);
      const onClose = done(false);
      this.socket.once('drain', onDrain);
      this.socket.once('close', onClose);
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}
