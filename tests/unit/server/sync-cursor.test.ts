// The syncLots cursor (server/domains/lots/sync-cursor.ts): what a device sends back is read as the server wrote it,
// a run's last page hands back its floor, and anything a device could hold from elsewhere starts it over.
import { describe, expect, it } from 'vitest';
import { firstPosition, formatCursor, parseCursor } from '../../../server/domains/lots/sync-cursor';

const EPOCH = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
const OTHER = '00000000-0000-4000-8000-000000000000';
const ALICE = { epoch: EPOCH, user: 7 };

describe('the syncLots cursor', () => {
  it("reads back a page's cursor as the position it was written from, full runs marked", () => {
    const position = { ...ALICE, floor: 700, xid: 712, id: 40, full: true };
    expect(parseCursor(formatCursor(position, true), ALICE, 800)).toEqual({ kind: 'page', position });
    expect(parseCursor(formatCursor({ ...position, full: false }, true), ALICE, 800)).toEqual({ kind: 'page', position: { ...position, full: false } });
  });

  it("hands back the run's floor on its last page, and resumes from it: every row stamped at or after it", () => {
    const kept = formatCursor({ ...ALICE, floor: 700, xid: 712, id: 40, full: false }, false);
    expect(kept).toBe(`${EPOCH}.7.700`);
    const request = parseCursor(kept, ALICE, 800);
    expect(request).toEqual({ kind: 'resume', from: 700 });
    if (request.kind !== 'resume') throw new Error('resume');
    expect(firstPosition(request, ALICE, 750)).toEqual({ ...ALICE, floor: 750, xid: 700, id: -1, full: false });
  });

  it("starts over on '', on another database's cursor, on another account's, and on a floor this database has not reached (a restore)", () => {
    expect(parseCursor('', ALICE, 800)).toEqual({ kind: 'start-over' });
    expect(parseCursor(`${OTHER}.7.700`, ALICE, 800)).toEqual({ kind: 'start-over' });
    // A new account under a removed one's name, on the device that kept the removed one's cursor.
    expect(parseCursor(`${EPOCH}.8.700`, ALICE, 800)).toEqual({ kind: 'start-over' });
    expect(parseCursor(`${EPOCH}.8.700.712.40`, ALICE, 800)).toEqual({ kind: 'start-over' });
    expect(parseCursor(`${EPOCH}.7.801`, ALICE, 800)).toEqual({ kind: 'start-over' });
    expect(firstPosition({ kind: 'start-over' }, ALICE, 750)).toEqual({ ...ALICE, floor: 750, xid: -1, id: -1, full: true });
  });

  it.each([['no epoch', '7.700'], ['no account', `${EPOCH}.700`], ['no floor', `${EPOCH}.7.`], ['a position cut short', `${EPOCH}.7.700.712`],
    ['a stray mark', `${EPOCH}.7.700.712.40.x`], ['a negative number', `${EPOCH}.7.-1`], ['too many parts', `${EPOCH}.7.1.2.3.f.9`],
    ['a number too long to be exact', `${EPOCH}.7.1234567890123456`]])(
    'throws on %s, which no server wrote', (_what, text) => {
      expect(() => parseCursor(text, ALICE, 800)).toThrow('not a sync cursor');
    },
  );
});
