// The device setup page (issue 30) in a real browser, as an iPhone, an Android phone and a computer see it at each of
// the three sizes: that device's steps, the fingerprint of the certificate it downloads, buttons big enough to tap,
// nothing scrolling sideways, and the check's truthful answer here (the e2e server is plain http on localhost, its
// https address is not trusted by this browser). Without script the page still says how to tell.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SetupMessages as M } from '../../src/protocol/messages';
import { noSidewaysScroll, SIZES, type Size } from './support/sizes';
import { expectTouchTargets } from './support/targets';

const DEVICES = [
  { device: 'ios', name: 'an iPhone', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' },
  { device: 'android', name: 'an Android phone', userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36' },
  { device: 'desktop', name: 'a computer', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' },
] as const;

/** Policy violations and page errors: the check's fetch must be refused by the certificate, never by the page's CSP. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/content[- ]security[- ]policy|refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function openSetup(browser: Browser, baseURL: string | undefined, size: Size, userAgent: string, options: { javaScriptEnabled?: boolean; ignoreHTTPSErrors?: boolean } = {}) {
  const context = await browser.newContext({ userAgent, viewport: size.viewport, hasTouch: size.hasTouch, baseURL, acceptDownloads: true, ...options });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto('/setup');
  return { context, page, problems };
}

for (const size of SIZES) {
  for (const { device, name, userAgent } of DEVICES) {
    test(`${name} at ${size.viewport.width} px sees its own steps, the fingerprint, and that it does not trust LotDesk yet`, async ({ browser, baseURL }) => {
      const { context, page, problems } = await openSetup(browser, baseURL, size, userAgent);
      try {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(M.heading);
        // This device's steps are open under its own heading; the others' are folded away.
        const certificate = page.locator('#certificate');
        await expect(certificate.getByRole('heading', { level: 3 })).toHaveText(M.deviceHeading[device]);
        for (const step of M.certificateSteps[device]) await expect(certificate.getByText(step, { exact: true })).toBeVisible();
        for (const other of DEVICES.filter((candidate) => candidate.device !== device)) {
          await expect(certificate.getByText(M.certificateSteps[other.device][1], { exact: true })).toBeHidden();
          await expect(certificate.locator('summary', { hasText: M.deviceHeading[other.device] })).toBeVisible();
        }
        await expect(page.locator('#install').getByText(M.installSteps[device][0], { exact: true })).toBeVisible();

        // The fingerprint is the one of the certificate the button downloads.
        const pem = await (await page.request.get('/ca.crt')).text();
        await expect(page.locator('#fingerprint')).toHaveText(new X509Certificate(pem).fingerprint256);

        // The truthful answer here: this browser does not trust the server's https address.
        await expect(page.getByRole('status')).toHaveText(M.notTrusted);
        const again = page.getByRole('button', { name: M.checkAgain });
        await expect(again).toBeVisible();

        const download = page.getByRole('link', { name: M.download });
        const open = page.getByRole('link', { name: M.open });
        await expect(open).toHaveAttribute('href', /^https:\/\/localhost:\d+\/$/);
        await expectTouchTargets([download, again, open, ...(await page.locator('summary').all())]);
        await noSidewaysScroll(page);

        await again.click();
        await expect(page.getByRole('status')).toHaveText(M.notTrusted);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}

test('a device that trusts the certificate is told so, and Open LotDesk becomes the main button', async ({ browser, baseURL }) => {
  // Standing in for an installed certificate: this context accepts the server's https certificate as a trusting device does.
  const { context, page, problems } = await openSetup(browser, baseURL, SIZES[0], DEVICES[1].userAgent, { ignoreHTTPSErrors: true });
  try {
    await expect(page.getByRole('status')).toHaveText(M.trusted);
    await expect(page.getByRole('button', { name: M.checkAgain })).toBeHidden();
    await expect(page.getByRole('link', { name: M.open })).not.toHaveClass(/secondary/);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
});

test('the Download button saves LotDesk-CA.crt, a certificate authority', async ({ browser, baseURL }) => {
  const { context, page } = await openSetup(browser, baseURL, SIZES[2], DEVICES[2].userAgent);
  try {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: M.download }).click()]);
    expect(download.suggestedFilename()).toBe('LotDesk-CA.crt');
    const certificate = new X509Certificate(readFileSync(await download.path()));
    expect(certificate.ca).toBe(true);
  } finally {
    await context.close();
  }
});

test('without script the page still gives the steps, the Open link and how to tell the certificate is missing', async ({ browser, baseURL }) => {
  const { context, page } = await openSetup(browser, baseURL, SIZES[0], DEVICES[0].userAgent, { javaScriptEnabled: false });
  try {
    await expect(page.getByText(M.certificateSteps.ios[0], { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: M.open })).toBeVisible();
    await expect(page.getByText(M.notSecureHint, { exact: true })).toBeVisible();
    // The check needs script: its section stays away rather than saying nothing.
    await expect(page.locator('#check')).toBeHidden();
    await noSidewaysScroll(page);
  } finally {
    await context.close();
  }
});
