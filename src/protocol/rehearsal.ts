// A rehearsal of the next release (issue 32's story test; never on in a shop). Built or started with
// LOTDESK_PROTOCOL_REHEARSAL=1, the app and the server speak the version after today's, in which one payload changed
// incompatibly: createManifest takes { title } where today it takes the bare title. Everything a real bump touches is
// exercised for real: the handshake's numbers, an upgrade step (a queued bare title is read as { title } by the new
// server and by the new app's outbox), the contract's schema and the intent that builds the payload. When a real
// version 2 comes, the rehearsal moves to the version after it.
import { z } from 'zod';
import { TITLE_MAX } from './lots';
import { requiredText } from './primitives';

/** The flag: Vite writes the build's value in (vite.config.ts); the server and Node tests read their environment. */
function rehearsing(): boolean {
  const built = (import.meta as ImportMeta & { readonly env?: Record<string, string | undefined> }).env?.LOTDESK_PROTOCOL_REHEARSAL;
  const started = typeof process === 'undefined' ? undefined : process.env.LOTDESK_PROTOCOL_REHEARSAL;
  return (built || started) === '1';
}

export const REHEARSAL = rehearsing();

/** How many versions the rehearsal is ahead of today's. */
export const REHEARSAL_BUMP = REHEARSAL ? 1 : 0;

const Title = requiredText(TITLE_MAX);
/** The rehearsed createManifest payload: the title in an object. The handler still gets the title. */
const TitleObject = z.strictObject({ title: Title }).transform(({ title }) => title);

/** createManifest's payload schema, today's or the rehearsed one. */
export const CreateManifestPayload: z.ZodType<string, string | { title: string }> = REHEARSAL ? TitleObject : Title;

/** createManifest's body for a title, in the shape the running version sends. */
export function createManifestBody(title: string): string | { title: string } {
  return REHEARSAL ? { title } : title;
}

/** The rehearsed step's upgrade of createManifest: a bare title (as today's app queues it) becomes { title }. */
export function titleInObject(body: unknown): unknown {
  return typeof body === 'string' ? { title: body } : body;
}

/** The title a createManifest body carries, in either shape. */
export function titleOfCreateManifest(body: string | { title: string }): string {
  return typeof body === 'string' ? body : body.title;
}
