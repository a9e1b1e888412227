// Lot numbers as people type them (issue 31): 'lot-7', '7' and '000007' all mean LOT-000007 on a phone keyboard,
// without caps or a hyphen. The server writes LOT_PREFIX plus a zero-padded number (DESIGN §5): it reads a typed
// number in that format; a device reads it in the format of a lot number it holds, so no setting has to reach it.

/** A prefix of letters, '-' and '_' (LOT_PREFIX's characters), then the number. */
const FORMAT = /^([A-Za-z0-9_-]*?[A-Za-z_-])?(\d+)$/;
/** What a person may type: the prefix in any case, with or without its '-' or '_', spaces around, then digits. */
const TYPED = /^([A-Za-z][A-Za-z_\s-]*?)?[\s_-]*(\d{1,15})$/;

const letters = (text: string): string => text.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/**
 * The lot number `typed` means in the format of `example` (a lot number the server wrote, e.g. 'LOT-000042'):
 * '7', '000007', 'lot-7', 'LOT 7' → 'LOT-000007'. Undefined when it is not a number of that format (another prefix).
 */
export function asLotNumber(typed: string, example: string): string | undefined {
  const format = FORMAT.exec(example);
  const asked = TYPED.exec(typed.trim());
  if (format === null || asked === null) return undefined;
  const prefix = format[1] ?? '';
  const digits = format[2] ?? '';
  const typedPrefix = asked[1] ?? '';
  if (typedPrefix !== '' && letters(typedPrefix) !== letters(prefix)) return undefined;
  const number = (asked[2] ?? '').replace(/^0+(?=\d)/, '');
  return `${prefix}${number.padStart(digits.length, '0')}`;
}

/** The ways `typed` may be written, best first: as typed, upper-cased, and in the format of `example` when given. */
export function lotNumberSpellings(typed: string, example: string | undefined): string[] {
  const text = typed.trim();
  if (text === '') return [];
  const formatted = example === undefined ? undefined : asLotNumber(text, example);
  return [...new Set([text, text.toUpperCase(), ...(formatted === undefined ? [] : [formatted])])];
}
