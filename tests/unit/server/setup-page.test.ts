// The /setup page's pure parts (server/http/setup-page-html.ts): which device a browser is, which address the app is
// given for it, and what the page says in each TLS mode, with a hostile Host kept out of the page and its policy.
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { DeviceSetup } from '../../../src/protocol/devices';
import { SetupMessages } from '../../../src/protocol/messages';
import {
  appOrigin, deviceOf, parseHostHeader, SETUP_CHECK_SCRIPT, setupContentSecurityPolicy, setupPageHtml, type SetupDevice,
} from '../../../server/http/setup-page-html';
import { executableMarkup } from '../../support/executable-markup';

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPhoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  iPadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  androidPhone: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

const FINGERPRINT = Array.from({ length: 32 }, (_, index) => (index * 7).toString(16).toUpperCase().padStart(2, '0').slice(-2)).join(':');
const AUTO: DeviceSetup = { mode: 'auto', httpPort: 8080, httpsPort: 8443, hosts: ['shop-pc.lan', '192.168.1.20'], caFingerprint: FINGERPRINT };
const FILES: DeviceSetup = { mode: 'files', httpPort: 8080, httpsPort: 443, hosts: ['desk.shop.example'] };
const OFF: DeviceSetup = { mode: 'off', httpPort: 8080, hosts: ['192.168.1.20'] };

/** The page as a reader sees it: its text with tags gone and entities decoded, whitespace collapsed. */
function read(html: string) {
  const document = parseDocument(html, { decodeEntities: true });
  const byId = (id: string) => DomUtils.findOne((element) => element.attribs.id === id, document.children);
  const text = (id: string) => {
    const element = byId(id);
    return element === null ? undefined : DomUtils.textContent(element).replace(/\s+/g, ' ');
  };
  const all = (tag: string) => DomUtils.findAll((element) => element.name === tag, document.children);
  return {
    text: DomUtils.textContent(document).replace(/\s+/g, ' '),
    section: text,
    attribute: (id: string, name: string) => byId(id)?.attribs[name],
    /** The device whose steps are shown open (h3), and those folded away (summary). */
    openHeadings: all('h3').map((element) => DomUtils.textContent(element)),
    foldedHeadings: all('summary').map((element) => DomUtils.textContent(element)),
  };
}

const page = (facts: DeviceSetup, device: SetupDevice = 'desktop', host = 'shop-pc.lan:8080') =>
  setupPageHtml({ facts, device, origin: appOrigin(facts, { host, protocol: 'http' }) });

describe('deviceOf', () => {
  it.each([
    ['an iPhone in Safari', UA.iPhone, 'ios'],
    ['an iPhone in Chrome', UA.iPhoneChrome, 'ios'],
    ['an iPad', UA.iPad, 'ios'],
    ['an iPad in desktop mode (says Macintosh, keeps Mobile/)', UA.iPadDesktopMode, 'ios'],
    ['an iPod touch', UA.iPod, 'ios'],
    ['an Android phone', UA.androidPhone, 'android'],
    ['an Android tablet', UA.androidTablet, 'android'],
    ["a Mac's Safari", UA.macSafari, 'desktop'],
    ['Windows with Edge', UA.windowsChrome, 'desktop'],
    ['Linux with Firefox', UA.linuxFirefox, 'desktop'],
    ['no User-Agent at all', undefined, 'desktop'],
  ] as const)('%s is %s', (_what, userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });
});

describe('the address the app is given', () => {
  it('is the host the device came by, on the HTTPS port', () => {
    expect(appOrigin(AUTO, { host: '192.168.1.20:8080', protocol: 'http' })).toBe('https://192.168.1.20:8443');
    expect(appOrigin(AUTO, { host: 'Shop-PC.lan.', protocol: 'http' })).toBe('https://shop-pc.lan:8443');
  });

  it('puts an IPv6 address in brackets', () => {
    expect(appOrigin(AUTO, { host: '[FD00::5]:8080', protocol: 'http' })).toBe('https://[fd00::5]:8443');
  });

  it('leaves out the port 443 of a given certificate', () => {
    expect(appOrigin(FILES, { host: 'desk.shop.example:8080', protocol: 'http' })).toBe('https://desk.shop.example');
    // The shop's certificate names its domain, not the address a device typed: the app is opened by the name.
    expect(appOrigin(FILES, { host: '192.168.1.20:8080', protocol: 'http' })).toBe('https://desk.shop.example');
  });

  it("is this page's own origin with TLS off (a proxy in front may serve https)", () => {
    expect(appOrigin(OFF, { host: '192.168.1.20:8080', protocol: 'http' })).toBe('http://192.168.1.20:8080');
    expect(appOrigin(OFF, { host: 'shop.example', protocol: 'https' })).toBe('https://shop.example');
  });

  it.each([
    ['a script', '<script>alert(1)</script>'],
    ['a quote and an attribute', 'evil.example" onload="alert(1)'],
    ['a CSP directive', "evil.example; script-src 'unsafe-inline'"],
    ['a user and another host', 'user@evil.example'],
    ['a path', 'evil.example/x'],
    ['a zone id', '[fe80::1%25eth0]:8080'],
    ['a bracketed name', '[evil.example]:8080'],
    ['port 0', 'shop-pc.lan:0'],
    ['nothing', ''],
  ])('falls back to the server\'s first name for a Host with %s', (_what, host) => {
    expect(parseHostHeader(host)).toBeUndefined();
    expect(appOrigin(AUTO, { host, protocol: 'http' })).toBe('https://shop-pc.lan:8443');
  });

  it('falls back to the HTTP port with TLS off', () => {
    expect(appOrigin(OFF, { host: '<b>', protocol: 'http' })).toBe('http://192.168.1.20:8080');
  });
});

