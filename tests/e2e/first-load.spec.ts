// First load (issue 13, docs/operations.md): the login screen works with the core alone; the replica, outbox and
// domains arrive in their own chunk, which signed-in screens wait for. Held here to prove the split is real.
import { expect, test, type Route } from '@playwright/test';
import { ADMIN, signIn } from './support/login';

test('the login screen signs in while the engine chunk is still downloading; Lots opens once it arrives', async ({ page }) => {
  const held: Route[] = [];
  await page.route(/\/assets\/engine-[\w-]+\.js$/, (route) => void held.push(route));

  await signIn(page);
  await expect(page.getByTestId('greeting')).toContainText(ADMIN.username); // signed in by the core alone
  expect(held).toHaveLength(1); // the engine was asked for at start, and is still on its way
  await expect(page.getByRole('heading', { name: /^Lots/ })).toHaveCount(0); // the auth guard waits for it
  // The top bar is laid out as it will be, Logout waiting for the engine: nothing below it moves when that arrives.
  const logout = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' });
  await expect(logout).toBeDisabled();
  const barHeight = () => page.getByRole('banner').evaluate((bar) => bar.getBoundingClientRect().height);
  const heldHeight = await barHeight();

  for (const route of held) await route.continue();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /^Lots \(\d+\)$/ })).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.'); // the domains asked their questions on joining
  await expect(logout).toBeEnabled();
  expect(await barHeight()).toBe(heldHeight);
});
