// Issue 33: the app offers to install itself the way each browser allows — Chrome's own prompt once it fired, the
// steps to take in Safari's engine (which has no prompt), nothing where installing is impossible, in the installed
// app, or after 'Not now'.
import { describe, expect, it } from 'vitest';
import { installOfferFor, type InstallContext } from '../../../src/app/pwa/install';
import { InstallMessages } from '../../../src/protocol/messages';

const AGENTS = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeOnIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
  /** iPadOS asks for the desktop site: it says it is a Mac. */
  ipad: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  gnomeWeb: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; SM-T220) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0',
} as const;

const on = (userAgent: string, rest: Partial<InstallContext> = {}): InstallContext => ({
  standalone: false, promptSupported: false, promptReady: false, dismissed: false, userAgent, maxTouchPoints: 0, ...rest,
});

describe('the install offer', () => {
  it("is Chrome's own prompt once the browser fired it, and nothing before", () => {
    expect(installOfferFor(on(AGENTS.chrome, { promptSupported: true }))).toEqual({ kind: 'none' });
    expect(installOfferFor(on(AGENTS.androidChrome, { promptSupported: true, promptReady: true }))).toEqual({ kind: 'prompt' });
  });

  it('is Add to Home Screen on an iPhone or iPad, in Safari or any other browser there (all are Safari\'s engine)', () => {
    const ios = { kind: 'steps', steps: InstallMessages.iosSteps };
    expect(installOfferFor(on(AGENTS.iphone))).toEqual(ios);
    expect(installOfferFor(on(AGENTS.chromeOnIphone))).toEqual(ios);
    expect(installOfferFor(on(AGENTS.ipad, { maxTouchPoints: 5 }))).toEqual(ios);
  });

  it("is Safari's Add to Dock on a Mac, and GNOME Web's menu on a Linux desktop", () => {
    expect(installOfferFor(on(AGENTS.macSafari))).toEqual({ kind: 'steps', steps: InstallMessages.macSteps });
    expect(installOfferFor(on(AGENTS.gnomeWeb))).toEqual({ kind: 'steps', steps: InstallMessages.gnomeSteps });
  });

  it('is nothing in Firefox on a desktop (it cannot install apps), in the installed app, or after Not now', () => {
    expect(installOfferFor(on(AGENTS.firefox))).toEqual({ kind: 'none' });
    expect(installOfferFor(on(AGENTS.iphone, { standalone: true }))).toEqual({ kind: 'none' });
    expect(installOfferFor(on(AGENTS.androidChrome, { promptSupported: true, promptReady: true, dismissed: true }))).toEqual({ kind: 'none' });
  });
});
