// The three engines, each from Debian's packages and never a downloaded browser (issue 33): Chromium through
// Playwright, WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver, selenium-webdriver) under its own Xvfb,
// Firefox ESR through WebDriver BiDi (puppeteer-core; no geckodriver). Each opens one page at a tablet's size.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { chromium, type ElementHandle as PlaywrightElement } from '@playwright/test';
import puppeteer, { type ElementHandle as PuppeteerElement } from 'puppeteer-core';
import { Builder, Key, type WebElement } from 'selenium-webdriver';
import type { ElementRef, EngineDriver, EngineName, KeyName } from './page';

export const TABLET = { width: 768, height: 1024 } as const;

const CHROMIUM = '/usr/bin/chromium';
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const MINIBROWSER = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser'];
const XVFB = '/usr/bin/Xvfb';
const FIREFOX = '/usr/bin/firefox-esr';

export interface Engine {
  readonly name: EngineName;
  /** Why this engine cannot run here (and how to get it), or undefined when it can. */
  readonly missing: () => string | undefined;
  readonly launch: () => Promise<EngineDriver>;
}

const script = (find: (arg: never) => unknown): string => `return (${find.toString()})(arguments[0]);`;

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${what} did not answer at ${url}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const chromiumEngine: Engine = {
  name: 'chromium',
  missing: () => (existsSync(CHROMIUM) ? undefined : 'Debian\'s Chromium is missing: sudo apt-get install -y chromium'),
  async launch() {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
    const page = await browser.newPage({ viewport: TABLET, hasTouch: true });
    const handle = (element: ElementRef) => element as PlaywrightElement;
    return {
      engine: 'chromium',
      goto: async (url) => void (await page.goto(url)),
      reload: async () => void (await page.reload()),
      evaluate: (find, arg) => page.evaluate(find as (arg: unknown) => never, arg),
      element: async (find, arg) => (await page.evaluateHandle(find as (arg: unknown) => Element | null, arg)).asElement(),
      click: (element) => handle(element).click(),
      type: async (element, text) => {
        await handle(element).fill('');
        await handle(element).type(text);
      },
      press: (element, key) => handle(element).press(key),
      choose: async (element, value) => void (await handle(element).selectOption(value)),
      upload: (element, path) => handle(element).setInputFiles(path),
      resize: (width, height) => page.setViewportSize({ width, height }),
      close: () => browser.close(),
    };
  },
};

const WEBDRIVER_KEYS: Readonly<Record<KeyName, string>> = { Enter: Key.ENTER, Space: Key.SPACE, ArrowDown: Key.ARROW_DOWN, ArrowUp: Key.ARROW_UP };

const minibrowser = (): string | undefined => MINIBROWSER.find((path) => existsSync(path));

/**
 * WebKitGTK as Safari ships WebKit: the Storage API (navigator.storage: persist, estimate; on in Safari since 17) is
 * off by default in WebKitGTK; and a camera, which the machine lacks (WebKit's mock device stands in for it).
 */
const SAFARI_LIKE = ['--features=+StorageAPI,+StorageAPIEstimate', '--enable-media-stream=true', '--enable-mock-capture-devices=true'];

