// The one notifier through which sync code raises toasts, alerts and sounds (DESIGN §4), so the spec's
// messages live in sync/ while the toast library and Web Audio stay in ui/. The app installs the real one at
// start-up; until then (and in node tests) messages go to the console and sounds are silent.
import { ErrorCode } from '../../protocol/error-codes';
import type { Status } from './status';
import { messageOf } from '../validated';
import { ClientMessages } from '../../protocol/messages';

/** Spec §8/§9: found-existing plays two beeps 200 ms apart; not-found one low beep. */
export type Sound = 'found' | 'notFound';

export interface Notifier {
  readonly success: (text: string) => void;
  readonly info: (text: string) => void;
  readonly warning: (text: string) => void;
  readonly error: (text: string) => void;
  /** A blocking browser alert (spec §8 shows some errors this way as well as in a toast). */
  readonly alert: (text: string) => void;
  readonly sound: (sound: Sound) => void;
}

const consoleNotifier: Notifier = {
  success: (text) => console.info(text),
  info: (text) => console.info(text),
  warning: (text) => console.warn(text),
  error: (text) => console.error(text),
  alert: (text) => console.error(text),
  sound: () => undefined,
};

let sink: Notifier = consoleNotifier;

export function setNotifier(next: Notifier): void {
  sink = next;
}

/** Forwards to whichever notifier is installed at the time of the call. */
export const notifier: Notifier = {
  success: (text) => sink.success(text),
  info: (text) => sink.info(text),
  warning: (text) => sink.warning(text),
  error: (text) => sink.error(text),
  alert: (text) => sink.alert(text),
  sound: (sound) => sink.sound(sound),
};

/** What the user hears and reads about replies; ingest calls these, never the toast library. */
export interface Feedback {
  readonly notifier: Notifier;
  readonly status: Status;
}

/**
 * A refused request on the lots page (spec §8): NOT_FOUND shows the message and plays the not-found sound;
 * INTERNAL_SERVER_ERROR and any other code show the message. An error resets the status to 'Ready.' (§4).
 */
export function showReplyError({ notifier, status }: Feedback, errorCode: number, message: string): void {
  status.ready();
  if (message) notifier.error(message);
  if (errorCode === ErrorCode.NOT_FOUND) notifier.sound('notFound');
}

/**
 * A refused catalogue change (spec §8 data entry): whatever the code (BAD_REQUEST, FORBIDDEN, NOT_FOUND, …), the
 * server's message as an error toast and as the status message, and the not-found sound.
 */
export function showDataEntryError({ notifier, status }: Feedback, message: string): void {
  status.ready(message || undefined);
  if (message) notifier.error(message);
  notifier.sound('notFound');
}

/** Spec §8: 'Error, wrong message type, NOT_USED.' as a toast. */
export function showNotUsed({ notifier }: Feedback): void {
  notifier.error(ClientMessages.notUsed);
}

/** A reply that finished a submit: status 'Ready.', and its message (e.g. 'Created manifest: {title}'). */
export function showDone({ notifier, status }: Feedback, message: string | undefined): void {
  status.ready();
  if (message) notifier.success(message);
}

/** Spec §8: an unknown message type among OK replies shows its message. */
export function showUnknownReply({ notifier }: Feedback, message: string | undefined): void {
  if (message) notifier.info(message);
}

/** Why a change could not be queued (a refused input, full storage), as an error toast. */
export function showError(error: unknown): void {
  notifier.error(messageOf(error));
}
