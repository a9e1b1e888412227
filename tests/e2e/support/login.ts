// Signing in as a person does it (spec §2 Login), shared by the browser tests.
import { expect, type Locator, type Page } from '@playwright/test';

// playwright.config.ts starts the server with this password (E2E_ADMIN_PASSWORD). Not imported from there:
// loading the config module again would make its fresh data folder a second time.
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' } as const;

/** Resolves when the page's STOMP connection has been accepted (its CONNECTED frame), as a person waits for it. */
function connected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => void (String(payload).startsWith('CONNECTED') && resolve())));
  });
}

/**
 * Opens {base}/login and submits the form with the keyboard (Enter) once the connection is up (pressed before, the
 * screen says it needs the connection: a busy machine's first connect can take a retry). Does not wait for the
 * outcome.
 */
export async function signIn(page: Page, password: string = ADMIN.password, base = ''): Promise<void> {
  const up = connected(page);
  await page.goto(`${base}/login`);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await up;
  await page.getByLabel('Password').press('Enter'); // keyboard: Enter submits
}

/** Signs in to a server of the test's own (support/server-process.ts) and waits for the connected Lots page. */
export async function signInHome(page: Page, base: string, password: string): Promise<void> {
  await signIn(page, password, base);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
}

/**
 * The main navigation as a person reaches it at the page's size: inline in the top bar from 640 px, behind the
 * Menu button on a phone (which this opens).
 */
export async function openNav(page: Page): Promise<Locator> {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Both come with the engine's chunk, a moment after the page: wait for whichever this size shows.
  await expect(menu.or(nav).first()).toBeVisible();
  const inDrawer = await menu.isVisible();
  if (inDrawer) await menu.click();
  await expect(nav).toBeVisible();
  // The drawer slides in: measure and tap it where it stays.
  if (inDrawer) await page.getByRole('dialog', { name: 'Menu' }).evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return nav;
}

/** Follows a navigation entry (spec §1: Lots, Data Entry, Image Entry, Inventory, Auctions). */
export async function navigateTo(page: Page, entry: string): Promise<void> {
  await (await openNav(page)).getByRole('link', { name: entry, exact: true }).click();
}

/** Presses Logout (its warning, if changes are waiting, is the caller's to answer). */
export async function pressLogout(page: Page): Promise<void> {
  await (await openNav(page)).getByRole('button', { name: 'Logout' }).click();
}
