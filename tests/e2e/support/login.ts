// Signing in as a person does it (spec §2 Login), shared by the browser tests.
import { expect, type Locator, type Page } from '@playwright/test';
import { TOKEN } from '../../../src/sync/session/settings';

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

/**
 * The token each sign-in of this worker was given, per server (with the password it signed in with). The server's
 * password check is slow on purpose (scrypt, spec §5), and the browser tests sign in over a hundred times: after the
 * first sign-in through the Login screen, a test starts as a device that signed in before, with the token in its
 * storage.
 */
const tokens = new Map<string, { password: string; token: string }>();

/** A server's data folder went (support/server-process.ts): its tokens went with the secret that signed them. */
export function forgetSignIns(base: string): void {
  tokens.delete(base);
}

/** The app at {base}/home with `token` stored, as a device that signed in earlier opens it; false when it was refused. */
async function openWithToken(page: Page, base: string, token: string): Promise<boolean> {
  // /health is a plain answer on the same origin: its page can hold the token without booting the app twice.
  await page.goto(`${base}/health`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN.key, token] as const);
  await page.goto(`${base}/home`);
  const ready = page.getByTestId('status-badge').filter({ hasText: 'Ready.' });
  await expect(ready.or(page.getByRole('heading', { name: 'Login' })).first()).toBeVisible();
  return ready.isVisible();
}

/**
 * Signed in and on the connected Lots page of the test's server (support/server-process.ts) or, without a `base`, of
 * the run's own. The Login screen itself is auth.spec.ts's: here it is used only for a worker's first sign-in to a
 * server, or when a stored token is no longer accepted.
 */
export async function signInHome(page: Page, base = '', password: string = ADMIN.password): Promise<void> {
  const kept = tokens.get(base);
  if (kept?.password === password && (await openWithToken(page, base, kept.token))) return;
  await signIn(page, password, base);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
  const given = await page.evaluate((key) => localStorage.getItem(key), TOKEN.key);
  if (given !== null) tokens.set(base, { password, token: given });
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
  const link = (await openNav(page)).getByRole('link', { name: entry, exact: true });
  const target = new URL((await link.getAttribute('href')) ?? '/', page.url()).pathname;
  // Once in a CI run a tap on a desk's link a moment after the first page load changed nothing (no overlay, the
  // link stable, the router on /home): a person taps again, and so does this, rather than failing the screen's test.
  await expect(async () => {
    if (new URL(page.url()).pathname !== target) await (await openNav(page)).getByRole('link', { name: entry, exact: true }).click();
    expect(new URL(page.url()).pathname).toBe(target);
  }).toPass({ timeout: 15_000, intervals: [1000] });
}

/** Presses Logout (its warning, if changes are waiting, is the caller's to answer). */
export async function pressLogout(page: Page): Promise<void> {
  await (await openNav(page)).getByRole('button', { name: 'Logout' }).click();
}
