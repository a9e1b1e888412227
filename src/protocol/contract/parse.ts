// Turns a SEND body into a typed payload, or into the plain sentences a client sees in the BAD_REQUEST envelope
// ('item 2: Qnty cannot be negative.'). Never throws, never echoes the body back.
import type { z } from 'zod';
import type { DestinationName } from '../destinations';
import { issueText, plainError } from '../plain-issues';
import { NoBody } from './shared';
import { contract, type PayloadOf } from './table';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

// Only for a body that cannot be read at all; a value that breaks a rule is told in plain sentences alone.
const PREFIX = 'Invalid request: ';
const ISSUES_SHOWN = 3;

/** A sentence ends like one, so several read as several. */
const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The first few issues in a person's words ('item 2: Qnty cannot be negative.'), one per field, joined. */
export function issuesText(allIssues: readonly z.core.$ZodIssue[]): string {
  const seen = new Set<string>();
  // One problem per field is enough to fix it: an empty UPC need not also be told it has no spaces. A schema's own
  // check (a NUL in a date) says more than the generic one, so it is told first.
  const ordered = [...allIssues.filter((issue) => issue.code === 'custom'), ...allIssues.filter((issue) => issue.code !== 'custom')];
  const issues = ordered.filter((issue) => {
    const key = issue.path.map(String).join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const shown = issues.slice(0, ISSUES_SHOWN).map((issue) => sentence(issueText(issue)));
  const more = issues.length > ISSUES_SHOWN ? ` (and ${issues.length - ISSUES_SHOWN} more)` : '';
  return `${shown.join(' ')}${more}`;
}

export function parsePayload<K extends DestinationName>(destination: K, rawBody: string): ParseResult<PayloadOf<K>> {
  const schema: z.ZodType = contract[destination].payload;
  // A destination without a payload ignores whatever body comes with it (spec §7: "none").
  if (schema === NoBody) return { ok: true, value: undefined as PayloadOf<K> };
  let input: unknown;
  if (rawBody.trim() === '') {
    input = undefined;
  } else {
    try {
      input = JSON.parse(rawBody);
    } catch {
      return { ok: false, message: `${PREFIX}the body is not valid JSON.` };
    }
  }
  const checked = checkPayload(destination, input);
  if (!checked.ok && input === undefined) return { ok: false, message: `${PREFIX}a JSON body is required.` };
  return checked;
}

/**
 * A body (already a value) against the destination's payload schema: the server's check after JSON.parse, and the
 * client's before it queues a change, so both refuse the same values with the same words.
 */
export function checkPayload<K extends DestinationName>(destination: K, input: unknown): ParseResult<PayloadOf<K>> {
  const schema: z.ZodType = contract[destination].payload;
  if (schema === NoBody) return { ok: true, value: undefined as PayloadOf<K> };
  let result: ReturnType<z.ZodType['safeParse']>;
  try {
    result = schema.safeParse(input, { error: plainError });
  } catch {
    // A refinement that throws on a shape it did not expect must not take the connection down with it.
    return { ok: false, message: `${PREFIX}the body could not be read.` };
  }
  if (result.success) return { ok: true, value: result.data as PayloadOf<K> };
  // Plain sentences only: the same words the client's own check shows before it queues a change.
  return { ok: false, message: issuesText(result.error.issues) };
}
