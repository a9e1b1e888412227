// What a client reads when its SEND body is refused: one short sentence naming the field, never its own
// input echoed back, and never a crash, whatever the body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPayload, contract, Destination, parsePayload, type DestinationName } from '../../../src/protocol';
import { ServerMessages } from '../../../src/protocol/messages';
import { lot } from './examples';

describe('parsePayload', () => {
  it('/app/getLotById: a lot id is a JSON number', () => {
    expect(parsePayload('getLotById', '42')).toEqual({ ok: true, value: 42 });
    expect(parsePayload('getLotById', '"42"')).toEqual({ ok: false, message: 'The value must be a number.' });
  });

  it('/app/updateManifest: an overlong title names the field by its label', () => {
    const result = parsePayload('updateManifest', JSON.stringify({ ...lot, titleListing: 'x'.repeat(300) }));
    expect(result).toEqual({ ok: false, message: 'Title is too long (at most 255 characters).' });
  });

  it('/app/addMultipleUPCsToBox: a bad row is found by its place in the list, counted from 1', () => {
    const body = { boxId: 301, upcQuantities: [{ upc: '885909950805', qnty: 2 }, { upc: '885909950806', qnty: -1 }] };
    const result = parsePayload('addMultipleUPCsToBox', JSON.stringify(body));
    expect(result).toEqual({ ok: false, message: 'item 2: Qnty cannot be negative.' });
  });

  it('says "Units must be a whole number." for 12.345 units, never zod\'s own words', () => {
    expect(parsePayload('updateManifest', JSON.stringify({ ...lot, numberOfUnits: 12.345 }))).toEqual({ ok: false, message: 'Units must be a whole number.' });
    expect(checkPayload('updateManifest', { ...lot, numberOfUnits: 12.345 })).toEqual({ ok: false, message: 'Units must be a whole number.' });
  });

  it('names lists in words: "must have at least 1 entry", "must have at most …"', () => {
    expect(parsePayload('updateLotStatus', JSON.stringify({ status: 'SOLD', lotIds: [] }))).toEqual({ ok: false, message: 'Lots must have at least 1 entry.' });
  });

  it('reports a JSON syntax error as such', () => {
    expect(parsePayload('getLots', '{"Listed": tru')).toEqual({ ok: false, message: 'Invalid request: the body is not valid JSON.' });
  });

  it('asks for a body when one is needed and none came', () => {
    expect(parsePayload('createManifest', '')).toEqual({ ok: false, message: 'Invalid request: a JSON body is required.' });
  });

  it('/app/getWoocommerceCategories: takes no body and ignores one sent anyway', () => {
    expect(parsePayload('getWoocommerceCategories', '')).toEqual({ ok: true, value: undefined });
    expect(parsePayload('getWoocommerceCategories', 'not json')).toEqual({ ok: true, value: undefined });
  });

  it('/app/getAllAuctionEvents: takes an empty object', () => {
    expect(parsePayload('getAllAuctionEvents', '{}')).toEqual({ ok: true, value: {} });
  });

  it('/app/createManifest: the label is a JSON string, trimmed', () => {
    expect(parsePayload('createManifest', '"  Kitchen lot  "')).toEqual({ ok: true, value: 'Kitchen lot' });
  });

  it('names at most three problems and counts the rest', () => {
    const result = parsePayload('updateManifest', JSON.stringify({ id: 'x', titleListing: ' ', numberOfUnits: -1, numberOfPallets: 'a', categories: 'b' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^Id must be a number\. \S.*\. \S.*\. \(and \d+ more\)$/);
  });

  it('/app/updateManifest: a lot that names no field to change is refused in words', () => {
    expect(parsePayload('updateManifest', JSON.stringify({ id: 4, lotNumber: 'L-4', status: 'SOLD', colour: 'red' }))).toEqual({
      ok: false,
      message: ServerMessages.nothingToChange,
    });
    expect(parsePayload('updateManifest', JSON.stringify({ id: 4, numberOfUnits: 3, colour: 'red' }))).toEqual({ ok: true, value: { id: 4, numberOfUnits: 3 } });
  });

  it('never echoes the client input back', () => {
    const result = parsePayload('updateManifestTitleById', JSON.stringify({ lotId: '<script>alert(1)</script>', newTitle: 'ok' }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).not.toContain('script');
  });

  it('never throws and keeps messages short, whatever the body', () => {
    const keys = Object.keys(Destination) as DestinationName[];
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.oneof(fc.string(), fc.json()), (key, body) => {
        const result = parsePayload(key, body);
        if (result.ok) expect(contract[key].payload.safeParse(result.value).success).toBe(true);
        else expect(result.message.length).toBeLessThan(600);
      }),
      { numRuns: 2000 },
    );
  });
});
