// The STOMP 1.2 frame decoder: bytes → frames, header unescaping, heart-beat EOLs and size limits. It never trusts
// its input: anything malformed ends in StompProtocolError.
import { COLON, COMMANDS, CR, emptyHeaders, isUnescaped, LF, NUL, StompProtocolError, type StompFrame } from './frame';
import { DEFAULT_LIMITS, type StompLimits } from './types';

// ---------------------------------------------------------------------------------------------- decoding

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new StompProtocolError(`${what} is not valid UTF-8`);
  }
}

function unescapeHeader(text: string): string {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = text[i + 1];
    i += 1;
    if (next === 'r') out += '\r';
    else if (next === 'n') out += '\n';
    else if (next === 'c') out += ':';
    else if (next === '\\') out += '\\';
    else throw new StompProtocolError(`undefined escape sequence "\\${next ?? ''}" in a header`);
  }
  return out;
}

type State = 'between' | 'between-cr' | 'line' | 'body' | 'failed';

/**
 * Incremental decoder for one connection. Feed it whatever the transport delivers; it calls `onFrame` for each
 * complete frame in order, skips heart-beat EOLs, and throws StompProtocolError on malformed input or a broken
 * limit — after delivering the frames that came before the fault. Once it has thrown it stays failed.
 */
export class FrameParser {
  private limits: StompLimits;
  private frameLimitContext = ''; // said after the limit in its refusal, e.g. " before sign-in"
  private state: State = 'between';
  private lineParts: Buffer[] = [];
  private lineLength = 0;
  private command: string | undefined;
  private headers = emptyHeaders();
  private headerCount = 0;
  private contentLength: number | undefined;
  private bodyParts: Buffer[] = [];
  private bodyLength = 0;
  private frameBytes = 0;

