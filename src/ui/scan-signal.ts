// What a person counting with a phone hears and feels for each scan (issue 16), so they need not look at the screen:
// found (the spec's two bright beeps, one short buzz), already counted (three middle beeps, two buzzes) and unknown
// (the low not-found beep, one long buzz). Vibration only where the browser has it (not iOS Safari).
import { playAlreadySound, playSound } from './sounds';

export type ScanSignal = 'found' | 'already' | 'unknown';

/** Vibration patterns in ms (buzz, pause, buzz…), each told apart by feel. */
export const SCAN_VIBRATION: Readonly<Record<ScanSignal, readonly number[]>> = {
  found: [80],
  already: [70, 90, 70],
  unknown: [400],
};

export function signalScan(signal: ScanSignal): void {
  if (signal === 'found') playSound('found');
  else if (signal === 'already') playAlreadySound();
  else playSound('notFound');
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate([...SCAN_VIBRATION[signal]]);
}
