// Touch targets (DESIGN §6): a control a person must reach is scrolled to, lies wholly inside the window's width, and
// is at least 44 px tall to tap. Measured in the page, one round trip a control, so a dialog of twenty controls is
// checked in a moment at every size.
import { expect, type Locator } from '@playwright/test';

export const MIN_TARGET_PX = 44;

interface Measured {
  readonly what: string;
  /** The tap target's layout height: a checkbox or radio is tapped through its whole label row. */
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly windowWidth: number;
  readonly windowHeight: number;
}

/** Scrolls the control into view (inside any box that scrolls) and measures it there. */
function measure(control: Locator): Promise<Measured> {
  return control.evaluate((element): Measured => {
    element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio') ? element.closest('label') ?? element : element;
    // Layout height, not the drawn one: an opening dialog's scale animation shrinks what getBoundingClientRect sees.
    const height = box instanceof HTMLElement ? box.offsetHeight : box.getBoundingClientRect().height;
    const { left, right, top, bottom } = element.getBoundingClientRect();
    return { what: element.outerHTML.slice(0, 80), height, left, right, top, bottom, windowWidth: window.innerWidth, windowHeight: window.innerHeight };
  });
}

/** Each control can be scrolled into the window, fits its width, and is a target of at least 44 px. */
export async function expectTouchTargets(controls: readonly Locator[]): Promise<void> {
  for (const control of controls) {
    const { what, height, left, right, top, bottom, windowWidth, windowHeight } = await measure(control);
    expect(height, `${what} is ${MIN_TARGET_PX} px tall`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    expect(left >= 0 && right <= windowWidth + 0.5, `${what} fits the window's width`).toBe(true);
    expect(bottom > 0 && top < windowHeight, `${what} is in the window once scrolled to`).toBe(true);
  }
}

/**
 * The control is whole where it is now, without scrolling anything: its centre and each corner (2 px in) are inside
 * the window and hit the control itself, not a pinned column, a sticky header or the cell that cuts it off.
 */
export async function expectUncovered(control: Locator): Promise<void> {
  const missed = await control.evaluate((element) => {
    const { left, right, top, bottom } = element.getBoundingClientRect();
    const points = [[(left + right) / 2, (top + bottom) / 2], [left + 2, top + 2], [right - 2, top + 2], [left + 2, bottom - 2], [right - 2, bottom - 2]] as const;
    return points.filter(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit === null || !(hit === element || element.contains(hit));
    }).map(([x, y]) => `(${Math.round(x)}, ${Math.round(y)}): ${document.elementFromPoint(x, y)?.outerHTML.slice(0, 60) ?? 'outside the window'}`);
  });
  expect(missed, 'points of the control that something else covers').toEqual([]);
}

/** Brings the control into view as focus does (nearest edge, inside any box that scrolls), then checks it is whole. */
export async function expectWholeOnceInView(control: Locator): Promise<void> {
  await control.evaluate((element) => element.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  await expectUncovered(control);
}
