// One page API over three browser engines (issue 33), so a field story is written once and runs in Chromium
// (Playwright), WebKit (W3C WebDriver against WebKitWebDriver) and Firefox (WebDriver BiDi through puppeteer-core).
// An engine gives four native gestures on an element it found; what to find, and the waiting, are shared here. Targets
// are found as a person names them — a button by its label, a field by its label, inside a dialog by its title — by
// one script run in the page, the same in every engine.

export type EngineName = 'chromium' | 'webkit' | 'firefox';

/** What a story points at. `in`: the title of the dialog it is in. */
export type Target = { readonly button: string; readonly in?: string } | { readonly field: string; readonly in?: string };

/** An engine's element, found in the page; each engine knows its own. */
export type ElementRef = object;

/** What an engine does natively. Everything else is built on these. */
export interface EngineDriver {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `find` in the page with `arg`: its JSON-able result. */
  evaluate<T>(find: (arg: never) => T, arg: unknown): Promise<T>;
  /** The element `find(arg)` returns, or null. */
  element(find: (arg: never) => Element | null, arg: unknown): Promise<ElementRef | null>;
  click(element: ElementRef): Promise<void>;
  /** Types into the element as a keyboard does, after selecting what it holds (so it replaces it). */
  type(element: ElementRef, text: string): Promise<void>;
  pressEnter(element: ElementRef): Promise<void>;
  close(): Promise<void>;
}

/** The in-page finder: a visible button or field by its accessible name, optionally inside a dialog by its title. */
function findTarget(target: { button?: string; field?: string; in?: string }): Element | null {
  const text = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const shown = (element: Element): boolean => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const labelledBy = (element: Element): string | undefined => {
    const ids = element.getAttribute('aria-labelledby');
    return ids === null ? undefined : ids.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ');
  };
  const nameOf = (element: Element): string => element.getAttribute('aria-label') ?? labelledBy(element) ?? text(element);
  let root: ParentNode = document;
  if (target.in !== undefined) {
    const dialog = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog')].find((each) => shown(each) && nameOf(each) === target.in);
    if (dialog === undefined) return null;
    root = dialog;
  }
  if (target.button !== undefined) {
    const name = target.button;
    const clickable = root.querySelectorAll('button, a[href], [role="button"], [role="tab"], [role="link"], [role="menuitem"]');
    return [...clickable].find((each) => shown(each) && nameOf(each) === name) ?? null;
  }
  const name = target.field ?? '';
  for (const label of root.querySelectorAll('label')) {
    const control = label.control;
    if (control && shown(control) && text(label).replace(/\s*\*$/, '') === name) return control;
  }
  return [...root.querySelectorAll('input, textarea, select')].find((each) => shown(each) && nameOf(each) === name) ?? null;
}

/** The page's visible text holds `expected` (or, with `absent`, no longer does). */
function showsText({ expected, absent }: { expected: string; absent: boolean }): boolean {
  return document.body.innerText.includes(expected) !== absent;
}

const WAIT_MS = 20_000;
const POLL_MS = 100;

async function until<T>(what: string, attempt: () => Promise<T | null | false>, timeout = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = await attempt().catch(() => null); // a navigation under way: try again
    if (found !== null && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const describeTarget = (target: Target): string =>
  `${'button' in target ? `the button '${target.button}'` : `the field '${target.field}'`}${target.in === undefined ? '' : ` in the dialog '${target.in}'`}`;

/** A person's view of the page, in any engine: find by name, tap, type, press Enter, read. */
export class StoryPage {
  constructor(readonly driver: EngineDriver, private readonly base: string) {}

  get engine(): EngineName {
    return this.driver.engine;
  }

  open(path: string): Promise<void> {
    return this.driver.goto(`${this.base}${path}`);
  }

  reload(): Promise<void> {
    return this.driver.reload();
  }

  /** The target, once it is on the page and enabled. */
  find(target: Target, timeout?: number): Promise<ElementRef> {
    return until(describeTarget(target), () => this.driver.element(findTarget as (arg: never) => Element | null, target), timeout);
  }

  async tap(target: Target): Promise<void> {
    await this.driver.click(await this.find(target));
  }

  async fill(target: Target, text: string): Promise<void> {
    await this.driver.type(await this.find(target), text);
  }

  async pressEnter(target: Target): Promise<void> {
    await this.driver.pressEnter(await this.find(target));
  }

  async sees(expected: string, timeout?: number): Promise<void> {
    await until(`the text '${expected}'`, () => this.driver.evaluate(showsText as (arg: never) => boolean, { expected, absent: false }), timeout);
  }

  async seesNo(expected: string, timeout?: number): Promise<void> {
    await until(`the text '${expected}' to go`, () => this.driver.evaluate(showsText as (arg: never) => boolean, { expected, absent: true }), timeout);
  }

  /** Waits until `check` (run in the page) returns something other than null or false, and returns it. */
  waitFor<T>(what: string, check: (arg: never) => T | null | false, arg?: unknown, timeout?: number): Promise<T> {
    return until(what, () => this.driver.evaluate(check, arg ?? null), timeout);
  }

  /** Runs `script` in the page. */
  run<T>(script: (arg: never) => T, arg?: unknown): Promise<T> {
    return this.driver.evaluate(script, arg ?? null);
  }
}
