// Pure arithmetic of the progress bar (ProgressDialog): the share of the work done, 0–100, whole numbers.
/** 0 with nothing to do yet counts as finished (100); counts outside 0..total are clamped. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 100;
  return Math.round((Math.min(Math.max(done, 0), total) / total) * 100);
}
