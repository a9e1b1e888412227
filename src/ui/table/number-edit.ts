// Pure rules of numeric cells (spec §2 'numbers display rounded to 2 decimals', §5 table cell edit): how a
// number shows, and what an edit means — invalid (the spec's message, change ignored), unchanged (equal to the
// original) or changed. No React here, so it is tested in node.

export type NumberEdit =
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly value: number };

// Plain decimal notation only: Number() would also take '', '0x1f', 'Infinity' and '1e400' — not a user's number.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The spec's error: 'ERROR, {label} must be a number. Invalid number:{value}'. */
export const invalidNumberMessage = (label: string, value: string): string =>
  `ERROR, ${label} must be a number. Invalid number:${value}`;

export function parseNumberEdit(label: string, raw: string, original: number | null): NumberEdit {
  const text = raw.trim();
  const value = DECIMAL.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value)) return { kind: 'invalid', message: invalidNumberMessage(label, text) };
  // -0 === 0, so retyping 0 changes nothing.
  return value === original ? { kind: 'unchanged' } : { kind: 'changed', value };
}

/** Two decimals, rounded half away from zero on the decimal value shown (1.005 → '1.01'); '' when unset. */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  // toFixed and ×100 round the binary value (1.005 is 1.00499…); shifting the decimal digits by exponent does not.
  const [mantissa, exponent = '0'] = Math.abs(value).toPrecision(15).split('e');
  const rounded = Math.round(Number(`${mantissa}e${Number(exponent) + 2}`)) / 100;
  const text = rounded.toFixed(2);
  return value < 0 && rounded !== 0 ? `-${text}` : text;
}
