// The syncLots cursor (server/domains/lots/sync-cursor.ts): what a device sends back is read as the server wrote it,
// a run's last page hands back its floor, and anything a device could hold from elsewhere starts it over.
import { describe, expect, it } from 'vitest';
import { firstPosition, formatCursor, parseCursor } from '../../../server/domains/lots/sync-cursor';

const EPOCH = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
const OTHER = '00000000-0000-4000-8000-000000000000';

describe('the syncLots cursor', () => {
  it("reads back a page's cursor as the position it was written from, full runs marked", () => {
    const position = { epoch: EPOCH, floor: 700, xid: 712, id: 40, full: true };
    expect(parseCursor(formatCursor(position, true), EPOCH, 800)).toEqual({ kind: 'page', position });
    expect(parseCursor(formatCursor({ ...position, full: false }, true), EPOCH, 800)).toEqual({ kind: 'page', position: { ...position, full: false } });
  });

  it("hands back the run's floor on its last page, and resumes from it: every row stamped at or after it", () => {
    const kept = formatCursor({ epoch: EPOCH, floor: 700, xid: 712, id: 40, full: false }, false);
    expect(kept).toBe(`${EPOCH}.700`);
    const request = parseCursor(kept, EPOCH, 800);
    expect(request).toEqual({ kind: 'resume', from: 700 });
    if (request.kind !== 'resume') throw new Error('resume');
    expect(firstPosition(request, EPOCH, 750)).toEqual({ epoch: EPOCH, floor: 750, xid: 700, id: -1, full: false });
  });

  it("starts over on '' , on another database's cursor, and on a floor this database has not reached (a restore)", () => {
    expect(parseCursor('', EPOCH, 800)).toEqual({ kind: 'start-over' });
    expect(parseCursor(`${OTHER}.700`, EPOCH, 800)).toEqual({ kind: 'start-over' });
    expect(parseCursor(`${EPOCH}.801`, EPOCH, 800)).toEqual({ kind: 'start-over' });
    expect(firstPosition({ kind: 'start-over' }, EPOCH, 750)).toEqual({ epoch: EPOCH, floor: 750, xid: -1, id: -1, full: true });
  });

  it.each([['no epoch', '700'], ['no floor', `${EPOCH}.`], ['a position cut short', `${EPOCH}.700.712`], ['a stray mark', `${EPOCH}.700.712.40.x`],
    ['a negative number', `${EPOCH}.-1`], ['too many parts', `${EPOCH}.1.2.3.f.9`], ['a number too long to be exact', `${EPOCH}.1234567890123456`]])(
    'throws on %s, which no server wrote', (_what, text) => {
      expect(() => parseCursor(text, EPOCH, 800)).toThrow('not a sync cursor');
    },
  );
});
