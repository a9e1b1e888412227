// How every ingest reads a reply's data: checked against the wire contract first. A malformed reply changes
// nothing (the replica keeps the server's last good word) and leaves a warning for whoever debugs it.
import type { z } from 'zod';

/** The data as the schema reads it; undefined (and a console warning naming `what`) when it does not match. */
export function parsed<T>(schema: z.ZodType<T>, data: unknown, what: string): T | undefined {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.warn(`ingest: ${what} does not match the contract; ignored`, result.error.issues.slice(0, 3));
  return undefined;
}
