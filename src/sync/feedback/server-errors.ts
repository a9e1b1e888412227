// The error channel (spec §7, §8): the errors topic's text, and a broker's ERROR frame (its message header or 'An
// error occurred'), shown as a browser alert and an error toast, both prefixed 'Error: '; the status resets to
// 'Ready.'. Also: what counts as an error text.
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

type Channel = { notifier: Notifier; status: Status };

export function showServerError(body: unknown, channel: Channel): void {
  showChannelError(serverErrorText(body), channel);
}

/** One error-channel text as spec §8 shows it. */
export function showChannelError(message: string, { notifier, status }: Channel): void {
  const text = ERROR_PREFIX + message;
  status.ready();
  notifier.error(text);
  // Last: alert blocks the page until dismissed, so the toast and status are already queued behind it.
  notifier.alert(text);
}
