// Signing in and out as a person does it (spec §2 Login, route table; §1 top bar), on the real server.
import { expect, test, type WebSocketRoute } from '@playwright/test';
import { ADMIN, openNav, signIn } from './support/login';

test('a wrong password shows Invalid credentials and stays on /login', async ({ page }) => {
  await signIn(page, 'not-the-password');
  await expect(page.getByTestId('login-alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);
});

test('login lands on /home with the greeting, Admin and Ready.; reload stays signed in; Logout returns to /login', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /^Lots \(\d+\)$/ })).toBeVisible();
  const greeting = page.getByTestId('greeting');
  await expect(greeting).toContainText(ADMIN.username);
  await expect(greeting).toContainText('Admin');
  await expect(page.getByText('LotDesk v1.0')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.'); // categories loaded

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const entry of ['Lots', 'Data Entry', 'Image Entry', 'Inventory', 'Auctions']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }

  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('greeting')).toContainText('Admin');

  await nav.getByRole('link', { name: 'Data Entry' }).click();
  await expect(page.getByRole('heading', { name: 'Data Entry' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByTestId('greeting')).toHaveCount(0);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('opening /login with a valid token goes straight to /home', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('a protected route redirects a visitor to /login', async ({ page }) => {
  for (const path of ['/home', '/inventory', '/lotedit/12', '/imagemanager/5?type=box']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('an unknown route shows the error page with 404, in plain words, and a way back to the Lots page (issue 31)', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
  await expect(page.getByText('Page not found (404)')).toBeVisible();
  await expect(page.getByText('There is no page at /overview.', { exact: false })).toBeVisible();
  const back = page.getByRole('link', { name: 'Go to the Lots page' });
  expect((await back.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44); // a finger's target
  await back.tap();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /^Lots/ })).toBeVisible();
});

test('route params: invalid lot id and image type show the spec warnings', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/lotedit/abc');
  await expect(page.getByText('Invalid lot ID: abc')).toBeVisible();
  await page.goto('/imagemanager/5?type=pallet');
  await expect(page.getByText("Invalid type: pallet Should be 'box' or 'upc'.")).toBeVisible();
  await page.goto('/imagemanager/5?type=upc');
  await expect(page.getByRole('heading', { name: 'Images of 5' })).toBeVisible();
});

test('a phone-sized screen keeps the login usable', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  await expect(page).toHaveURL(/\/home$/);
  const nav = await openNav(page); // on a phone the navigation is behind the Menu button
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  const box = await nav.getByRole('button', { name: 'Logout' }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
});

test('the login spinner tells first load, a broker error and a lost connection apart', async ({ page }) => {
  // A stand-in broker that never answers CONNECT, so the connection stays in the making.
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket('**/ws', (socket) => void sockets.push(socket));
  await page.goto('/login');
  await expect(page.getByText('Loading/Connecting...')).toBeVisible();

  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  sockets[0]?.send('ERROR\nmessage:Broker says no\n\n\0');
  await expect(page.getByRole('main').getByText('Error: Broker says no')).toBeVisible(); // the spinner says it
  await expect(page.getByRole('alert').filter({ hasText: 'Error: Broker says no' })).toBeVisible(); // and the error channel (§8)

  await sockets[0]?.close();
  await expect(page.getByText('Connecting...', { exact: true })).toBeVisible();
  await expect(page.getByText('Loading/Connecting...')).toHaveCount(0);
});

test("a login screen left idle past the server's sign-in deadline reopens its socket quietly and still signs in", async ({ page }) => {
  test.setTimeout(60_000);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // The server closes an anonymous socket after WS_SIGN_IN_TIMEOUT (10 s by default): a second socket opens.
  await expect.poll(() => sockets.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(/^Error:/)).toHaveCount(0);
  await expect(page.getByText('Connecting...', { exact: true })).toHaveCount(0);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/home$/);
});
