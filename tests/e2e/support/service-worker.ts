// The app's service worker, as the offline tests need it.
import type { Page } from '@playwright/test';

/**
 * Resolves once the service worker controls the page, which it does only after installing (precaching the app):
 * from then on a reload, or a screen's lazily loaded code, comes from it with the server away. A test that stops
 * the server earlier races the install.
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
