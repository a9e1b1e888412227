// An intent's input checked against the wire contract before it is queued, so a change the server would refuse
// as sent (BAD_REQUEST) is refused here in the same plain words ('Qnty cannot be negative.'), and the body carries
// only the contract's fields (zod strips the replica's marks: pending, base, removed).
import type { z } from 'zod';
import { issuesText } from '../protocol/contract';
import { plainError } from '../protocol/plain-issues';

/** The input as the schema reads it; otherwise an Error with the sentence the server would have answered. */
export function validated<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input, { error: plainError });
  if (result.success) return result.data;
  throw new Error(issuesText(result.error.issues));
}

/** How a screen tells the user why a change could not be queued (a refused input, full storage). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
