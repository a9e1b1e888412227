// Shared button looks. Touch-first: every target is at least 44 px tall (min-h-11) with visible focus. A button busy
// with its work (use-one-press.ts) is aria-disabled, and looks disabled.
const SHAPE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md text-base font-medium ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';
const BASE = `${SHAPE} px-4`;
const SECONDARY = 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100';

export const buttonClass = {
  primary: `${BASE} bg-blue-700 text-white hover:bg-blue-800`,
  secondary: `${BASE} ${SECONDARY}`,
  danger: `${BASE} bg-red-700 text-white hover:bg-red-800`,
} as const;

/** A button inside a table cell (Retry, Discard, ↑, ↓): the same 44 px target with less padding, so a cell's controls
 * fit its column instead of being cut off by it (issue 31: Lot edit's Discard). */
export const cellButtonClass = `${SHAPE} min-w-11 px-2 ${SECONDARY}`;

export const inputClass =
  'min-h-11 w-full rounded-md border border-slate-300 px-3 text-base ' +
  'focus-visible:outline-2 focus-visible:outline-blue-600';
