// The frame codec by example: what encodeFrame writes, what FrameParser reads back, and what it refuses (malformed
// input, the size limits). The generated round trips are in frame-properties.test.ts.
import { describe, expect, it } from 'vitest';
import { encodeFrame, StompProtocolError, type StompFrame } from '../../../../server/stomp/frame';
import { FrameParser } from '../../../../server/stomp/frame-parser';
import { bytes, parse, parseError, parseOne } from './parse-frames';

const plain = (headers: Record<string, string>) => ({ ...headers });

describe('encodeFrame', () => {
  it('writes the command, the headers, a blank line, the body and a NUL', () => {
    const out = encodeFrame({ command: 'SEND', headers: { destination: '/app/x' }, body: bytes('hi') });
    expect(out.toString('utf8')).toBe('SEND\ndestination:/app/x\ncontent-length:2\n\nhi\0');
  });

  it('adds no content-length to an empty body', () => {
    expect(encodeFrame({ command: 'RECEIPT', headers: { 'receipt-id': '7' }, body: Buffer.alloc(0) }).toString()).toBe(
      'RECEIPT\nreceipt-id:7\n\n\0',
    );
  });

  it('escapes backslash, CR, LF and colon in header names and values', () => {
    const out = encodeFrame({ command: 'MESSAGE', headers: { 'a:b': 'x\\y\r\nz:' }, body: Buffer.alloc(0) });
    expect(out.toString()).toBe('MESSAGE\na\\cb:x\\\\y\\r\\nz\\c\n\n\0');
  });

  it('leaves CONNECT and CONNECTED headers unescaped', () => {
    const out = encodeFrame({ command: 'CONNECTED', headers: { server: 'a\\b:c' }, body: Buffer.alloc(0) });
    expect(out.toString()).toBe('CONNECTED\nserver:a\\b:c\n\n\0');
  });

  it('refuses what cannot be written: a line break in CONNECTED, a NUL, an empty name, a wrong content-length, an unknown command', () => {
    const empty = Buffer.alloc(0);
    expect(() => encodeFrame({ command: 'CONNECTED', headers: { a: 'x\ny' }, body: empty })).toThrow(StompProtocolError);
    expect(() => encodeFrame({ command: 'MESSAGE', headers: { a: 'x\0' }, body: empty })).toThrow(/NUL/);
    expect(() => encodeFrame({ command: 'MESSAGE', headers: { '': 'x' }, body: empty })).toThrow(/empty header name/);
    expect(() => encodeFrame({ command: 'SEND', headers: { 'content-length': '3' }, body: bytes('hi') })).toThrow(/content-length/);
    expect(() => encodeFrame({ command: 'HELLO', headers: {}, body: empty })).toThrow(/unknown command/);
  });
});

