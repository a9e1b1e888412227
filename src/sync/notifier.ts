// The one notifier through which sync code raises toasts and alerts (DESIGN §4), so the spec's messages
// live in sync/ while the toast library stays in ui/. The app installs the real one at start-up; until
// then (and in node tests) messages go to the console.

export interface Notifier {
  readonly success: (text: string) => void;
  readonly info: (text: string) => void;
  readonly warning: (text: string) => void;
  readonly error: (text: string) => void;
  /** A blocking browser alert (spec §8 shows some errors this way as well as in a toast). */
  readonly alert: (text: string) => void;
}

const consoleNotifier: Notifier = {
  success: (text) => console.info(text),
  info: (text) => console.info(text),
  warning: (text) => console.warn(text),
  error: (text) => console.error(text),
  alert: (text) => console.error(text),
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
};
