// The three screens every page is tested at (a phone and a tablet by touch, a desk with a mouse), a signed-in page at
// one of them, and the check that nothing scrolls sideways.
import { expect, type Browser, type Page } from '@playwright/test';
import { signInHome } from './login';

export const SIZES = [
  { name: 'phone', viewport: { width: 360, height: 740 }, hasTouch: true },
  { name: 'tablet', viewport: { width: 768, height: 1024 }, hasTouch: true },
  { name: 'desk', viewport: { width: 1280, height: 800 }, hasTouch: false },
] as const;

export type Size = (typeof SIZES)[number];

/** A new signed-in page at `size`, on the Lots page and connected. Downloads are kept; the service worker only when asked. */
export async function openAt(browser: Browser, size: Size, baseURL: string | undefined, serviceWorkers: 'allow' | 'block' = 'block'): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.hasTouch, baseURL, acceptDownloads: true, serviceWorkers });
  const page = await context.newPage();
  await signInHome(page);
  return page;
}

export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
