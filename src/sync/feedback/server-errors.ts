// The errors topic (spec §7, §8): the server's error text is shown as a browser alert and an error toast,
// both prefixed 'Error: ', and the status resets to 'Ready.'. Also: what counts as an error text.
import { EnvelopeSchema } from '../../protocol/envelope';
import type { Notifier } from './notifier';
import type { Status } from './status';

export const ERROR_PREFIX = 'Error: '; // spec §8

/** The text of an errors-topic body: the envelope's message, a bare JSON string, or the raw text. */
export function serverErrorText(body: unknown): string {
  if (typeof body === 'string') return body;
  const envelope = EnvelopeSchema.safeParse(body);
  if (envelope.success && envelope.data.message) return envelope.data.message;
  return JSON.stringify(body) ?? '';
}

export function showServerError(body: unknown, { notifier, status }: { notifier: Notifier; status: Status }): void {
  const text = ERROR_PREFIX + serverErrorText(body);
  status.ready();
  notifier.error(text);
  // Last: alert blocks the page until dismissed, so the toast and status are already queued behind it.
  notifier.alert(text);
}
