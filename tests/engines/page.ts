// One page API over three browser engines (issue 33), so a field story is written once and runs in Chromium
// (Playwright), WebKit (W3C WebDriver against WebKitWebDriver) and Firefox (WebDriver BiDi through puppeteer-core).
// An engine gives four native gestures on an element it found; what to find, and the waiting, are shared here. Targets
// are found as a person names them — a button by its label, a field by its label, inside a dialog by its title — by
// one script run in the page, the same in every engine.

export type EngineName = 'chromium' | 'webkit' | 'firefox';

/** The keys a story presses: Enter submits, Space and the arrows move a row by keyboard. */
export type KeyName = 'Enter' | 'Space' | 'ArrowDown' | 'ArrowUp';

/**
 * What a story points at, as a person names it: a button (or link, tab) by its label, a field (a checkbox, a radio) by
 * its label, an option of a list by the text it holds. `in`: the title of the dialog it is in.
 */
export type Target =
  | { readonly button: string; readonly in?: string }
  | { readonly field: string; readonly in?: string }
  | { readonly option: string; readonly in?: string };

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
  /** Presses a key with the element focused. */
  press(element: ElementRef, key: KeyName): Promise<void>;
  /** Chooses the option of this value in a <select>, as a tap on it and on the option does. */
  choose(element: ElementRef, value: string): Promise<void>;
  /** Gives a file input this file, as the file chooser does. */
  upload(element: ElementRef, path: string): Promise<void>;
  /** The page's size (the window's, where the engine has no other). */
  resize(width: number, height: number): Promise<void>;
  /** The narrowest page the engine can show, when it cannot go down to a phone's 360 px (a window's own minimum). */
  readonly narrowest?: number;
  close(): Promise<void>;
}

/**
 * The in-page finder: a visible button or field by its accessible name, an option by its text, optionally inside a
 * dialog by its title. With `read: 'text'` it answers the element's text instead (null when there is none).
 */
