// Device storage for offline work (DESIGN §4): asks the browser once per app start, when signed in, to keep
// our IndexedDB and caches under storage pressure (navigator.storage.persist), watches usage against the
// quota, and turns any QuotaExceededError that reaches the page into a visible warning. It never deletes
// data and never hides a quota error: a full disk means changes are not being saved.
import { createStore } from '../../sync/store';

export const NEAR_QUOTA_RATIO = 0.9; // at 90 % a day of photos can fill the rest: warn while there is room
export const USAGE_CHECK_INTERVAL_MS = 5 * 60 * 1000; // usage grows with work, not by itself

export type StorageWarning =
  | { readonly kind: 'near-quota'; readonly usage: number; readonly quota: number }
  | { readonly kind: 'quota-exceeded'; readonly detail: string };

export interface StorageState {
  readonly warning: StorageWarning | undefined;
  /** The browser's answer to persist(): undefined until asked (or where the API is missing). */
  readonly persisted: boolean | undefined;
}

const store = createStore<StorageState>({ warning: undefined, persisted: undefined });

/** Observable for React (useSyncExternalStore): the storage warning reads it. */
export const storageStatus = { get: store.get, subscribe: store.subscribe };

/**
 * True for a quota error however it arrives: a DOMException from IndexedDB or Cache Storage, Dexie's
 * QuotaExceededError, or an error wrapping one (Dexie's `inner`, the standard `cause`).
 */
export function isQuotaError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if ('name' in error && error.name === 'QuotaExceededError') return true;
  if (error instanceof DOMException && error.code === DOMException.QUOTA_EXCEEDED_ERR) return true;
  const inner = 'inner' in error ? error.inner : undefined;
  const cause = 'cause' in error ? error.cause : undefined;
  return isQuotaError(inner, depth + 1) || isQuotaError(cause, depth + 1);
}

/** Shows a quota error to the user. Callers that catch one themselves hand it here instead of dropping it. */
export function reportQuotaError(error: unknown): void {
  const detail = error instanceof Error ? error.message : String(error);
  store.update((s) => ({ ...s, warning: { kind: 'quota-exceeded', detail } }));
  void checkUsage();
}

/** Hides the current warning; the next quota error or check that finds usage high shows one again. */
export function dismissStorageWarning(): void {
  store.update((s) => ({ ...s, warning: undefined }));
}

/** Compares usage with the quota; a near-full device gets the warning (a quota error already shown stays). */
export async function checkUsage(): Promise<void> {
  if (!navigator.storage?.estimate) return;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  store.update((s) => {
    if (s.warning?.kind === 'quota-exceeded') return s;
    if (quota > 0 && usage / quota >= NEAR_QUOTA_RATIO) return { ...s, warning: { kind: 'near-quota', usage, quota } };
    return s.warning?.kind === 'near-quota' ? { ...s, warning: undefined } : s;
  });
}

let persistAsked = false;

/** Asks once per app start; asking again on a device that already granted it is harmless, so no flag is stored. */
async function askPersistence(): Promise<void> {
  if (persistAsked || !navigator.storage?.persist) return;
  persistAsked = true;
  const persisted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  store.update((s) => ({ ...s, persisted }));
  // Chromium decides by engagement (an installed app gets it); a refusal is normal, not an error.
  if (!persisted) console.info('storage: the browser did not grant persistent storage; data may be evicted under pressure');
}

let watching = false;

/** Once signed in: ask for persistence and keep an eye on usage. Safe to call on every sign-in. */
export function watchStorage(): void {
  void askPersistence().catch((error: unknown) => console.error('storage: asking for persistent storage failed', error));
  const check = () => void checkUsage().catch((error: unknown) => console.error('storage: reading the usage estimate failed', error));
  check();
  if (watching) return;
  watching = true;
  window.setInterval(check, USAGE_CHECK_INTERVAL_MS);
}

/**
 * Quota errors nobody caught reach the window; they are shown (and left in the console: not prevented).
 * Installed at app start, signed in or not, so none is missed.
 */
let catching = false;

export function catchQuotaErrors(): void {
  if (catching) return;
  catching = true;
  window.addEventListener('unhandledrejection', (event) => {
    if (isQuotaError(event.reason)) reportQuotaError(event.reason);
  });
  window.addEventListener('error', (event) => {
    if (isQuotaError(event.error)) reportQuotaError(event.error);
  });
}
