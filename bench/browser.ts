// Debian's Chromium for the benchmarks that need a browser, launched as playwright.config.ts launches it (that
// config is not imported: loading it makes an e2e data folder). LotDesk never downloads a browser.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

const CHROMIUM = '/usr/bin/chromium';

export async function launchChromium(bench: string): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${bench} needs Debian's Chromium at ${CHROMIUM} (sudo apt-get update && sudo apt-get install -y chromium); LotDesk never downloads a browser.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
