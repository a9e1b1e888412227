// What a person counting with a phone hears and feels for each scan (issue 16), so they need not look at the screen:
// found (the spec's two bright beeps, one short buzz), already counted (three middle beeps, two buzzes), not on this
// device and to be checked by the server (issue 31: one middle beep, two long buzzes) and unknown or refused (the low
// not-found beep, one long buzz). Vibration only where the browser has it (not iOS Safari).
import { playAlreadySound, playCheckingSound, playSound } from './sounds';

export type ScanSignal = 'found' | 'already' | 'checking' | 'unknown';

/** Vibration patterns in ms (buzz, pause, buzz…), each told apart by feel. */
export const SCAN_VIBRATION: Readonly<Record<ScanSignal, readonly number[]>> = {
  found: [80],
  already: [70, 90, 70],
  checking: [200, 120, 200],
  unknown: [400],
};

const SOUND: Readonly<Record<ScanSignal, () => void>> = {
  found: () => playSound('found'),
  already: playAlreadySound,
  checking: playCheckingSound,
  unknown: () => playSound('notFound'),
};

export function signalScan(signal: ScanSignal): void {
  SOUND[signal]();
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate([...SCAN_VIBRATION[signal]]);
}
