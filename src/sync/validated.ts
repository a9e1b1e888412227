// An intent's input checked against the wire contract before it is queued, so a change the server would refuse
// as sent (BAD_REQUEST) is refused here in the same plain words ('Qnty cannot be negative.'), and the body carries
// only the contract's fields (zod strips the replica's marks: pending, base, removed).
import type { z } from 'zod';
import { issuesText } from '../protocol/contract';
import { plainError } from '../protocol/plain-issues';
import { isTempId, STAND_IN_ID } from './outbox/entry';

/** The input as the schema reads it; otherwise an Error with the sentence the server would have answered. */
export function validated<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input, { error: plainError });
  if (result.success) return result.data;
  throw new Error(issuesText(result.error.issues));
}

/**
 * `validated` for a body that may name rows made offline: a temporary (negative) id in one of `keys` is checked as
 * a stand-in positive id and put back, for the outbox to rewrite once the server names the row (the intent lists
 * the same keys in its `ids`).
 */
export function validatedNaming<T extends object>(schema: z.ZodType<T>, input: Readonly<Record<string, unknown>>, keys: ReadonlyArray<keyof T & string>): T {
  const temporary = keys.flatMap((key) => {
    const value = input[key];
    return typeof value === 'number' && isTempId(value) ? [[key, value] as const] : [];
  });
  const checked = validated(schema, { ...input, ...Object.fromEntries(temporary.map(([key]) => [key, STAND_IN_ID])) });
  return { ...checked, ...Object.fromEntries(temporary) };
}

/** How a screen tells the user why a change could not be queued (a refused input, full storage). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
