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
 * The control is whole where it is now, without scrolling anything: its words fit it, no box that clips its content
 * (a cell, a table's scrolling box, the window) cuts any of it off, and its centre and each corner (2 px in) hit the control itself, not
 * a pinned column or a sticky header drawn over it.
 */
export async function expectUncovered(control: Locator): Promise<void> {
  const problems = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const found: string[] = [];
    const clips: Array<{ readonly name: string; readonly left: number; readonly right: number; readonly top: number; readonly bottom: number }> = [
      { name: 'the window', left: 0, right: window.innerWidth, top: 0, bottom: window.innerHeight },
    ];
    for (let parent = element.parentElement; parent !== null; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const outer = parent.getBoundingClientRect();
      const left = outer.left + parent.clientLeft;
      const top = outer.top + parent.clientTop;
      clips.push({ name: parent.outerHTML.slice(0, 60), left, right: left + parent.clientWidth, top, bottom: top + parent.clientHeight });
    }
    for (const clip of clips) {
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5 || box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) found.push(`cut off by ${clip.name}`);
    }
    // A control narrower than its own words (a squeezed button) is cut off inside itself.
    if (element.scrollWidth > element.clientWidth + 1) found.push(`its content is ${element.scrollWidth} px wide in ${element.clientWidth} px`);
    const points = [[(box.left + box.right) / 2, (box.top + box.bottom) / 2], [box.left + 2, box.top + 2], [box.right - 2, box.top + 2], [box.left + 2, box.bottom - 2], [box.right - 2, box.bottom - 2]] as const;
    for (const [x, y] of points) {
      const hit = document.elementFromPoint(x, y);
      if (hit === null || !(hit === element || element.contains(hit))) found.push(`(${Math.round(x)}, ${Math.round(y)}) is ${hit?.outerHTML.slice(0, 60) ?? 'outside the window'}`);
    }
    return found;
  });
  expect(problems, 'what cuts the control off or covers it').toEqual([]);
}

/** Brings the control into view as focus does (nearest edge, inside any box that scrolls), then checks it is whole. */
export async function expectWholeOnceInView(control: Locator): Promise<void> {
  await control.evaluate((element) => element.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  await expectUncovered(control);
}
