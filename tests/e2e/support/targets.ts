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
