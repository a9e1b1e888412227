// Screenshots kept as test artefacts (issue 13 asks for each screen at each size): written to the test's output
// folder (test-results/…, kept after the run) and attached to the report.
import type { Page, TestInfo } from '@playwright/test';

export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  const path = testInfo.outputPath(`${name.replaceAll(' ', '-')}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
