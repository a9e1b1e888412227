// The /setup page as HTML, its policy and its one script (server/http/setup-page.ts serves them): which device asks,
// which address the app is on, and that device's steps. Pure; every value is escaped here, and nothing a request
// sends reaches the page or the policy unless it parsed as a plain host name or IP address.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import Mustache from 'mustache';
import type { DeviceSetup } from '../../src/protocol/devices';
import { SetupMessages as M } from '../../src/protocol/messages';
import { isDnsName } from '../tls/settings';

export const SETUP_PATH = '/setup';
export const CHECK_SCRIPT_PATH = '/setup/check.js';
export const CA_PATH = '/ca.crt';

export type SetupDevice = keyof typeof M.certificateSteps;
const DEVICES: readonly SetupDevice[] = ['ios', 'android', 'desktop'];

/**
 * iPhone, iPad and iPod say so; an iPad in iPadOS's desktop mode says "Macintosh" but keeps Safari's "Mobile/" token,
 * which no Mac's Safari sends.
 */
export function deviceOf(userAgent: string | undefined): SetupDevice {
  const agent = userAgent ?? '';
  if (/\b(?:iPhone|iPad|iPod)\b/.test(agent) || (/\bMacintosh\b/.test(agent) && /\bMobile\//.test(agent))) return 'ios';
  if (/\bAndroid\b/i.test(agent)) return 'android';
  return 'desktop';
}

/** A host as it goes in a URL (an IPv6 address in brackets), or undefined when `text` is not a plain name or address. */
function urlHost(text: string): string | undefined {
  const host = text.toLowerCase().replace(/\.$/, '');
  if (isIP(host) === 4 || isDnsName(host)) return host;
  // Zone ids (fe80::1%eth0) and anything else that is not hex, colons and dots stay out of the page.
  return /^[0-9a-f:.]+$/.test(host) && isIP(host) === 6 ? `[${host}]` : undefined;
}

/** The Host header's name and port; undefined for anything but `name`, `name:port`, `[v6]` or `[v6]:port`. */
export function parseHostHeader(header: string | undefined): { host: string; port: number | undefined } | undefined {
  const match = /^(?:\[([^\]]{1,64})\]|([^:[\]]{1,253}))(?::(\d{1,5}))?$/.exec(header ?? '');
  if (!match) return undefined;
  const [, bracketed, name, portText] = match;
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  const text = bracketed ?? name ?? '';
  // "[name]" is no host; a bare IPv6 address cannot carry a port, and the regex already refused its colons.
  const host = bracketed !== undefined && isIP(text) !== 6 ? undefined : urlHost(text);
  return host === undefined ? undefined : { host, port };
}

/** What the request tells about where it came in: its Host header and the scheme it was served over. */
export interface RequestPlace {
  host: string | undefined;
  protocol: 'http' | 'https';
}

/**
 * The app's origin for this device: the host it reached the page by (else the first of the server's own names; with
 * TLS=files, unless it is a name of the certificate) on the HTTPS port. With TLS off the app is wherever this page is (a proxy in front may have its own scheme and port).
 */
export function appOrigin(facts: DeviceSetup, place: RequestPlace): string {
  const asked = parseHostHeader(place.host);
  const fallback = facts.hosts.map(urlHost).find((host) => host !== undefined) ?? 'localhost';
  // The shop's own certificate (TLS=files) names its domain only: a device that came by an address is sent to the name.
  const certified = facts.mode !== 'files' || (asked !== undefined && facts.hosts.includes(asked.host));
  const host = (certified ? asked?.host : undefined) ?? fallback;
  const origin = (scheme: string, port: number | undefined) => new URL(`${scheme}://${host}${port === undefined ? '' : `:${port}`}`).origin;
  if (facts.mode !== 'off' && facts.httpsPort !== undefined) return origin('https', facts.httpsPort);
  return asked === undefined ? origin('http', facts.httpPort) : origin(place.protocol, asked.port);
}

/** Readable on a 360 px phone: one column, 18 px text, buttons 48 px tall and full width, long fingerprints wrap. */
const STYLE = [
  '*,*::before,*::after{box-sizing:border-box}',
  '[hidden]{display:none!important}',
  'html{-webkit-text-size-adjust:100%;text-size-adjust:100%}',
  'body{margin:0;font:18px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f7f9}',
  'header{background:#1f2a44;color:#fff;font-weight:700;padding:.75rem 1rem}',
  'main{max-width:42rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}',
  'h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0 1rem}',
  'h2{font-size:1.375rem;line-height:1.25;margin:0 0 .75rem}',
  'h3{font-size:1.125rem;margin:1rem 0 .25rem}',
  'section{background:#fff;border:1px solid #d0d7de;border-radius:.75rem;padding:1rem;margin:0 0 1rem}',
  'p{margin:.5rem 0}',
  'ol{margin:.5rem 0;padding-left:1.5rem}',
  'li{margin:.5rem 0}',
  'a{color:#0b57d0}',
  '.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;padding:.625rem 1.25rem;border:2px solid #0b57d0;border-radius:.5rem;background:#0b57d0;color:#fff;font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}',
  '.button.secondary{background:#fff;color:#0b57d0}',
  '.button:focus-visible{outline:3px solid #1f2a44;outline-offset:2px}',
  '@media (min-width:40rem){.button{display:inline-flex;width:auto}}',
  'details{border-top:1px solid #d0d7de}',
  'summary{min-height:48px;padding:.625rem 0;font-weight:600;color:#0b57d0;cursor:pointer}',
  '.fingerprint{font:1rem/1.5 ui-monospace,Menlo,Consolas,monospace;overflow-wrap:normal;background:#eef0f3;border-radius:.25rem;padding:.5rem}',
  '.status{font-weight:700}',
  '.status.ok{color:#1a7f37}',
  '.status.bad{color:#cf222e}',
].join('');

/** The CSP source of the page's one stylesheet (no style attributes anywhere, so none are allowed). */
export const SETUP_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * The page's policy, replacing the app's. Script and fetches only with the check (TLS=auto): our script file, and the
 * app's origin for its /health. CSP cannot name an IPv6 literal, so such an origin is allowed as any https: (the
 * page runs no script but ours, so nothing else could fetch).
 */
