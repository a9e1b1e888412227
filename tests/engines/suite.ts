// How a file of field stories runs in every engine: each story once per engine, in a fresh browser at a tablet's
// size (a story stands alone and signs in when it must, and what one engine's storage keeps from a story cannot
// break the next). An engine whose Debian package is missing is skipped with a line saying how to get it.
import { afterEach, beforeEach, describe, it } from 'vitest';
import { ENGINES } from './engines';
import { StoryPage, type EngineName } from './page';

export interface StoryOptions {
  /** Why this story cannot run in this engine, printed when it is skipped; undefined when it runs. */
  readonly skip?: string;
  /** Runs again, in a new browser, up to this many times after a failure (see STORAGE_HANG). */
  readonly retry?: number;
}

/**
 * In WebKitGTK under automation (an ephemeral session), now and then a new browser's storage never answers: the
 * service worker stays 'installing' with no cache made, or IndexedDB reads never return. It comes and goes between
 * runs of the same story, in a browser of its own, so a story that needs the service worker gets a new browser and
 * starts again (a CI run needed two new browsers for one story); a failure that stays is still a failure.
 */
export const STORAGE_HANG = (engine: EngineName): StoryOptions => (engine === 'webkit' ? { retry: 4 } : {});

/** Declares one story: `body` gets the page, fresh for this story. */
export type Story = (name: string, body: (page: StoryPage) => Promise<void>, options?: StoryOptions) => void;

/** Declares `stories` once for each engine against the server at `url()` (read when a story starts). */
export function inEveryEngine(url: () => string, stories: (story: Story, engine: EngineName) => void): void {
  describe.each(ENGINES.map((engine) => ({ engine, missing: engine.missing() })))('in $engine.name', ({ engine, missing }) => {
    if (missing !== undefined) console.warn(`engines: ${engine.name} skipped — ${missing}`);
    let page: StoryPage | undefined;
    beforeEach(async () => {
      if (missing === undefined) page = new StoryPage(await engine.launch(), url());
    }, 60_000);
    afterEach(async () => {
      await page?.driver.close();
      page = undefined;
    });

    stories((name, body, options = {}) => {
      if (options.skip !== undefined && missing === undefined) console.warn(`engines: ${engine.name}: '${name}' skipped — ${options.skip}`);
      it.skipIf(missing !== undefined || options.skip !== undefined)(name, { retry: options.retry ?? 0 }, async () => {
        if (page === undefined) throw new Error(`${engine.name} did not start`);
        await body(page);
      });
    }, engine.name);
  });
}
