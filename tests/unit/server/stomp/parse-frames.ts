// Feeding bytes to a FrameParser the way a socket would, for the frame codec's suites: the frames, or the fault.
import { expect } from 'vitest';
import { StompProtocolError, type StompFrame } from '../../../../server/stomp/frame';
import { FrameParser } from '../../../../server/stomp/frame-parser';
import type { StompLimits } from '../../../../server/stomp/types';

export const bytes = (text: string) => Buffer.from(text, 'utf8');

/** Feeds the chunks in order; returns the frames, or the frames before the fault plus the fault. */
export function parse(chunks: Buffer | Buffer[], limits?: Partial<StompLimits>): { frames: StompFrame[]; error?: StompProtocolError } {
  const parser = new FrameParser(limits);
  const frames: StompFrame[] = [];
  try {
    for (const chunk of Array.isArray(chunks) ? chunks : [chunks]) parser.push(chunk, (f) => frames.push(f));
  } catch (err) {
    if (err instanceof StompProtocolError) return { frames, error: err };
    throw err;
  }
  return { frames };
}

/** The one frame the chunks hold; a fault or any other number of frames fails the test. */
export function parseOne(chunks: Buffer | Buffer[], limits?: Partial<StompLimits>): StompFrame {
  const { frames, error } = parse(chunks, limits);
  if (error) throw error;
  expect(frames).toHaveLength(1);
  const [frame] = frames;
  if (!frame) throw new Error('no frame');
  return frame;
}

/** The fault the chunks cause; none fails the test. */
export function parseError(chunks: Buffer | Buffer[], limits?: Partial<StompLimits>): StompProtocolError {
  const { error } = parse(chunks, limits);
  if (!error) throw new Error('expected a StompProtocolError');
  return error;
}
