// The Devices screen (issue 30) as an admin uses it to set up a tablet, at a phone's, a tablet's and a desk's size:
// opened from the menu, a QR code of the setup address per server address with the address under it, the CA's
// fingerprint, the https addresses and the advice on "not secure"; nothing scrolls sideways and every link can be
// tapped. A user has no Devices entry; offline the screen says it needs the connection.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DeviceSetupSchema, type DeviceSetup } from '../../src/protocol/devices';
import { DeviceMessages as T } from '../../src/protocol/messages';
import { navigateTo, openNav, signInHome } from './support/login';
import { keepScreenshot } from './support/screenshots';
import { addUser, asAdmin, PROCESS_ADMIN_PASSWORD, serverProcess } from './support/server-process';
import { noSidewaysScroll, SIZES } from './support/sizes';
import { expectTouchTargets } from './support/targets';

/** What a shop would put in TLS_NAMES: a local name and a private address, so the screen has known hosts to show. */
const NAMES = ['lotdesk.lan', '192.168.77.7'];
const CLERK = { username: 'clerk', password: 'clerk-password-1' } as const;

const server = serverProcess(18720, { env: { TLS_NAMES: NAMES.join(',') } });

test.beforeAll(async () => {
  test.setTimeout(120_000); // two CLI runs and a server start
  // The accounts, made with the users CLI before the server takes the data folder (then no first-start admin is made).
  addUser(server.dataDir, 'admin', '--admin', '--password', PROCESS_ADMIN_PASSWORD);
  addUser(server.dataDir, CLERK.username, '--password', CLERK.password);
  await server.start();
});
test.afterAll(() => server.dispose());

/** The server's own answer, asked as another admin device would: what the screen must show. */
function serverFacts(): Promise<DeviceSetup> {
  return asAdmin(server, async (client) => DeviceSetupSchema.parse(await client.request('getDeviceSetup', undefined, 'deviceSetup')));
}

const bracketed = (host: string): string => (host.includes(':') ? `[${host}]` : host);

async function openDevices(page: Page): Promise<void> {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await navigateTo(page, T.title);
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
}

for (const size of SIZES) {
  test(`an admin opens Devices from the menu and sees how to set up a tablet at ${size.name} size`, async ({ browser }, testInfo) => {
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.hasTouch });
    try {
      const page = await context.newPage();
      const facts = await serverFacts();
      expect(facts.mode).toBe('auto');
      expect(facts.hosts).toEqual(expect.arrayContaining(NAMES));
      const fingerprint = facts.caFingerprint ?? '';
      expect(fingerprint).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/);
      await openDevices(page);

      // A QR code (SVG) per address, named for the setup address written (and linked) under it.
      const codes = page.getByTestId('address-code');
      await expect(codes).toHaveCount(facts.hosts.length);
      const links: Locator[] = [];
      for (const host of facts.hosts) {
        const setup = `http://${bracketed(host)}:${facts.httpPort}/setup`;
        const code = codes.filter({ hasText: setup });
        await expect(code.getByRole('img', { name: T.qrAlt(setup) })).toHaveAttribute('src', /^data:image\/svg\+xml/);
        const link = code.getByRole('link', { name: setup, exact: true });
        await expect(link).toHaveAttribute('href', setup);
        links.push(link);
        const app = page.getByRole('link', { name: `https://${bracketed(host)}:${facts.httpsPort}`, exact: true });
        await expect(app).toBeVisible();
        links.push(app);
      }

      await expect(page.getByRole('heading', { name: T.fingerprintTitle })).toBeVisible();
      await expect(page.getByTestId('ca-fingerprint')).toHaveText(fingerprint);
      await expect(page.getByRole('heading', { name: T.notSecureTitle })).toBeVisible();
      await expect(page.getByText(/Certificate Trust Settings/)).toBeVisible();
      await expect(page.getByText(/date or time is wrong/)).toBeVisible();

      await noSidewaysScroll(page);
      await expectTouchTargets(links);
      await keepScreenshot(page, testInfo, `${size.name} Devices`);
    } finally {
      await context.close();
    }
  });
}

test('a user has no Devices entry, and /devices sends them to Lots', async ({ page }) => {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Username').fill(CLERK.username);
  await page.getByLabel('Password').fill(CLERK.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  const nav = await openNav(page);
  await expect(nav.getByRole('link', { name: 'Auctions', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: T.title, exact: true })).toHaveCount(0);
  await page.goto(`${server.url}/devices`);
  await expect(page).toHaveURL(/\/home$/);
});

test('offline, Devices says it needs the connection, and shows the addresses again once it is back', async ({ page }) => {
  test.setTimeout(90_000);
  await openDevices(page);
  await expect(page.getByTestId('ca-fingerprint')).toBeVisible();
  await server.stop();
  await expect(page.getByText(T.offline)).toBeVisible();
  await expect(page.getByTestId('address-code')).toHaveCount(0);
  await server.start();
  await expect(page.getByTestId('ca-fingerprint')).toBeVisible({ timeout: 30_000 });
});
