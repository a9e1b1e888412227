// Signing in as a person does it (spec §2 Login), shared by the browser tests.
import { expect, type Page } from '@playwright/test';

// playwright.config.ts starts the server with this password (E2E_ADMIN_PASSWORD). Not imported from there:
// loading the config module again would make its fresh data folder a second time.
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

/** Opens {base}/login and submits the form with the keyboard (Enter). Does not wait for the outcome. */
export async function signIn(page: Page, password: string = ADMIN.password, base = ''): Promise<void> {
  await page.goto(`${base}/login`);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter'); // keyboard: Enter submits
}

/** Signs in to a server of the test's own (support/server-process.ts) and waits for the connected Lots page. */
export async function signInHome(page: Page, base: string, password: string): Promise<void> {
  await signIn(page, password, base);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
}