function findTarget(target: { button?: string; field?: string; option?: string; in?: string; read?: 'text' | 'value' | 'options' }): Element | string | null {
  const text = (element: Element | null | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const shown = (element: Element): boolean => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const labelledBy = (element: Element): string | undefined => {
    const ids = element.getAttribute('aria-labelledby');
    return ids === null ? undefined : ids.split(/\s+/).map((id) => text(document.getElementById(id))).join(' ');
  };
  const nameOf = (element: Element): string => (element.getAttribute('aria-label') ?? labelledBy(element) ?? text(element)).replace(/\s+/g, ' ').trim();
  const dialogNamed = (title: string): Element | undefined =>
    [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog')].find((each) => shown(each) && nameOf(each) === title);
  const lookUp = (root: ParentNode): Element | undefined => {
    if (target.button !== undefined) {
      const clickable = root.querySelectorAll('button, a[href], [role="button"], [role="tab"], [role="link"], [role="menuitem"]');
      const enabled = (each: Element): boolean => !(each as HTMLButtonElement).disabled && each.getAttribute('aria-disabled') !== 'true';
      return [...clickable].find((each) => shown(each) && enabled(each) && nameOf(each) === target.button);
    }
    if (target.option !== undefined) {
      const wanted = target.option;
      return [...root.querySelectorAll('[role="option"], option')].find((each) => shown(each) && text(each).includes(wanted));
    }
    const labelled = [...root.querySelectorAll('label')].find((label) => label.control && shown(label.control) && text(label).replace(/\s*\*$/, '') === target.field);
    return labelled?.control ?? [...root.querySelectorAll('input, textarea, select')].find((each) => shown(each) && nameOf(each) === target.field);
  };
  const root = target.in === undefined ? document : dialogNamed(target.in);
  const found = root === undefined ? null : (lookUp(root) ?? null);
  if (found === null || target.read === undefined) return found;
  if (target.read === 'text') return text(found);
  if (target.read === 'value') return (found as HTMLInputElement).value;
  return JSON.stringify([...found.querySelectorAll('option')].map((option) => option.value));
}

/** From each load on, the page keeps its errors (uncaught, rejected, console.error) for a failed story to show. */
function keepErrors(): boolean {
  const page = window as unknown as { storyErrors?: string[] };
  if (page.storyErrors !== undefined) return true;
  const errors: string[] = [];
  page.storyErrors = errors;
  const keep = (text: string): void => void (errors.length < 20 && errors.push(text.slice(0, 400)));
  addEventListener('error', (event) => keep(`error: ${event.message}`));
  addEventListener('unhandledrejection', (event) => keep(`rejection: ${String(event.reason instanceof Error ? event.reason.stack : event.reason)}`));
  const consoleError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    keep(`console.error: ${args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' ')}`);
    consoleError(...args);
  };
  return true;
}

/** Where the page is, what it shows and the errors it kept. */
function pageState(): string {
  const errors = (window as unknown as { storyErrors?: string[] }).storyErrors ?? [];
  return `${location.pathname}: ${document.body.innerText.replace(/\s+/g, ' ').slice(0, 600)}${errors.length === 0 ? '' : `; errors: ${errors.join(' | ')}`}`;
}

/** The text field that has the focus, if one has. */
function focusedField(): Element | null {
  const focused = document.activeElement;
  return focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement ? focused : null;
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

const describeTarget = (target: Target): string => {
  const what = 'button' in target ? `the button '${target.button}'` : 'field' in target ? `the field '${target.field}'` : `the option holding '${target.option}'`;
  return `${what}${target.in === undefined ? '' : ` in the dialog '${target.in}'`}`;
};

/** A person's view of the page, in any engine: find by name, tap, type, press Enter, read. */
export class StoryPage {
  constructor(readonly driver: EngineDriver, private readonly base: string) {}

  get engine(): EngineName {
    return this.driver.engine;
  }

  /** `until`, and when it times out, what the page showed then: a failed story says where it stood. */
  private async until<T>(what: string, attempt: () => Promise<T | null | false>, timeout?: number): Promise<T> {
    try {
      return await until(what, attempt, timeout);
    } catch (error) {
      const shown = await this.driver.evaluate(pageState as (arg: never) => string, null).catch(() => '(unreadable)');
      throw new Error(`${error instanceof Error ? error.message : String(error)} (${this.engine}; the page showed ${shown})`, { cause: error });
    }
  }

  async open(path: string): Promise<void> {
    // A navigation the app itself started (a redirect) can cut this one short: then it goes again.
    await this.driver.goto(`${this.base}${path}`).catch(() => this.driver.goto(`${this.base}${path}`));
    await this.driver.evaluate(keepErrors as (arg: never) => boolean, null);
  }

  async reload(): Promise<void> {
    await this.driver.reload();
    await this.driver.evaluate(keepErrors as (arg: never) => boolean, null);
  }

  /** The target, once it is on the page and enabled. */
  find(target: Target, timeout?: number): Promise<ElementRef> {
    return this.until(describeTarget(target), () => this.driver.element(findTarget as (arg: never) => Element | null, target), timeout);
  }

  /** Waits until the target shows `expected` as its text. */
  async hasText(target: Target, expected: string, timeout?: number): Promise<void> {
    await this.until(`${describeTarget(target)} to read '${expected}'`, async () => (await this.driver.evaluate(findTarget as (arg: never) => string | null, { ...target, read: 'text' })) === expected, timeout);
  }

  /** Whether the target is on the page now (no waiting). */
  async has(target: Target): Promise<boolean> {
    return (await this.driver.evaluate(findTarget as (arg: never) => string | null, { ...target, read: 'text' })) !== null;
  }

  /** Taps the target once it can be tapped; found again when it was re-drawn in between (React replaced it). */
  async tap(target: Target): Promise<void> {
    await this.until(`${describeTarget(target)} to take a tap`, async () => {
      const element = await this.driver.element(findTarget as (arg: never) => Element | null, target);
      if (element === null) return null;
      await this.driver.click(element);
      return true;
    });
  }

  async fill(target: Target, text: string): Promise<void> {
    await this.driver.type(await this.find(target), text);
  }

  async upload(target: Target, path: string): Promise<void> {
    await this.driver.upload(await this.find(target), path);
  }

  /** Types into the field that has the focus (a cell just opened for editing), then presses Enter. */
  async enterInFocus(text: string): Promise<void> {
    const focused = await this.until('a field with the focus', () => this.driver.element(focusedField as (arg: never) => Element | null, null));
    await this.driver.type(focused, text);
    await this.driver.press(focused, 'Enter');
  }

  async press(target: Target, key: KeyName): Promise<void> {
    await this.driver.press(await this.find(target), key);
  }

  /** The page at this size (or the engine's narrowest), once the page says so: a window takes a moment to resize. */
  async resize(width: number, height: number): Promise<number> {
    const wanted = Math.max(width, this.driver.narrowest ?? 0);
    await this.driver.resize(width, height);
    return this.waitFor(`the page to be ${wanted} px wide`, (expected: number) => (innerWidth === expected ? innerWidth : null), wanted);
  }

  /** Chooses an option of a <select> by its value, once it is there, until it stays chosen (a list may re-render). */
  async choose(target: Target, value: string): Promise<void> {
    const read = (what: 'value' | 'options') => this.driver.evaluate(findTarget as (arg: never) => string | null, { ...target, read: what });
    await this.until(`${describeTarget(target)} to take the option ${value}`, async () => {
      if (!((JSON.parse((await read('options')) ?? '[]') as string[]).includes(value))) return null;
      if ((await read('value')) === value) return true;
      await this.driver.choose(await this.find(target), value);
      return (await read('value')) === value;
    });
  }

  async sees(expected: string, timeout?: number): Promise<void> {
    await this.until(`the text '${expected}'`, () => this.driver.evaluate(showsText as (arg: never) => boolean, { expected, absent: false }), timeout);
  }

  async seesNo(expected: string, timeout?: number): Promise<void> {
    await this.until(`the text '${expected}' to go`, () => this.driver.evaluate(showsText as (arg: never) => boolean, { expected, absent: true }), timeout);
  }

  /** Waits until `check` (run in the page) returns something other than null or false, and returns it. */
  waitFor<T>(what: string, check: (arg: never) => T | null | false, arg?: unknown, timeout?: number): Promise<T> {
    return this.until(what, () => this.driver.evaluate(check, arg ?? null), timeout);
  }

  /** Runs `script` in the page. */
  run<T>(script: (arg: never) => T, arg?: unknown): Promise<T> {
    return this.driver.evaluate(script, arg ?? null);
  }
}
