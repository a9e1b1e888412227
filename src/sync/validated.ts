// An intent's input checked against the wire contract before it is queued, so a change the server would refuse
// as sent (BAD_REQUEST) is refused here with the field named, and the body carries only the contract's fields
// (zod strips the replica's marks: pending, base, removed).
import type { z } from 'zod';

/** The input as the schema reads it; otherwise an Error 'Invalid {what}: {field}: {reason}' for the user. */
export function validated<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const where = issue === undefined || issue.path.length === 0 ? '' : `${issue.path.join('.')}: `;
  throw new Error(`Invalid ${what}: ${where}${issue?.message ?? 'not accepted'}`);
}

/** How a screen tells the user why a change could not be queued (a refused input, full storage). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