const webkitEngine: Engine = {
  name: 'webkit',
  missing: () =>
    existsSync(WEBKIT_DRIVER) && minibrowser() !== undefined && existsSync(XVFB) ? undefined : 'WebKitGTK is missing: sudo apt-get install -y webkit2gtk-driver xvfb',
  async launch() {
    // Its own X display: MiniBrowser draws real windows, and the machine has no screen.
    const display = `:${90 + Math.floor(Math.random() * 800)}`;
    const xvfb = spawn(XVFB, [display, '-screen', '0', `${TABLET.width + 200}x${TABLET.height + 200}x24`, '-nolisten', 'tcp'], { stdio: 'ignore' });
    const port = await freePort();
    const driverProcess = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: display }, stdio: 'ignore' });
    await waitForHttp(`http://127.0.0.1:${port}/status`, driverProcess, 'WebKitWebDriver');
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: minibrowser(), args: ['--automation', ...SAFARI_LIKE] } })
      .build();
    await driver.manage().window().setRect({ width: TABLET.width, height: TABLET.height });
    const handle = (element: ElementRef) => element as WebElement;
    return {
      engine: 'webkit',
      // MiniBrowser's window keeps its toolbar whole: its page is never narrower than this (still a phone's layout).
      narrowest: 447,
      goto: (url) => driver.get(url),
      reload: () => driver.navigate().refresh(),
      evaluate: (find, arg) => driver.executeScript(script(find), arg),
      element: async (find, arg) => (await driver.executeScript<WebElement | null>(script(find), arg)) ?? null,
      click: (element) => handle(element).click(),
      type: async (element, text) => {
        await handle(element).sendKeys(Key.chord(Key.CONTROL, 'a'), Key.BACK_SPACE);
        await handle(element).sendKeys(text);
      },
      press: (element, key) => handle(element).sendKeys(WEBDRIVER_KEYS[key]),
      // WebKitWebDriver cannot click an <option> (not interactable): the select is moved to it with the arrow keys, as
      // a keyboard chooses (typing its text fails where several options begin alike).
      choose: async (element, value) => {
        const select = handle(element);
        const steps = await driver.executeScript<number>(
          'const s = arguments[0]; return [...s.options].findIndex((o) => o.value === arguments[1]) - s.selectedIndex;', select, value);
        if (steps !== 0) await select.sendKeys(...Array.from({ length: Math.abs(steps) }, () => (steps > 0 ? Key.ARROW_DOWN : Key.ARROW_UP)));
      },
      upload: (element, path) => handle(element).sendKeys(path), // WebDriver gives a file input the path it is sent
      resize: async (width, height) => void (await driver.manage().window().setRect({ width, height })),
      close: async () => {
        await driver.quit().catch(() => undefined);
        await stopProcess(driverProcess);
        await stopProcess(xvfb);
      },
    };
  },
};

const firefoxEngine: Engine = {
  name: 'firefox',
  missing: () => (existsSync(FIREFOX) ? undefined : 'Firefox ESR is missing: sudo apt-get install -y firefox-esr'),
  async launch() {
    const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX, headless: true, defaultViewport: { ...TABLET, hasTouch: true } });
    const page = await browser.newPage();
    const handle = (element: ElementRef) => element as PuppeteerElement<Element>;
    return {
      engine: 'firefox',
      goto: async (url) => void (await page.goto(url)),
      reload: async () => void (await page.reload()),
      evaluate: (find, arg) => page.evaluate(find as (arg: unknown) => never, arg),
      element: async (find, arg) => (await page.evaluateHandle(find as (arg: unknown) => Element | null, arg)).asElement() as PuppeteerElement<Element> | null,
      click: (element) => handle(element).click(),
      type: async (element, text) => {
        await handle(element).click({ count: 3 });
        await page.keyboard.press('Backspace');
        await handle(element).type(text);
      },
      press: (element, key) => handle(element).press(key === 'Space' ? ' ' : key), // puppeteer names the space bar ' '
      choose: async (element, value) => void (await handle(element).select(value)),
      upload: (element, path) => (element as PuppeteerElement<HTMLInputElement>).uploadFile(path),
      resize: (width, height) => page.setViewport({ width, height }),
      close: () => browser.close(),
    };
  },
};

/** ENGINES=webkit,firefox runs only those (a developer's choice; npm test runs all three). */
const chosen = process.env.ENGINES?.split(',').map((name) => name.trim());

export const ENGINES: readonly Engine[] = [chromiumEngine, webkitEngine, firefoxEngine].filter((engine) => chosen === undefined || chosen.includes(engine.name));
