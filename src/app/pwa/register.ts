// The service worker on this page: registers the generated sw.js (vite-plugin-pwa, registerType 'prompt'),
// looks for a new version every 30 minutes and when the app comes back to the foreground, and says when one
// is waiting so the update prompt can offer it. It never reloads the page unless the user pressed 'Reload':
// a reload in the middle of a scan or an edit would cut the user's work short.
import { registerSW } from 'virtual:pwa-register';
import { createStore } from '../../sync/store';

export const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000; // a deploy reaches a tablet within half an hour
const MIN_CHECK_GAP_MS = 60 * 1000; // focus flaps when staff switch apps; one check a minute is plenty

export interface PwaUpdateState {
  /** A new version is installed and waiting (or already active in another tab) and this page runs the old one. */
  readonly updateAvailable: boolean;
}

const store = createStore<PwaUpdateState>({ updateAvailable: false });

/** Observable for React (useSyncExternalStore): the update prompt reads it. */
export const pwaUpdate = { get: store.get, subscribe: store.subscribe };

let started = false;
let reloadRequested = false;
let registration: ServiceWorkerRegistration | undefined;
let sendSkipWaiting: (() => Promise<void>) | undefined;

/** The user pressed 'Reload': let the waiting worker take over; the page reloads once it controls it. */
export async function applyUpdate(): Promise<void> {
  reloadRequested = true;
  // Already active (another tab pressed Reload first): nothing is waiting, only this page is old.
  if (!registration?.waiting) {
    window.location.reload();
    return;
  }
  await sendSkipWaiting?.();
}

/** How long a reload for a refused version waits for the newer app to install (then it reloads all the same). */
const INSTALL_WAIT_MS = 30_000;

function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, INSTALL_WAIT_MS);
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installing') {
        window.clearTimeout(timer);
        resolve();
      }
    });
  });
}

/**
 * The server refused this app's protocol as too old (issue 32): fetch the newer app, let it install, then switch to
 * it. Without a service worker a reload alone loads the new app.
 */
export async function reloadToNewVersion(): Promise<void> {
  try {
    await registration?.update();
  } catch (error) {
    console.info('pwa: update check failed; reloading all the same', error);
  }
  if (registration?.installing) await installed(registration.installing);
  await applyUpdate();
}

/** The user pressed 'Later': hide the prompt; the next new version (or the next app start) shows it again. */
export function postponeUpdate(): void {
  store.set({ updateAvailable: false });
}

/** Asks the server for a newer sw.js; throttled, and skipped offline (the browser would only fail). */
function scheduleUpdateChecks(reg: ServiceWorkerRegistration): void {
  let lastCheck = Date.now(); // registering has just fetched sw.js
  const check = (): void => {
    if (!navigator.onLine || reg.installing || Date.now() - lastCheck < MIN_CHECK_GAP_MS) return;
    lastCheck = Date.now();
    reg.update().catch((error: unknown) => {
      // The network dropped between the check and the fetch: the next interval or focus tries again.
      console.info('pwa: update check failed; will retry', error);
    });
  };
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * Reloads only on the user's request. A controller change nobody here asked for is another tab applying
 * the update (or the first install claiming this page, which had no controller: not an update).
 */
function watchController(): void {
  let current = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const previous = current;
    current = navigator.serviceWorker.controller;
    if (reloadRequested) window.location.reload();
    else if (previous) store.set({ updateAvailable: true });
  });
}

/** Registers the service worker once at app start. A browser without service workers (or an insecure
 * origin other than localhost) runs the app online only; nothing else changes. */
export function startPwa(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  watchController();
  sendSkipWaiting = registerSW({
    immediate: true,
    onNeedRefresh: () => store.set({ updateAvailable: true }),
    // The plugin would reload on its own when the new worker takes control; watchController decides instead.
    onNeedReload: () => undefined,
    onRegisteredSW: (_url, reg) => {
      if (!reg) return;
      registration = reg;
      scheduleUpdateChecks(reg);
    },
    onRegisterError: (error: unknown) => console.error('pwa: service worker registration failed; the app will not work offline', error),
  });
}