  constructor(limits: Partial<StompLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** A frame has begun and not yet ended (heart-beat EOLs between frames are not a frame). */
  get inFrame(): boolean {
    return this.state === 'line' || this.state === 'body';
  }

  /** The frame-size limit from the next byte on (a session's grows once it signs in); `context` goes in the refusal. */
  setMaxFrameBytes(bytes: number, context = ''): void {
    this.limits = { ...this.limits, maxFrameBytes: bytes };
    this.frameLimitContext = context;
  }

  push(chunk: Uint8Array, onFrame: (frame: StompFrame) => void): void {
    if (this.state === 'failed') throw new StompProtocolError('the stream already failed to parse');
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    try {
      let pos = 0;
      while (pos < buf.length) pos = this.step(buf, pos, onFrame);
    } catch (err) {
      // Protocol faults and bugs alike leave the stream unusable; only the former are the peer's doing.
      this.state = 'failed';
      throw err;
    }
  }

  /** Consumes bytes from `pos` for the current state; returns the next position. */
  private step(buf: Buffer, pos: number, onFrame: (frame: StompFrame) => void): number {
    switch (this.state) {
      case 'between':
        return this.skipHeartBeats(buf, pos);
      case 'between-cr':
        if (buf[pos] !== LF) throw new StompProtocolError('a CR between frames must be followed by LF');
        this.state = 'between';
        return pos + 1;
      case 'line':
        return this.readLine(buf, pos);
      case 'body':
        return this.readBody(buf, pos, onFrame);
      default:
        throw new StompProtocolError('the stream already failed to parse');
    }
  }

  private skipHeartBeats(buf: Buffer, pos: number): number {
    const byte = buf[pos];
    if (byte === LF) return pos + 1;
    if (byte === CR) {
      this.state = 'between-cr';
      return pos + 1;
    }
    this.startFrame();
    return pos;
  }

  private startFrame(): void {
    this.state = 'line';
    this.command = undefined;
    this.headers = emptyHeaders();
    this.headerCount = 0;
    this.contentLength = undefined;
    this.bodyParts = [];
    this.bodyLength = 0;
    this.frameBytes = 0;
  }

  private readLine(buf: Buffer, pos: number): number {
    const lf = buf.indexOf(LF, pos);
    const end = lf === -1 ? buf.length : lf;
    // A NUL can only end a body; inside the command or header block it means the frame is cut short.
    if (buf.subarray(pos, end).includes(NUL)) throw this.fault('frame ended (NUL) before the blank line that closes the headers');
    this.lineParts.push(buf.subarray(pos, end));
    this.lineLength += end - pos;
    this.countFrameBytes(end - pos + (lf === -1 ? 0 : 1));
    // The CR of a CRLF is not part of the line, hence the +1 of slack before judging the length.
    if (this.lineLength > this.limits.maxHeaderLength + 1) {
      throw this.fault(`header line longer than ${this.limits.maxHeaderLength} bytes`);
    }
    if (lf === -1) return buf.length;
    let line = this.lineParts.length === 1 && this.lineParts[0] ? this.lineParts[0] : Buffer.concat(this.lineParts);
    this.lineParts = [];
    this.lineLength = 0;
    if (line.length > 0 && line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
    if (line.length > this.limits.maxHeaderLength) {
      throw this.fault(`header line longer than ${this.limits.maxHeaderLength} bytes`);
    }
    if (this.command === undefined) this.acceptCommand(line);
    else if (line.length === 0) this.endHeaders();
    else this.acceptHeader(line);
    return lf + 1;
  }

  private acceptCommand(line: Buffer): void {
    const command = line.toString('latin1');
    if (!COMMANDS.has(command)) {
      const shown = JSON.stringify(command.length > 20 ? `${command.slice(0, 20)}…` : command);
      throw this.fault(`unknown command ${shown}`);
    }
    this.command = command;
  }

  private acceptHeader(line: Buffer): void {
    this.headerCount += 1;
    if (this.headerCount > this.limits.maxHeaders) throw this.fault(`more than ${this.limits.maxHeaders} headers`);
    const text = decodeUtf8(line, 'a header line');
    const colon = text.indexOf(COLON);
    if (colon <= 0) throw this.fault(colon === 0 ? 'a header has an empty name' : 'a header line has no colon');
    // Values may carry raw colons (CONNECT is unescaped, and lenient peers exist): split at the first one only.
    const rawName = text.slice(0, colon);
    const rawValue = text.slice(colon + 1);
    const unescaped = this.command !== undefined && isUnescaped(this.command);
    let name: string;
    let value: string;
    try {
      name = unescaped ? rawName : unescapeHeader(rawName);
      value = unescaped ? rawValue : unescapeHeader(rawValue);
    } catch (err) {
      throw err instanceof StompProtocolError ? this.fault(err.message) : err;
    }
    // Spec: when a header repeats, only the first occurrence counts.
    if (!Object.hasOwn(this.headers, name)) this.headers[name] = value;
  }

  private endHeaders(): void {
    const declared = this.headers['content-length'];
    if (declared !== undefined) {
      if (!/^[0-9]{1,16}$/.test(declared)) throw this.fault(`content-length "${declared}" is not a byte count`);
      const length = Number(declared);
      // Refuse at once rather than buffer a body we already know is too big.
      if (this.frameBytes + length + 1 > this.limits.maxFrameBytes) throw this.frameTooLarge();
      this.contentLength = length;
    }
    this.state = 'body';
  }

  private readBody(buf: Buffer, pos: number, onFrame: (frame: StompFrame) => void): number {
    if (this.contentLength !== undefined && this.bodyLength === this.contentLength) {
      if (buf[pos] !== NUL) throw this.fault('body longer than its content-length (no NUL after it)');
      this.countFrameBytes(1);
      this.emit(onFrame);
      return pos + 1;
    }
    let end: number;
    if (this.contentLength !== undefined) {
      end = Math.min(buf.length, pos + this.contentLength - this.bodyLength);
    } else {
      const nul = buf.indexOf(NUL, pos);
      end = nul === -1 ? buf.length : nul;
    }
    this.countFrameBytes(end - pos);
    if (end > pos) {
      this.bodyParts.push(buf.subarray(pos, end));
      this.bodyLength += end - pos;
    }
    if (this.contentLength === undefined && end < buf.length) {
      this.countFrameBytes(1);
      this.emit(onFrame);
      return end + 1;
    }
    return end;
  }

  private emit(onFrame: (frame: StompFrame) => void): void {
    // concat always copies, so the frame never aliases a transport buffer.
    const body = Buffer.concat(this.bodyParts, this.bodyLength);
    const frame: StompFrame = { command: this.command ?? '', headers: this.headers, body };
    this.state = 'between';
    this.bodyParts = [];
    this.headers = emptyHeaders();
    onFrame(frame);
  }

  private countFrameBytes(n: number): void {
    this.frameBytes += n;
    if (this.frameBytes > this.limits.maxFrameBytes) throw this.frameTooLarge();
  }

  private frameTooLarge(): StompProtocolError {
    return this.fault(`frame larger than ${this.limits.maxFrameBytes} bytes${this.frameLimitContext}`);
  }

  private fault(message: string): StompProtocolError {
    return new StompProtocolError(message, this.headers.receipt);
  }
}
