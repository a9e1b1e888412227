// How big each bench runs. `BENCH_SMOKE=1` (npm test runs `npm run bench` so) shrinks every path to a toy size:
// each still runs end to end against the real parts, so a bench that no longer works fails CI, but its figures mean
// nothing and none are written to bench/results.
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` on a real run, `smoke` on a smoke run. */
export const sized = (full: number, smoke: number): number => (SMOKE ? smoke : full);
