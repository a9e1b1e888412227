// The lots-filter bench's in-page half: what page.evaluate runs inside the Lots page (the ceiling's raw IndexedDB
// reads, one timed click, waiting for the replica to settle). page.evaluate sends each function's source, not its
// closure, so these must use only their argument and the page's globals: never an import or a module constant.

/**
 * The few DOM and IndexedDB members the in-page functions use, named here so each function says what it relies
 * on; they run in the page (serialised by Playwright), where the real objects exist.
 */
interface PageElement {
  readonly textContent: string | null;
  readonly checked: boolean;
  click(): void;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
interface PageRequest<T> {
  readonly result: T;
  readonly error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface StoredLot {
  readonly id: number;
  readonly lotNumber: string;
}
interface PageDatabase {
  transaction(store: string, mode: 'readonly'): { objectStore(name: string): { index(name: string): { getAll(key: string): PageRequest<StoredLot[]> } } };
  close(): void;
}
type StorageListener = () => void;
interface PageWindow {
  readonly document: PageElement & { readonly body: PageElement };
  readonly indexedDB: { open(name: string): PageRequest<PageDatabase> };
  readonly MutationObserver: new (callback: () => void) => {
    observe(target: PageElement, options: { subtree: boolean; childList: boolean; characterData: boolean; attributes: boolean }): void;
    disconnect(): void;
  };
  requestAnimationFrame(callback: () => void): number;
  addEventListener(type: string, listener: StorageListener): void;
  removeEventListener(type: string, listener: StorageListener): void;
}

/** What the page must show once a filter change has landed: the count and the newest rows, in order. */
export interface Expected {
  readonly count: number;
  readonly top: readonly string[];
}

export interface CeilingSample extends Expected {
  readonly ms: number;
}

/**
 * The ceiling, in the page: open the replica ('lotdesk') and read the checked statuses' rows through the status
 * index, as the Lots query does, timing only the reads. Also returns what the page must then show.
 */
export async function rawRead({ statuses, topRows }: { statuses: readonly string[]; topRows: number }): Promise<CeilingSample> {
  const page = globalThis as unknown as PageWindow;
  const db = await new Promise<PageDatabase>((done, fail) => {
    const request = page.indexedDB.open('lotdesk');
    request.onsuccess = () => done(request.result);
    request.onerror = () => fail(request.error);
  });
  try {
    const start = performance.now();
    const index = db.transaction('lots', 'readonly').objectStore('lots').index('status');
    const byStatus = await Promise.all(
      statuses.map(
        (status) =>
          new Promise<StoredLot[]>((done, fail) => {
            const request = index.getAll(status);
            request.onsuccess = () => done(request.result);
            request.onerror = () => fail(request.error);
          }),
      ),
    );
    const ms = performance.now() - start;
    const rows = byStatus.flat();
    // The page's order (newest first); the bench has no lots made offline, so it is by id, descending.
    const top = rows.sort((a, b) => b.id - a.id).slice(0, topRows).map((lot) => lot.lotNumber);
    return { ms, count: rows.length, top };
  } finally {
    db.close();
  }
}

/**
 * One sample, in the page, so no round trip to node is timed: click the status checkbox, and stop once the
 * heading shows the new count and the table's rendered rows are the expected ones, after the next frame is
 * painted. The click asks the server nothing (the replica holds every lot the user may see), so nothing arrives
 * after it to wait for.
 */
export async function clickAndRender(arg: { label: string; checkedBefore: boolean; expected: Expected; timeoutMs: number }): Promise<number> {
  const page = globalThis as unknown as PageWindow;
  const { document } = page;
  const label = Array.from(document.querySelectorAll('fieldset label')).find((l) => l.textContent?.trim() === arg.label);
  const checkbox = label?.querySelector('input[type="checkbox"]');
  if (!checkbox) throw new Error(`no '${arg.label}' checkbox in the filter`);
  if (checkbox.checked !== arg.checkedBefore) throw new Error(`'${arg.label}' is ${checkbox.checked ? 'checked' : 'unchecked'} already`);
  const heading = `Lots (${arg.expected.count})`;
  const shown = (): boolean => {
    if (document.querySelector('h1')?.textContent !== heading) return false;
    const table = document.querySelector('table[aria-label="Lots"]');
    if (table?.getAttribute('aria-rowcount') !== String(arg.expected.count + 1)) return false;
    const rows = Array.from(table.querySelectorAll('tbody tr[aria-rowindex]'));
    return rows.length > 0 && rows.every((row) => {
      const expected = arg.expected.top[Number(row.getAttribute('aria-rowindex')) - 2];
      return expected === undefined || row.querySelector('td')?.textContent?.trim() === expected;
    });
  };
  const painted = new Promise<number>((done, fail) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      fail(new Error(`the page did not show '${heading}' with the expected rows within ${arg.timeoutMs} ms (it shows '${document.querySelector('h1')?.textContent ?? ''}')`));
    }, arg.timeoutMs);
    const observer = new page.MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      clearTimeout(timer);
      // requestAnimationFrame runs just before the frame is painted; a task queued from it runs after.
      page.requestAnimationFrame(() => setTimeout(() => done(performance.now()), 0));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const start = performance.now();
  checkbox.click();
  return (await painted) - start;
}

/** In the page: resolves once the lots table has had no write for `quietMs` (the set-up's replies are in). */
export async function quiet(arg: { quietMs: number; timeoutMs: number }): Promise<void> {
  const page = globalThis as unknown as PageWindow;
  let lastWrite = performance.now();
  const onWrite: StorageListener = () => {
    lastWrite = performance.now();
  };
  page.addEventListener('x-storagemutated-1', onWrite);
  try {
    const deadline = performance.now() + arg.timeoutMs;
    while (performance.now() - lastWrite < arg.quietMs) {
      if (performance.now() > deadline) throw new Error(`the replica kept changing for ${arg.timeoutMs} ms`);
      await new Promise((done) => setTimeout(done, 50));
    }
  } finally {
    page.removeEventListener('x-storagemutated-1', onWrite);
  }
}
