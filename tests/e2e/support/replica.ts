// Reaching into the page's replica (IndexedDB 'lotdesk') the way a busy device would slow it down.
import type { Page } from '@playwright/test';

/**
 * Holds the replica's outbox store in one read-write transaction for `ms`: a scan's add, which queues into it,
 * waits meanwhile, as it does on a busy tablet. Resolves once the hold has begun.
 */
export async function holdOutbox(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    (holdMs) =>
      new Promise<void>((resolve, reject) => {
        const opened = indexedDB.open('lotdesk');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const store = opened.result.transaction('outbox', 'readwrite').objectStore('outbox');
          const until = performance.now() + holdMs;
          const spin = (): void => {
            if (performance.now() < until) store.count().onsuccess = spin;
          };
          spin();
          resolve();
        };
      }),
    ms,
  );
}