export function setupContentSecurityPolicy(checkOrigin: string | undefined): string {
  const check = () => {
    if (checkOrigin === undefined) return [];
    const url = new URL(checkOrigin);
    return ["script-src 'self'", `connect-src ${url.hostname.startsWith('[') ? url.protocol : url.origin}`];
  };
  return [
    "default-src 'none'",
    ...check(),
    `style-src ${SETUP_STYLE_HASH}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * /setup/check.js: asks the app's origin (the check section's data-origin) for /health. Any answer, even an opaque
 * no-cors one, means the TLS handshake passed, so the device trusts the certificate; a failure or no answer in 10 s
 * means it does not (yet). It shows the check section, which a browser without script never sees.
 */
export const SETUP_CHECK_SCRIPT = `'use strict';
// LotDesk /setup: does this device trust LotDesk's certificate? (server/http/setup-page-html.ts)
(() => {
  const text = ${JSON.stringify({ checking: M.checking, trusted: M.trusted, notTrusted: M.notTrusted })};
  const section = document.getElementById('check');
  const status = document.getElementById('check-status');
  const again = document.getElementById('check-again');
  const open = document.getElementById('open-app');
  if (!section || !status || !again) return;
  const origin = section.dataset.origin;
  const show = (message, state) => {
    status.textContent = message;
    status.className = 'status ' + state;
  };
  const check = () => {
    again.hidden = true;
    show(text.checking, '');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 10000);
    fetch(origin + '/health', { mode: 'no-cors', cache: 'no-store', signal: controller.signal })
      .then(() => {
        show(text.trusted, 'ok');
        if (open) open.classList.remove('secondary');
      }, () => {
        show(text.notTrusted, 'bad');
        if (open) open.classList.add('secondary');
        again.hidden = false;
      })
      .finally(() => clearTimeout(timer));
  };
  again.addEventListener('click', check);
  section.hidden = false;
  check();
})();
`;

const escape = (text: string): string => Mustache.escape(text);
const list = (items: readonly string[]): string => `<ol>${items.map((item) => `<li>${escape(item)}</li>`).join('')}</ol>`;

/** This device's steps under its heading, then every other device's folded away, in case the guess was wrong. */
function perDevice(device: SetupDevice, steps: Readonly<Record<SetupDevice, readonly string[]>>): string {
  const others = DEVICES.filter((other) => other !== device)
    .map((other) => `<details><summary>${escape(M.deviceHeading[other])}</summary>${list(steps[other])}</details>`)
    .join('');
  return `<h3>${escape(M.deviceHeading[device])}</h3>${list(steps[device])}<p>${escape(M.otherDevices)}</p>${others}`;
}

/** 'AB:CD:…' may wrap after a colon only, so no pair is split across lines where a person compares them. */
const fingerprintLines = (fingerprint: string): string => fingerprint.split(':').map(escape).join(':<wbr>');

const section = (id: string, heading: string, body: string, attributes = ''): string =>
  `<section id="${id}" aria-labelledby="${id}-heading"${attributes}><h2 id="${id}-heading">${escape(heading)}</h2>${body}</section>`;

export interface SetupPage {
  facts: DeviceSetup;
  device: SetupDevice;
  /** The app's origin for this device (appOrigin). */
  origin: string;
}

export function setupPageHtml({ facts, device, origin }: SetupPage): string {
  // A certificate to install only when the server is its own authority; a given certificate is already trusted.
  const withCertificate = facts.mode === 'auto';
  const sections: string[] = [];
  const heading = (title: string) => M.step(sections.length + 1, title);
  if (withCertificate) {
    const fingerprint =
      facts.caFingerprint === undefined
        ? ''
        : `<p>${escape(M.fingerprintLabel)}</p><p class="fingerprint" id="fingerprint">${fingerprintLines(facts.caFingerprint)}</p>` +
          `<p>${escape(M.fingerprintHint)}</p>`;
    sections.push(section('certificate', heading(M.certificateHeading),
      `<p>${escape(M.certificateWhy)}</p><p><a class="button" id="download" href="${CA_PATH}">${escape(M.download)}</a></p>` +
        perDevice(device, M.certificateSteps) + fingerprint));
    sections.push(section('check', heading(M.checkHeading),
      `<p>${escape(M.checkWhy)}</p><p id="check-status" class="status" role="status" aria-live="polite"></p>` +
        `<p><button type="button" class="button secondary" id="check-again" hidden>${escape(M.checkAgain)}</button></p>`,
      ` hidden data-origin="${escape(origin)}"`));
  }
  const openClass = withCertificate ? 'button secondary' : 'button';
  sections.push(section('open', heading(M.openHeading),
    `<p><a class="${openClass}" id="open-app" href="${escape(origin)}/">${escape(M.open)}</a></p>` +
      `<p>${escape(M.address)} <strong>${escape(origin)}</strong></p>` +
      (withCertificate ? `<p>${escape(M.notSecureHint)}</p>` : '')));
  sections.push(section('install', heading(M.installHeading), `<p>${escape(M.installWhy)}</p>${perDevice(device, M.installSteps)}`));

  const script = withCertificate ? `<script src="${CHECK_SCRIPT_PATH}" defer></script>` : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escape(M.pageTitle)}</title><style>${STYLE}</style>${script}</head>` +
    `<body><header>${escape(M.brand)}</header><main><h1>${escape(M.heading)}</h1><p>${escape(M.intro)}</p>` +
    `${sections.join('')}</main></body></html>`
  );
}
