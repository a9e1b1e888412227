// Zod's refusals in a person's words (issue 13): 'Units must be a whole number.', never 'Invalid input: expected int'.
// The primitives carry `plainError` themselves, and every parse of a wire body (server and client) passes it for the
// schemas built elsewhere, so the client's check before queueing and the server's BAD_REQUEST read the same.
import type { z } from 'zod';
import { labelOf, positionsOf } from './field-labels';
import { FieldMessages } from './messages';

/** The fields of an issue this reads; both a raw issue (in an error map) and a finished one have them. */
type IssueFacts = Pick<z.core.$ZodIssue, 'code'> & {
  readonly expected?: unknown;
  readonly origin?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly values?: unknown;
  readonly keys?: unknown;
  readonly input?: unknown;
};

const KINDS: Readonly<Record<string, string>> = { string: 'text', array: 'a list', object: 'a record', boolean: 'true or false' };
const isList = (origin: unknown): boolean => origin === 'array' || origin === 'set';
const entries = (count: string): string => (count === '1' ? '1 entry' : `${count} entries`);

function typeSentence(issue: IssueFacts, label: string): string {
  // First: a finished issue no longer carries its input, and a fraction is never a missing value.
  if (issue.expected === 'int') return FieldMessages.wholeNumber(label);
  if (issue.input === undefined || issue.input === null) return FieldMessages.required(label);
  if (issue.expected === 'number') return FieldMessages.number(label);
  const kind = typeof issue.expected === 'string' ? KINDS[issue.expected] : undefined;
  return kind === undefined ? FieldMessages.notValid(label) : FieldMessages.wrongKind(label, kind);
}

function smallSentence(issue: IssueFacts, label: string): string {
  const min = String(issue.minimum);
  if (issue.origin === 'string') return min === '1' ? FieldMessages.empty(label) : FieldMessages.tooShort(label, min);
  if (isList(issue.origin)) return FieldMessages.tooFew(label, entries(min));
  return min === '0' ? FieldMessages.notNegative(label) : FieldMessages.atLeast(label, min);
}

function bigSentence(issue: IssueFacts, label: string): string {
  const max = String(issue.maximum);
  if (issue.origin === 'string') return FieldMessages.tooLong(label, max);
  if (isList(issue.origin)) return FieldMessages.tooMany(label, entries(max));
  return FieldMessages.atMost(label, max);
}

/** One sentence for an issue about the field a person calls `label`. */
export function issueSentence(issue: IssueFacts, label: string): string {
  switch (issue.code) {
    case 'invalid_type': return typeSentence(issue, label);
    case 'too_small': return smallSentence(issue, label);
    case 'too_big': return bigSentence(issue, label);
    case 'invalid_value':
      return Array.isArray(issue.values) ? FieldMessages.oneOf(label, issue.values.map(String).join(', ')) : FieldMessages.notValid(label);
    case 'unrecognized_keys':
      return Array.isArray(issue.keys) ? FieldMessages.unknownFields(issue.keys.map(String).join(', ')) : FieldMessages.notValid(label);
    default: return FieldMessages.notValid(label);
  }
}

/** The error map: the field named from the issue's path (its full path: zod calls this once parsing is done). */
export const plainError: z.core.$ZodErrorMap = (issue) => issueSentence(issue, labelOf(issue.path ?? []));

/** A finished issue as a person reads it: 'item 3: Qnty must be a whole number.'; a schema's own words keep the label. */
export function issueText(issue: z.core.$ZodIssue): string {
  const named = issue.code === 'custom' && issue.path.some((part) => typeof part === 'string');
  const sentence = named ? `${labelOf(issue.path)}: ${issue.message}` : issue.message;
  const positions = positionsOf(issue.path);
  return positions.length === 0 ? sentence : FieldMessages.at(positions, sentence);
}