describe('a hostile Host header', () => {
  const host = `evil.example"><script>alert(1)</script>; script-src 'unsafe-inline'`;
  const origin = appOrigin(AUTO, { host, protocol: 'http' });
  const html = setupPageHtml({ facts: AUTO, device: 'ios', origin });

  it('reaches neither the page nor its policy', () => {
    expect(html).not.toContain('evil');
    expect(executableMarkup(html).filter((problem) => problem !== '<script> element' && problem !== '<button> element')).toEqual([]);
    expect(setupContentSecurityPolicy(origin)).not.toContain('evil');
    expect(read(html).attribute('open-app', 'href')).toBe('https://shop-pc.lan:8443/');
  });
});

describe('the page with the server as its own authority (TLS=auto)', () => {
  it("shows the device's certificate steps first and the others folded away", () => {
    const view = read(page(AUTO, 'ios'));
    expect(view.section('certificate')).toContain(SetupMessages.download);
    for (const step of SetupMessages.certificateSteps.ios) expect(view.section('certificate')).toContain(step);
    expect(view.openHeadings).toEqual([SetupMessages.deviceHeading.ios, SetupMessages.deviceHeading.ios]);
    expect(view.foldedHeadings).toEqual([
      SetupMessages.deviceHeading.android, SetupMessages.deviceHeading.desktop,
      SetupMessages.deviceHeading.android, SetupMessages.deviceHeading.desktop,
    ]);
    expect(view.text).toContain(SetupMessages.installSteps.ios[0]);
  });

  it.each(['android', 'desktop'] as const)('shows the steps of %s when that is the device', (device) => {
    const view = read(page(AUTO, device));
    expect(view.openHeadings[0]).toBe(SetupMessages.deviceHeading[device]);
    for (const step of SetupMessages.certificateSteps[device]) expect(view.section('certificate')).toContain(step);
  });

  it("shows the authority's fingerprint to compare", () => {
    const view = read(page(AUTO));
    expect(view.section('fingerprint')).toBe(FINGERPRINT);
    expect(view.section('certificate')).toContain(SetupMessages.fingerprintHint);
  });

  it('downloads /ca.crt, numbers its steps, and checks against the https address', () => {
    const view = read(page(AUTO));
    expect(view.attribute('download', 'href')).toBe('/ca.crt');
    expect(view.section('certificate-heading')).toBe(`1. ${SetupMessages.certificateHeading}`);
    expect(view.section('check-heading')).toBe(`2. ${SetupMessages.checkHeading}`);
    expect(view.section('open-heading')).toBe(`3. ${SetupMessages.openHeading}`);
    expect(view.section('install-heading')).toBe(`4. ${SetupMessages.installHeading}`);
    expect(view.attribute('check', 'data-origin')).toBe('https://shop-pc.lan:8443');
    expect(view.attribute('open-app', 'href')).toBe('https://shop-pc.lan:8443/');
  });

  it('says with no script how to tell the certificate is missing, and keeps the check for a browser that runs it', () => {
    const view = read(page(AUTO));
    expect(view.section('open')).toContain(SetupMessages.notSecureHint);
    expect(view.attribute('check', 'hidden')).toBe('');
    expect(SETUP_CHECK_SCRIPT).toContain("fetch(origin + '/health', { mode: 'no-cors', cache: 'no-store'");
    expect(SETUP_CHECK_SCRIPT).toContain(JSON.stringify(SetupMessages.notTrusted));
  });

  it('allows our script and a fetch to the app, nothing else', () => {
    const policy = setupContentSecurityPolicy('https://shop-pc.lan:8443');
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain('connect-src https://shop-pc.lan:8443;');
    expect(policy).not.toContain('unsafe');
    // CSP has no syntax for an IPv6 literal: such an app is reached as any https origin.
    expect(setupContentSecurityPolicy('https://[fd00::5]:8443')).toContain('connect-src https:;');
  });
});

describe.each([
  ['files', FILES, 'https://desk.shop.example'], // the certificate's name, whatever host the device came by
  ['off', OFF, 'http://shop-pc.lan:8080'],
] as const)('the page with TLS=%s', (_mode, facts, origin) => {
  const view = read(page(facts, 'android'));

  it('has no certificate steps, no fingerprint and no check', () => {
    expect(view.section('certificate')).toBeUndefined();
    expect(view.section('fingerprint')).toBeUndefined();
    expect(view.section('check')).toBeUndefined();
    expect(view.text).not.toContain(SetupMessages.download);
    expect(view.text).not.toContain(SetupMessages.notSecureHint);
    expect(page(facts)).not.toContain('<script');
    expect(setupContentSecurityPolicy(undefined)).not.toMatch(/script-src|connect-src/);
  });

  it('opens LotDesk and says how to install the app', () => {
    expect(view.section('open-heading')).toBe(`1. ${SetupMessages.openHeading}`);
    expect(view.attribute('open-app', 'href')).toBe(`${origin}/`);
    expect(view.section('open')).toContain(origin);
    expect(view.section('install-heading')).toBe(`2. ${SetupMessages.installHeading}`);
    expect(view.section('install')).toContain(SetupMessages.installSteps.android[0]);
  });
});
