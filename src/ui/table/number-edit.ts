// Pure rules of numeric cells (spec §2 'numbers display rounded to 2 decimals', §5 table cell edit): how a
// number shows, and what an edit means — invalid (the spec's message, change ignored), unchanged (equal to the
// original) or changed. No React here, so it is tested in node.
import type { z } from 'zod';
import { ClientMessages } from '../../protocol/messages';
import { issueSentence } from '../../protocol/plain-issues';

export type NumberEdit =
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly value: number };

/**
 * What the column's field takes on the wire (Count: a whole number, not negative; Money: not negative; …), from
 * src/protocol/primitives.ts: a value it refuses is refused at the cell, before anything is queued (issue 13).
 */
export type NumberRule = z.ZodType<number>;

// Plain decimal notation only: Number() would also take '', '0x1f', 'Infinity' and '1e400' — not a user's number.
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The spec's error: 'ERROR, {label} must be a number. Invalid number:{value}'. */
export const invalidNumberMessage = ClientMessages.numberRequired;

/** Why the rule refuses the number ('Units must be a whole number.'), or undefined when it takes it. */
function ruleBroken(label: string, value: number, rule: NumberRule): string | undefined {
  const checked = rule.safeParse(value);
  const [issue] = checked.success ? [] : checked.error.issues;
  return issue === undefined ? undefined : issueSentence(issue, label);
}

/**
 * A price as people type it (issue 31): '$40' and '€ 12.50' without their currency sign, '40,00' and '1,5' with a
 * decimal comma. A comma followed by three digits ('1,500') could be a thousands separator: not guessed, refused.
 */
function asTyped(text: string): string {
  const bare = text.replace(/^[$€£]\s*/, '');
  return /^[+-]?\d+,\d{1,2}$/.test(bare) ? bare.replace(',', '.') : bare;
}

export function parseNumberEdit(label: string, raw: string, original: number | null, rule: NumberRule): NumberEdit {
  const text = raw.trim();
  const typed = asTyped(text);
  const value = DECIMAL.test(typed) ? Number(typed) : Number.NaN;
  if (!Number.isFinite(value)) return { kind: 'invalid', message: invalidNumberMessage(label, text) };
  // -0 === 0, so retyping 0 changes nothing.
  if (value === original) return { kind: 'unchanged' };
  const broken = ruleBroken(label, value, rule);
  return broken === undefined ? { kind: 'changed', value } : { kind: 'invalid', message: broken };
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
