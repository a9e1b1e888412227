// The STOMP 1.2 frame and its encoding (frames → bytes, header escaping); decoding is frame-parser.ts.
// It never touches sockets or sessions: a frame that cannot be put on the wire ends in StompProtocolError.

export interface StompFrame {
  command: string;
  /** Null-prototype object, so a header called `__proto__` is just a header. */
  headers: Record<string, string>;
  body: Buffer;
}

export class StompProtocolError extends Error {
  override readonly name = 'StompProtocolError';
  /** The `receipt` header of the offending frame, when it was read before the fault (for ERROR's receipt-id). */
  readonly receiptId: string | undefined;
  constructor(message: string, receiptId?: string) {
    super(message);
    this.receiptId = receiptId;
  }
}

export const LF = 0x0a;
export const CR = 0x0d;
export const NUL = 0x00;
export const COLON = ':';

// Every command STOMP 1.2 defines; anything else is garbage, reported as soon as its line ends.
export const COMMANDS: ReadonlySet<string> = new Set([
  'CONNECT', 'STOMP', 'CONNECTED', 'SEND', 'SUBSCRIBE', 'UNSUBSCRIBE', 'ACK', 'NACK',
  'BEGIN', 'COMMIT', 'ABORT', 'DISCONNECT', 'MESSAGE', 'RECEIPT', 'ERROR',
]);

// Spec §"Value Encoding": CONNECT and CONNECTED are never escaped, for 1.0 compatibility.
export const isUnescaped = (command: string): boolean => command === 'CONNECT' || command === 'CONNECTED';

export const emptyHeaders = (): Record<string, string> => Object.create(null) as Record<string, string>;

// ---------------------------------------------------------------------------------------------- encoding

function escapeHeader(text: string): string {
  return text.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

/**
 * Serialises a frame. Adds `content-length` when the body is non-empty and the caller gave none, so a body may
 * hold NUL bytes. Throws StompProtocolError for what cannot be put on the wire (a bug in the caller).
 */
export function encodeFrame(frame: StompFrame): Buffer {
  if (!COMMANDS.has(frame.command)) throw new StompProtocolError(`cannot encode unknown command "${frame.command}"`);
  const raw = isUnescaped(frame.command);
  const lines = [frame.command];
  let hasLength = false;
  for (const [name, value] of Object.entries(frame.headers)) {
    if (name === '') throw new StompProtocolError('cannot encode an empty header name');
    // No escape exists for NUL, and our decoder reads a NUL among the headers as a truncated frame.
    if (name.includes('\0') || value.includes('\0')) throw new StompProtocolError(`header "${name}" contains NUL`);
    if (raw && (/[\r\n:]/.test(name) || /[\r\n]/.test(value))) {
      throw new StompProtocolError(`header "${name}" cannot be encoded in a ${frame.command} frame (no escaping there)`);
    }
    if (name === 'content-length') {
      if (value !== String(frame.body.length)) {
        throw new StompProtocolError(`content-length ${value} does not match the body's ${frame.body.length} bytes`);
      }
      hasLength = true;
    }
    lines.push(raw ? `${name}:${value}` : `${escapeHeader(name)}:${escapeHeader(value)}`);
  }
  if (!hasLength && frame.body.length > 0) lines.push(`content-length:${frame.body.length}`);
  const head = Buffer.from(`${lines.join('\n')}\n\n`, 'utf8');
  return Buffer.concat([head, frame.body, Buffer.of(NUL)], head.length + frame.body.length + 1);
}
