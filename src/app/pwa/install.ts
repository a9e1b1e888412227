// Whether and how the app offers to install itself (issue 33). Chrome and Edge fire beforeinstallprompt when the app
// can be installed: it is kept, and Install shows the browser's own prompt. Safari's engine has no such event, so the
// offer says where the person adds the app (Share → Add to Home Screen on an iPhone or iPad). Nothing is offered to an
// app already installed (opened standalone), where installing is impossible (Firefox on a desktop), or once 'Not now'
// was pressed on this device.
import { z } from 'zod';
import { InstallMessages } from '../../protocol/messages';
import { core } from '../../sync/core';
import { defineSetting } from '../../sync/session/settings';
import { createStore } from '../../sync/store';

export type InstallOffer =
  | { readonly kind: 'none' }
  /** The browser's prompt is ready: Install shows it. */
  | { readonly kind: 'prompt' }
  /** No prompt in this engine: the steps the person takes. */
  | { readonly kind: 'steps'; readonly steps: string };

export interface InstallContext {
  /** Opened as the installed app (display-mode standalone, or iOS's navigator.standalone). */
  readonly standalone: boolean;
  /** The browser has beforeinstallprompt (Chrome, Edge, Samsung Internet…). */
  readonly promptSupported: boolean;
  /** Its beforeinstallprompt came and is kept. */
  readonly promptReady: boolean;
  readonly dismissed: boolean;
  readonly userAgent: string;
  /** iPadOS says it is a Mac: only its touch points tell. */
  readonly maxTouchPoints: number;
}

const NONE: InstallOffer = { kind: 'none' };

/** The offer for this device, from what its browser says of itself. */
export function installOfferFor(context: InstallContext): InstallOffer {
  if (context.standalone || context.dismissed) return NONE;
  if (context.promptReady) return { kind: 'prompt' };
  if (context.promptSupported) return NONE; // its prompt comes when the browser deems the app installable
  const agent = context.userAgent;
  if (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && context.maxTouchPoints > 1)) return { kind: 'steps', steps: InstallMessages.iosSteps };
  const safariEngine = /AppleWebKit/.test(agent) && !/Chrome|Chromium|Android/.test(agent);
  if (safariEngine && /Macintosh/.test(agent)) return { kind: 'steps', steps: InstallMessages.macSteps };
  if (safariEngine && /Linux/.test(agent)) return { kind: 'steps', steps: InstallMessages.gnomeSteps };
  return NONE;
}

/** The event Chrome fires; not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ readonly outcome: 'accepted' | 'dismissed' }>;
}

/** 'Not now' was pressed on this device. */
const INSTALL_DISMISSED = defineSetting('installDismissed', z.boolean());
const store = createStore<InstallOffer>(NONE);
let kept: BeforeInstallPromptEvent | undefined;
let watching = false;

/** Observable for React (useSyncExternalStore). */
export const installOffer = { get: store.get, subscribe: store.subscribe };


function decide(): void {
  const standalone = matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  store.set(installOfferFor({
    standalone,
    promptSupported: 'onbeforeinstallprompt' in window,
    promptReady: kept !== undefined,
    dismissed: core().settings.get(INSTALL_DISMISSED) === true,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
  }));
}

/** Listens for the browser's install events; called when the page frame mounts, before the app asks anything. */
export function watchInstall(): void {
  if (watching) return;
  watching = true;
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // the app offers it in its own place, not as the browser's mini bar
    kept = event as BeforeInstallPromptEvent;
    decide();
  });
  addEventListener('appinstalled', () => {
    kept = undefined;
    store.set(NONE);
  });
  decide();
}

/** Install: the browser's own prompt; the offer goes whatever the person answers (the browser offers it again). */
export async function promptInstall(): Promise<void> {
  const event = kept;
  kept = undefined;
  store.set(NONE);
  await event?.prompt();
}

/** Not now: never offered again on this device (the browser's own menu still installs it). */
export function dismissInstall(): void {
  core().settings.set(INSTALL_DISMISSED, true);
  store.set(NONE);
}
