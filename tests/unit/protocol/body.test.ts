import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBody, encodeBody } from '../../../src/protocol/body';

describe('encodeBody', () => {
  it('writes only ASCII, so a 16 KiB split can never cut a character in half', () => {
    const body = encodeBody({ title: 'Caf\u00e9 \u{1F4E6} boxes \u2014 \u00bd off' });
    expect(body).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(body)).toEqual({ title: 'Caf\u00e9 \u{1F4E6} boxes \u2014 \u00bd off' });
  });

  it('round-trips any JSON value through JSON.parse', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      expect(JSON.parse(encodeBody(value))).toEqual(JSON.parse(JSON.stringify(value)));
    }));
  });

  it('writes nothing for no payload', () => {
    expect(encodeBody(undefined)).toBe('');
  });
});

describe('decodeBody', () => {
  it('reads JSON, keeps text that is not JSON as it is, and reads an empty body as nothing', () => {
    expect(decodeBody('{"jwt":"a.b.c"}')).toEqual({ jwt: 'a.b.c' });
    expect(decodeBody('<html>Bad Gateway</html>')).toBe('<html>Bad Gateway</html>');
    expect(decodeBody('')).toBeUndefined();
  });
});
