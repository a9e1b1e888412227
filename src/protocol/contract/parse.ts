// Turns a SEND body into a typed payload, or into the one readable sentence a client sees in the
// BAD_REQUEST envelope. Never throws, never echoes the body back.
import type { z } from 'zod';
import type { DestinationName } from '../destinations';
import { NoBody } from './shared';
import { contract, type PayloadOf } from './table';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

const PREFIX = 'Invalid request: ';
const ISSUES_SHOWN = 3;

/** `upcQuantities[3].qnty`: the path a person can find in their request. */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

export function issuesText(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues.slice(0, ISSUES_SHOWN).map((issue) => {
    const where = pathText(issue.path);
    return where === '' ? issue.message : `${where}: ${issue.message}`;
  });
  const more = issues.length > ISSUES_SHOWN ? ` (and ${issues.length - ISSUES_SHOWN} more)` : '';
  return `${shown.join('; ')}${more}`;
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
  let result: ReturnType<z.ZodType['safeParse']>;
  try {
    result = schema.safeParse(input);
  } catch {
    // A refinement that throws on a shape it did not expect must not take the connection down with it.
    return { ok: false, message: `${PREFIX}the body could not be read.` };
  }
  if (result.success) return { ok: true, value: result.data as PayloadOf<K> };
  if (input === undefined) return { ok: false, message: `${PREFIX}a JSON body is required.` };
  return { ok: false, message: `${PREFIX}${issuesText(result.error.issues)}` };
}
