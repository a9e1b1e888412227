// The spec's sounds as Web Audio beeps, no sound files (spec §8, §9): found-existing is two beeps 200 ms
// apart, not-found one low beep. Silent where the browser has no Web Audio or refuses it.
import type { Sound } from '../sync/feedback/notifier';

export const FOUND_BEEP_GAP_MS = 200; // spec §9: the second found sound plays 200 ms after the first
const FOUND_HZ = 880; // a bright A5: "got it"
const NOT_FOUND_HZ = 220; // a low A3: "no"
const ALREADY_HZ = 523; // a middle C5, three short: "seen that one", neither got-it nor no
const ALREADY_GAP_MS = 120;
const FOUND_BEEP_MS = 120;
const NOT_FOUND_BEEP_MS = 450;
const VOLUME = 0.2;

let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (context === undefined && typeof AudioContext !== 'undefined') context = new AudioContext();
  // A context made before any tap starts suspended; resuming is allowed once the user has interacted.
  if (context?.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

function beep(ctx: AudioContext, startMs: number, hz: number, lengthMs: number): void {
  const start = ctx.currentTime + startMs / 1000;
  const end = start + lengthMs / 1000;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = hz;
  // A short fade in and out: a bare on/off square edge clicks.
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(VOLUME, start + 0.01);
  gain.gain.setValueAtTime(VOLUME, end - 0.02);
  gain.gain.linearRampToValueAtTime(0, end);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(start);
  oscillator.stop(end);
}

export function playSound(sound: Sound): void {
  try {
    const ctx = audio();
    if (ctx === undefined) return;
    if (sound === 'found') {
      beep(ctx, 0, FOUND_HZ, FOUND_BEEP_MS);
      beep(ctx, FOUND_BEEP_GAP_MS, FOUND_HZ, FOUND_BEEP_MS);
    } else {
      beep(ctx, 0, NOT_FOUND_HZ, NOT_FOUND_BEEP_MS);
    }
  } catch (error) {
    console.warn('sounds: Web Audio failed', error);
  }
}

function middleBeeps(count: number): void {
  try {
    const ctx = audio();
    if (ctx === undefined) return;
    for (let index = 0; index < count; index += 1) beep(ctx, index * ALREADY_GAP_MS, ALREADY_HZ, FOUND_BEEP_MS - 40);
  } catch (error) {
    console.warn('sounds: Web Audio failed', error);
  }
}

/** A count's "already counted" (issue 16): three short middle beeps, unlike both found and not-found. */
export const playAlreadySound = (): void => middleBeeps(3);

/** A count's "not on this device — will be checked" (issue 31): one short middle beep, neither got-it nor no. */
export const playCheckingSound = (): void => middleBeeps(1);
