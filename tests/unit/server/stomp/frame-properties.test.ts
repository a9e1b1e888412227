// The frame codec's properties, over generated frames and byte streams: encode → decode gives the frame back however
// the bytes are cut, and no input crashes the parser.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFrame, type StompFrame } from '../../../../server/stomp/frame';
import { bytes, parse, parseOne } from './parse-frames';

/** The bytes cut at each offset (wrapped into range, duplicates merged): one way a socket might deliver them. */
const splitAt = (buf: Buffer, cuts: number[]): Buffer[] => {
  const points = [...new Set(cuts.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const p of points) {
    out.push(buf.subarray(from, p));
    from = p;
  }
  out.push(buf.subarray(from));
  return out;
};

// Strings rich in the characters that need escaping, plus any code point.
const headerText = (minLength: number) =>
  fc.array(fc.oneof(fc.constantFrom('\\', ':', '\r', '\n', '\\n', 'a'), fc.string({ unit: 'binary', maxLength: 3 })), { minLength, maxLength: 8 })
    .map((parts) => parts.join('').replace(/\0/g, ''))
    .filter((s) => s.length >= minLength);
const rawText = (minLength: number) => headerText(minLength).map((s) => s.replace(/[\r\n]/g, ''));

const escapedFrame = fc.record({
  command: fc.constantFrom('SEND', 'SUBSCRIBE', 'MESSAGE', 'ERROR', 'RECEIPT', 'DISCONNECT', 'ACK'),
  headers: fc.uniqueArray(fc.tuple(headerText(1), headerText(0)), { selector: ([name]) => name, maxLength: 6 }),
  body: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
});
const unescapedFrame = fc.record({
  command: fc.constantFrom('CONNECT', 'CONNECTED'),
  headers: fc.uniqueArray(fc.tuple(rawText(1).map((s) => s.replace(/:/g, '')).filter((s) => s.length > 0), rawText(0)), {
    selector: ([name]) => name,
    maxLength: 6,
  }),
  body: fc.constant(Buffer.alloc(0)),
});
const anyFrame = fc.oneof(escapedFrame, unescapedFrame).map(({ command, headers, body }) => ({
  command,
  headers: Object.fromEntries(headers.filter(([name]) => name !== 'content-length')),
  body,
}));

/** What the decoder must give back: the same frame, plus the content-length the encoder added. */
const expected = (frame: StompFrame) => ({
  command: frame.command,
  headers: frame.body.length > 0 ? { ...frame.headers, 'content-length': String(frame.body.length) } : { ...frame.headers },
  body: frame.body,
});
const comparable = (frame: StompFrame) => ({ command: frame.command, headers: { ...frame.headers }, body: frame.body });

describe('FrameParser properties', () => {
  it('any valid frame survives encode → decode', () => {
    fc.assert(fc.property(anyFrame, (frame) => {
      expect(comparable(parseOne(encodeFrame(frame)))).toEqual(expected(frame));
    }));
  });

  it('any split of a frame into chunks decodes to the same frame', () => {
    fc.assert(fc.property(anyFrame, fc.array(fc.nat(), { maxLength: 12 }), (frame, cuts) => {
      const encoded = encodeFrame(frame);
      expect(comparable(parseOne(splitAt(encoded, cuts)))).toEqual(expected(frame));
    }));
  });

  it('several frames with heart-beat EOLs between them decode in order, however the bytes are cut', () => {
    const beats = fc.array(fc.constantFrom('\n', '\r\n'), { maxLength: 3 }).map((e) => e.join(''));
    fc.assert(fc.property(fc.array(fc.tuple(beats, anyFrame), { minLength: 1, maxLength: 5 }), beats, fc.array(fc.nat(), { maxLength: 10 }),
      (items, trailing, cuts) => {
        const stream = Buffer.concat([...items.flatMap(([eol, frame]) => [bytes(eol), encodeFrame(frame)]), bytes(trailing)]);
        const { frames, error } = parse(splitAt(stream, cuts));
        expect(error).toBeUndefined();
        expect(frames.map(comparable)).toEqual(items.map(([, frame]) => expected(frame)));
      }));
  });

  it('random bytes never crash the parser: they give frames or a StompProtocolError', () => {
    const significant = fc.constantFrom(0, 10, 13, 58, 92, 0x53, 0x45, 0x4e, 0x44, 0xff, 0xc3);
    const noise = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), significant), { maxLength: 400 });
    const seeded = fc.tuple(fc.constantFrom('', 'SEND\n', 'CONNECT\n', 'MESSAGE\ncontent-length:3\n\n'), noise)
      .map(([prefix, rest]) => Buffer.concat([bytes(prefix), Buffer.from(rest)]));
    fc.assert(fc.property(seeded, fc.array(fc.nat(), { maxLength: 8 }), (input, cuts) => {
      const { frames } = parse(splitAt(input, cuts), { maxFrameBytes: 256, maxHeaders: 8, maxHeaderLength: 64 });
      for (const frame of frames) expect(typeof frame.command).toBe('string');
    }), { numRuns: 500 });
  });
});
