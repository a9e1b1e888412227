// The built app runs under the server's Content-Security-Policy unchanged (DESIGN §5, server/http/security-headers.ts):
// signing in, the Lots page with a dialog, Lot edit with a box and Data entry report no policy violation and no
// page error. The last test proves the watch would see one.
import { expect, test, type Page } from '@playwright/test';
import { signInHome } from './support/login';
import { createLotWithBox, unique } from './support/lots';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';

// Its own server process and data folder: the lot made here must not count in other files' lists.
test.describe.configure({ timeout: 120_000 });
let server: ServerProcess;

test.beforeAll(async () => {
  server = serverProcess(18220);
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

/** What the browser reports about the policies: its own console lines and every securitypolicyviolation event. */
function watchPolicies(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    if (/content[- ]security[- ]policy|permissions[- ]policy|refused to/i.test(message.text())) reports.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => reports.push(`page error: ${error.message}`));
  // Chromium files some violations (a caught eval, say) under DevTools Issues, not the console: the event sees them all.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return reports;
}

test('the app signs in, lists lots, edits a lot and opens data entry with no policy violation', async ({ page }) => {
  const reports = watchPolicies(page);
  const shell = await page.goto(`${server.url}/login`);
  expect(shell?.headers()['content-security-policy']).toContain("script-src 'self'");

  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);

  await createLotWithBox(page, `CSP ${unique()}`);

  await page.goto(`${server.url}/dataentry`);
  await expect(page.getByRole('heading', { name: 'Data Entry' })).toBeVisible();
  await page.getByRole('button', { name: 'ADD UPC(+)' }).click();
  await expect(page.getByRole('row').nth(1).getByRole('button', { name: /^Edit UPC:\s*$/ })).toBeVisible();

  expect(reports).toEqual([]);
});

test('a violation would be seen: an injected inline style is refused and reported', async ({ page }) => {
  const reports = watchPolicies(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { background: red; }';
    document.head.append(style);
  });
  await expect.poll(() => reports.join('\n')).toMatch(/Content Security Policy/);
});