describe('FrameParser', () => {
  it('decodes what encodeFrame wrote', () => {
    const frame = parseOne(encodeFrame({ command: 'SEND', headers: { destination: '/app/echo', receipt: 'r1' }, body: bytes('{"a":1}') }));
    expect(frame.command).toBe('SEND');
    expect(plain(frame.headers)).toEqual({ destination: '/app/echo', receipt: 'r1', 'content-length': '7' });
    expect(frame.body.toString()).toBe('{"a":1}');
  });

  it('reads a content-length body that contains NUL bytes', () => {
    const body = Buffer.from([1, 0, 2, 0, 0, 3]);
    const frame = parseOne(encodeFrame({ command: 'SEND', headers: { destination: '/d' }, body }));
    expect(frame.body.equals(body)).toBe(true);
  });

  it('reads a body without content-length up to the first NUL', () => {
    const { frames } = parse(bytes('SEND\ndestination:/d\n\nhello\0SEND\ndestination:/e\n\n\0'));
    expect(frames.map((f) => f.body.toString())).toEqual(['hello', '']);
  });

  it('accepts CRLF line endings', () => {
    const frame = parseOne(bytes('SEND\r\ndestination:/d\r\nreceipt:9\r\n\r\nbody\0'));
    expect(frame.command).toBe('SEND');
    expect(plain(frame.headers)).toEqual({ destination: '/d', receipt: '9' });
    expect(frame.body.toString()).toBe('body');
  });

  it('keeps the first of a repeated header', () => {
    const frame = parseOne(bytes('SEND\ndestination:/first\ndestination:/second\n\n\0'));
    expect(frame.headers.destination).toBe('/first');
  });

  it('unescapes \\r \\n \\c and \\\\ in header names and values', () => {
    const frame = parseOne(bytes('MESSAGE\nk\\cey:a\\r\\nb\\cc\\\\d\n\n\0'));
    expect(plain(frame.headers)).toEqual({ 'k:ey': 'a\r\nb:c\\d' });
  });

  it('takes CONNECT headers literally, backslashes and colons included', () => {
    const frame = parseOne(bytes('CONNECT\npasscode:a\\nb:c\naccept-version:1.2\n\n\0'));
    expect(plain(frame.headers)).toEqual({ passcode: 'a\\nb:c', 'accept-version': '1.2' });
  });

  it('keeps raw colons after the first one in a value and never trims', () => {
    const frame = parseOne(bytes('SEND\nx: a:b \n\n\0'));
    expect(frame.headers.x).toBe(' a:b ');
  });

  it('treats a header named __proto__ as an ordinary header', () => {
    const frame = parseOne(bytes('SEND\n__proto__:polluted\nconstructor:x\n\n\0'));
    expect(Object.hasOwn(frame.headers, '__proto__')).toBe(true);
    expect(frame.headers.__proto__).toBe('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(frame.headers)).toBeNull();
  });

  it('skips heart-beat EOLs before, between and after frames', () => {
    const { frames, error } = parse(bytes('\n\r\n\nSEND\n\n\0\n\n\r\nSEND\n\n\0\r\n\n'));
    expect(error).toBeUndefined();
    expect(frames).toHaveLength(2);
  });

  it('decodes several frames from one chunk and one frame from many one-byte chunks', () => {
    const one = encodeFrame({ command: 'SEND', headers: { destination: '/d' }, body: bytes('x'.repeat(40)) });
    expect(parse(Buffer.concat([one, one, one])).frames).toHaveLength(3);
    const dribble = [...one].map((b) => Buffer.of(b));
    expect(parseOne(dribble).body.toString()).toBe('x'.repeat(40));
  });

  it('delivers the frames before a fault, then throws, then stays failed', () => {
    const parser = new FrameParser();
    const frames: StompFrame[] = [];
    expect(() => parser.push(bytes('SEND\n\n\0BOGUS\n\n\0'), (f) => frames.push(f))).toThrow(/unknown command "BOGUS"/);
    expect(frames.map((f) => f.command)).toEqual(['SEND']);
    expect(() => parser.push(bytes('SEND\n\n\0'), (f) => frames.push(f))).toThrow(StompProtocolError);
    expect(frames).toHaveLength(1);
  });

  it('reports the receipt header of the frame that broke, for the ERROR frame', () => {
    expect(parseError(bytes('SEND\nreceipt:77\nbad\\x:1\n\n\0')).receiptId).toBe('77');
  });

  describe('rejects malformed input with a readable StompProtocolError', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['an unknown command', 'HELLO\n\n\0', /unknown command "HELLO"/],
      ['a lowercase command', 'send\n\n\0', /unknown command/],
      ['a header line without a colon', 'SEND\nnocolon\n\n\0', /no colon/],
      ['an empty header name', 'SEND\n:value\n\n\0', /empty name/],
      ['an undefined escape sequence', 'SEND\nk:a\\tb\n\n\0', /undefined escape sequence "\\t"/],
      ['a backslash at the end of a value', 'SEND\nk:ab\\\n\n\0', /undefined escape/],
      ['a non-numeric content-length', 'SEND\ncontent-length:12a\n\n\0', /content-length "12a"/],
      ['a negative content-length', 'SEND\ncontent-length:-1\n\n\0', /content-length/],
      ['a body longer than its content-length', 'SEND\ncontent-length:2\n\nabc\0', /longer than its content-length/],
      ['a NUL before the end of the headers', 'SEND\ndestination:/d\0', /before the blank line/],
      ['a CR between frames without its LF', 'SEND\n\n\0\rSEND\n\n\0', /CR between frames/],
    ];
    it.each(cases)('%s', (_name, input, message) => {
      expect(parseError(bytes(input)).message).toMatch(message);
    });

    it('invalid UTF-8 in a header', () => {
      const input = Buffer.concat([bytes('SEND\nk:'), Buffer.from([0xc3, 0x28]), bytes('\n\n\0')]);
      expect(parseError(input).message).toMatch(/not valid UTF-8/);
    });
  });

  describe('limits', () => {
    const limits = { maxFrameBytes: 1000, maxHeaders: 4, maxHeaderLength: 50 };

    it('accepts a frame of exactly maxFrameBytes and refuses one byte more', () => {
      const make = (size: number) => {
        const head = bytes('SEND\n\n');
        return Buffer.concat([head, Buffer.alloc(size - head.length - 1, 0x61), Buffer.of(0)]);
      };
      expect(parseOne(make(1000), limits).body).toHaveLength(1000 - 7);
      expect(parseError(make(1001), limits).message).toMatch(/frame larger than 1000 bytes/);
    });

    it('refuses an oversized frame that arrives in many chunks before its end arrives', () => {
      const parser = new FrameParser(limits);
      parser.push(bytes('SEND\n\n'), () => undefined);
      for (let i = 0; i < 6; i += 1) parser.push(Buffer.alloc(150, 0x61), () => undefined);
      expect(() => parser.push(Buffer.alloc(150, 0x61), () => undefined)).toThrow(/frame larger than 1000 bytes/);
    });

    it('refuses a declared content-length over the limit before reading the body', () => {
      expect(parseError(bytes('SEND\ncontent-length:5000\n\n'), limits).message).toMatch(/frame larger than 1000 bytes/);
    });

    it('accepts maxHeaders header lines and refuses one more, repeats included', () => {
      expect(() => parseOne(bytes(`SEND\n${'a:1\n'.repeat(4)}\n\0`), limits)).not.toThrow();
      expect(parseError(bytes(`SEND\n${'a:1\n'.repeat(5)}\n\0`), limits).message).toMatch(/more than 4 headers/);
    });

    it('accepts a header line of maxHeaderLength (CR of a CRLF not counted) and refuses a longer one', () => {
      const line = `k:${'v'.repeat(48)}`;
      expect(parseOne(bytes(`SEND\r\n${line}\r\n\r\n\0`), limits).headers.k).toHaveLength(48);
      expect(parseError(bytes(`SEND\n${line}v\n\n\0`), limits).message).toMatch(/header line longer than 50 bytes/);
    });

    it('refuses an overlong line before its LF arrives', () => {
      const parser = new FrameParser(limits);
      parser.push(bytes('SEND\nk:'), () => undefined);
      expect(() => parser.push(Buffer.alloc(60, 0x61), () => undefined)).toThrow(/header line longer than 50 bytes/);
    });

    it('refuses an overlong command line', () => {
      expect(parseError(Buffer.alloc(200, 0x41), limits).message).toMatch(/header line longer/);
    });
  });
});
