// Text no column can keep: a NUL or half a surrogate pair in any string field of any payload is refused by the
// shared schemas, with a plain message naming the field, before a handler or the database sees it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, parsePayload, type DestinationName } from '../../../src/protocol';
import { HttpUrl, isStorableText, requiredText, text, Timestamp, Upc, UNSTORABLE_TEXT_MESSAGE, wireString } from '../../../src/protocol/primitives';
import { stringFields } from '../../support/schema-strings';

const NUL = 'a\u0000b';
const LONE_HIGH = 'a\ud800b';
const LONE_LOW = 'a\udc00b';
const HIGH_AT_END = 'ab\ud83d';
const LOW_AT_START = '\ude00ab';
const UNSTORABLE = [NUL, LONE_HIGH, LONE_LOW, HIGH_AT_END, LOW_AT_START];

const messagesOf = (result: { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('isStorableText', () => {
  it.each(UNSTORABLE.map((value) => [JSON.stringify(value), value]))('refuses %s', (_shown, value) => {
    expect(isStorableText(value)).toBe(false);
  });

  it('takes real text of every plane: accents, CJK, emoji (a surrogate pair), tabs and newlines', () => {
    for (const value of ['', 'Café crème', '東京', 'Kettle 😀 1.7L', '👍🏽', 'line one\nline two\ttab']) expect(isStorableText(value)).toBe(true);
  });
});

describe('the string primitives', () => {
  it.each([
    ['wireString', wireString()],
    ['text', text(50)],
    ['requiredText', requiredText(50)],
    ['Upc', Upc],
    ['Timestamp', Timestamp],
    ['HttpUrl', HttpUrl],
  ])('%s refuses a NUL and a lone surrogate with the plain message', (_name, schema) => {
    for (const value of [NUL, LONE_HIGH]) expect(messagesOf(schema.safeParse(value))).toContain(UNSTORABLE_TEXT_MESSAGE);
  });

  it('keep what they took before: trimmed titles, emoji in text, scanned codes, dates and addresses', () => {
    expect(requiredText(50).parse('  Pallet 😀  ')).toBe('Pallet 😀');
    expect(text(50).parse('')).toBe('');
    expect(Upc.parse(' 885909950805 ')).toBe('885909950805');
    expect(Timestamp.parse('2024-05-01T10:00')).toBe('2024-05-01T10:00');
    expect(HttpUrl.parse('https://example.com/a.jpg')).toBe('https://example.com/a.jpg');
  });

  it('HttpUrl: a NUL in the path is refused though the URL check alone would pass it', () => {
    expect(HttpUrl.safeParse('https://example.com/a\u0000.jpg').success).toBe(false);
  });
});

describe('every payload of the contract', () => {
  const destinations = Object.keys(contract) as DestinationName[];
  const fields = destinations.flatMap((destination) => stringFields(contract[destination].payload).map((field) => ({ destination, ...field })));

  it('has string fields to check (the walk found them)', () => {
    expect(fields.map(({ destination, path }) => `${destination}:${path}`)).toEqual(expect.arrayContaining([
      'login:username', 'login:password', 'createManifest:', 'addMultipleUPCsToBox:upcQuantities[].upc', 'updateItems:[].vendor',
    ]));
  });

  it('refuses a NUL and a lone surrogate in each of its string fields', () => {
    const open = fields.filter(({ schema }) => [NUL, LONE_HIGH, LONE_LOW].some((value) => !messagesOf(z.safeParse(schema, value)).includes(UNSTORABLE_TEXT_MESSAGE)));
    expect(open.map(({ destination, path }) => `${destination}:${path || '(the body)'}`)).toEqual([]);
  });

  it('names the field in the one sentence the client reads', () => {
    expect(parsePayload('updateManifestTitleById', JSON.stringify({ lotId: 4, newTitle: NUL }))).toEqual({
      ok: false, message: `Title: ${UNSTORABLE_TEXT_MESSAGE}`,
    });
    expect(parsePayload('addMultipleUPCsToBox', JSON.stringify({ boxId: 3, upcQuantities: [{ upc: '1', qnty: 1 }, { upc: LONE_HIGH, qnty: 1 }] }))).toEqual({
      ok: false, message: `item 2: UPC: ${UNSTORABLE_TEXT_MESSAGE}`,
    });
    expect(parsePayload('createManifest', JSON.stringify(LONE_LOW))).toEqual({ ok: false, message: UNSTORABLE_TEXT_MESSAGE });
  });
});
