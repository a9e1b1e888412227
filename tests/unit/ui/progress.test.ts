// The progress dialog's bar (spec §2: a progress dialog shows the status while Multiple SKUs runs).
import { describe, expect, it } from 'vitest';
import { progressPercent } from '../../../src/ui/progress';

describe('progress bar', () => {
  it.each([
    [0, 4, 0],
    [1, 4, 25],
    [1, 3, 33],
    [4, 4, 100],
  ])('fills %s of %s as %s%%', (done, total, percent) => {
    expect(progressPercent(done, total)).toBe(percent);
  });

  it('never overflows or goes negative', () => {
    expect(progressPercent(9, 4)).toBe(100);
    expect(progressPercent(-1, 4)).toBe(0);
  });

  it('shows full when there was nothing to do', () => {
    expect(progressPercent(0, 0)).toBe(100);
  });
});
