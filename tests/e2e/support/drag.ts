// Dragging a row by its handle as people do it: a finger that presses, holds and moves (Chromium's own touch input,
// through the DevTools protocol: Playwright has no touch drag), a mouse, and the keyboard.
import type { Locator, Page } from '@playwright/test';
import { TOUCH_HOLD_MS } from '../../../src/ui/table/gesture';

interface Point {
  readonly x: number;
  readonly y: number;
}

const STEPS = 12;

async function centre(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Where the dragged handle must go so its row's centre passes the target row's centre. */
async function dropPoint(handle: Locator, target: Locator): Promise<Point> {
  const [from, to] = [await centre(handle), await centre(target)];
  const beyond = to.y > from.y ? 8 : -8;
  return { x: from.x, y: to.y + beyond };
}

/** Press and hold the handle past the hold time, move the finger over the target row, lift it. */
export async function touchDrag(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await centre(handle);
  const to = await dropPoint(handle, target);
  const cdp = await page.context().newCDPSession(page);
  const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point === undefined ? [] : [{ x: point.x, y: point.y, id: 1 }] });
  await touch('touchStart', from);
  await page.waitForTimeout(TOUCH_HOLD_MS + 150);
  for (let step = 1; step <= STEPS; step += 1) {
    await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * step) / STEPS });
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(100);
  await touch('touchEnd');
  await cdp.detach();
}

/** A quick swipe that starts on the handle without the hold: it must scroll, not drag. */
export async function touchSwipe(page: Page, handle: Locator, dy: number): Promise<void> {
  const from = await centre(handle);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...from, id: 1 }] });
  for (let step = 1; step <= STEPS; step += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + (dy * step) / STEPS, id: 1 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Mouse down on the handle, move over the target row in steps, release. */
export async function mouseDrag(page: Page, handle: Locator, target: Locator): Promise<void> {
  const from = await centre(handle);
  const to = await dropPoint(handle, target);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 10, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: STEPS });
  await page.waitForTimeout(100);
  await page.mouse.up();
}

/** A person's pause between key presses: the rows finish sliding (about 200 ms) before the next arrow is measured. */
const KEY_PAUSE_MS = 300;

/** Focus the handle, Space to pick up, the arrow `places` times (negative: up), Space to drop. */
export async function keyboardDrag(handle: Locator, places: number): Promise<void> {
  const page = handle.page();
  await handle.focus();
  await handle.press('Space');
  for (let step = 0; step < Math.abs(places); step += 1) {
    await page.waitForTimeout(KEY_PAUSE_MS);
    await page.keyboard.press(places > 0 ? 'ArrowDown' : 'ArrowUp');
  }
  await page.waitForTimeout(KEY_PAUSE_MS);
  await page.keyboard.press('Space');
}
