// The Lots list (spec §2 Lots list, §5, §8) as a person on a tablet uses it: Create Lot, the filter, the search
// with suggestions, editable numbers, the status and location dialogs, Delete Lot, Select Categories and
// Multiple SKUs with its progress dialog. Two browsers, offline, a phone and 10,000 lots: lots-live.spec.ts.
import { expect, test, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { MessageType } from '../../src/protocol/message-types';
import { PROCESS_ADMIN_PASSWORD, serverProcess, type ServerProcess } from './support/server-process';
import { signInHome } from './support/login';
import { sentTo } from './support/frames';
import { createLot, lotRow, unique } from './support/lots';

// Its own server process and data folder, so the lots made here are nobody else's count.
test.describe.configure({ timeout: 120_000 });
let server: ServerProcess;

test.beforeAll(async () => {
  server = serverProcess(18130);
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

const row = lotRow;

test('Create Lot says "Created manifest: {title}" and the lot joins the table', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const title = `Created ${unique()}`;
  await createLot(page, title);
  await expect(page.getByText(`Created manifest: ${title}`)).toBeVisible();
  await expect(row(page, title)).toContainText('NOT_LISTED');
});

test('opening Lots never says "Lots (0)" on its way to the lots the device holds (issue 31)', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  await createLot(page, `Counted ${unique()}`);
  // Every title the page shows from its first frame on, kept in the page: a count shown for a moment counts too.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { lotdeskTitles: seen });
    new MutationObserver(() => {
      const title = document.querySelector('h1')?.textContent ?? '';
      if (title !== '' && seen.at(-1) !== title) seen.push(title);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Lots \([1-9]\d*\)$/ })).toBeVisible();
  const titles = await page.evaluate(() => (window as unknown as { lotdeskTitles: string[] }).lotdeskTitles);
  expect(titles.filter((title) => title.startsWith('Lots'))).not.toContain('Lots (0)');
});

test('the status filter checkboxes change the rows the table shows', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const title = `Filtered ${unique()}`;
  await createLot(page, title);
  const notListed = page.getByRole('checkbox', { name: 'NOT_LISTED' });
  await expect(notListed).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'My Lots' })).toBeEnabled(); // an admin may change it
  await notListed.uncheck();
  await expect(row(page, title)).toHaveCount(0);
  await notListed.check();
  await expect(row(page, title)).toHaveCount(1);
});

test('search suggestions appear after 3 characters and choosing one narrows the table to that lot', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const word = `Zq${unique()}`;
  await createLot(page, `${word} first`);
  await createLot(page, `${word} second`);
  const search = page.getByRole('combobox', { name: 'Search lots' });
  const options = page.getByRole('listbox', { name: 'Search lots' }).getByRole('option');
  await search.fill(word.slice(0, 2));
  await expect(options).toHaveCount(0);
  await search.fill(word);
  await expect(options).toHaveCount(2);
  await options.filter({ hasText: `${word} second` }).click();
  await expect(page.getByRole('heading', { name: 'Lots (1)' })).toBeVisible();
  await expect(row(page, `${word} second`)).toHaveCount(1);
  await expect(row(page, `${word} first`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all lots' }).click();
  await expect(row(page, `${word} first`)).toHaveCount(1);
});

test('a numeric cell rejects "abc" with the spec\'s error and saves a number with 2 decimals, sending only that field', async ({ page }) => {
  const sent = sentTo(page, '/app/updateManifest');
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const title = `Numbers ${unique()}`;
  const lotNumber = await createLot(page, title);
  await page.getByRole('button', { name: `Edit Units of ${lotNumber}` }).click();
  await page.getByRole('textbox', { name: `Units of ${lotNumber}` }).fill('abc');
  await page.getByRole('textbox', { name: `Units of ${lotNumber}` }).press('Enter');
  await expect(page.getByText('ERROR, Units must be a number. Invalid number:abc')).toBeVisible();
  await page.getByRole('button', { name: `Edit Retail of ${lotNumber}` }).click();
  await page.getByRole('textbox', { name: `Retail of ${lotNumber}` }).fill('12.5');
  await page.getByRole('textbox', { name: `Retail of ${lotNumber}` }).press('Enter');
  await expect(page.getByRole('button', { name: `Edit Retail of ${lotNumber}` })).toHaveText('12.50');
  await expect(row(page, title)).not.toContainText('Pending');
  expect(sent).toEqual([{ id: await lotId(page, lotNumber), totalOriginalRetail: 12.5 }]);
});

/** The row's status button, then the status dialog: `status` chosen and Update. */
async function chooseStatus(page: Page, lotNumber: string, status: string): Promise<void> {
  await page.getByRole('button', { name: `Status of ${lotNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Lot(s) Status' });
  await dialog.getByRole('radio', { name: status }).check();
  await dialog.getByRole('button', { name: 'Update' }).click();
}

test('the status dialog changes a lot\'s status', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const title = `Status ${unique()}`;
  const lotNumber = await createLot(page, title);
  await chooseStatus(page, lotNumber, 'SHIPPED');
  await expect(row(page, title).getByRole('button', { name: `Status of ${lotNumber}` })).toHaveText('SHIPPED');
  await expect(row(page, title)).not.toContainText('Pending');
});

test('a SCHEDULED lot leaves the default list and is found again under "Other statuses", remembered across a reload (issue 31)', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const title = `Scheduled ${unique()}`;
  const lotNumber = await createLot(page, title);
  await chooseStatus(page, lotNumber, 'SCHEDULED');
  await expect(row(page, title)).toHaveCount(0); // none of the spec's four boxes shows it
  const other = page.getByRole('checkbox', { name: 'Other statuses' });
  await other.check();
  await expect(row(page, title).getByRole('button', { name: `Status of ${lotNumber}` })).toHaveText('SCHEDULED');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Other statuses' })).toBeChecked();
  await expect(row(page, title)).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Other statuses' }).uncheck(); // as the other tests expect the list
  await expect(row(page, title)).toHaveCount(0);
});

test('the location dialog "Update Location for {lotNumber} {status}" saves the location', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const title = `Location ${unique()}`;
  const lotNumber = await createLot(page, title);
  await page.getByRole('button', { name: `Location of ${lotNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Update Location for ${lotNumber} NOT_LISTED` });
  await dialog.getByLabel('Zone').selectOption('3');
  await dialog.getByLabel('Bin').selectOption('42');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(row(page, title).getByRole('button', { name: `Location of ${lotNumber}` })).toHaveText('3 0 0 0 42');
  await expect(row(page, title)).not.toContainText('Pending');
});

test('Delete Lot asks first, warning boxes and items go for good, then says "Deleted lots: 1"', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const title = `Deleted ${unique()}`;
  const lotNumber = await createLot(page, title);
  await page.getByRole('checkbox', { name: `Select ${lotNumber}` }).check();
  await page.getByRole('button', { name: 'Delete Lot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Lot' });
  await expect(dialog).toContainText('boxes and items are permanently deleted');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted lots: 1')).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
});

test('Multiple SKUs alerts "No SKUs entered." for blank input, and selects the lots of two lot numbers', async ({ page }) => {
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const suffix = unique();
  const first = await createLot(page, `Sku one ${suffix}`);
  const second = await createLot(page, `Sku two ${suffix}`);
  await createLot(page, `Sku three ${suffix}`);

  // The alert blocks the page until answered: accept it as it comes, and keep its text.
  const alerted = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await page.getByRole('button', { name: 'Multiple SKUs' }).click();
  await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByLabel('SKUs, one per line').fill('  \n ');
  await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByRole('button', { name: 'Proceed' }).click();
  expect(await alerted).toBe('No SKUs entered.');

  await page.getByRole('button', { name: 'Multiple SKUs' }).click();
  await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByLabel('SKUs, one per line').fill(`${first}\n${second}\n`);
  await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByRole('button', { name: 'Proceed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Getting Lots by SKUs for 2 lots.' });
  await expect(confirm).toContainText('Are you sure you want to Update Categories?');
  await confirm.getByRole('button', { name: 'Update Categories' }).click();
  await expect(page.getByRole('heading', { name: 'Lots (2)' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Select ${first}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Select ${second}` })).toBeChecked();
  await expect(row(page, `Sku three ${suffix}`)).toHaveCount(0);
});

test('Multiple SKUs: a double tap on Proceed and on Update Categories looks the lots up once (issue 31)', async ({ page }) => {
  const sent = sentTo(page, '/app/getLotsBySkus');
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const lotNumber = await createLot(page, `Sku twice ${unique()}`);
  await page.getByRole('button', { name: 'Multiple SKUs' }).click();
  const entry = page.getByRole('dialog', { name: 'Multiple SKUs' });
  await entry.getByLabel('SKUs, one per line').fill(lotNumber);
  // Two taps in one go reach the button before its dialog closes (a real double tap's second one may land on what is
  // under the closed dialog instead, which is not what this checks).
  const doubleTap = (button: Locator) => button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
  await doubleTap(entry.getByRole('button', { name: 'Proceed' }));
  const confirm = page.getByRole('dialog', { name: 'Getting Lots by SKUs for 1 lots.' });
  await doubleTap(confirm.getByRole('button', { name: 'Update Categories' }));
  await expect(page.getByRole('heading', { name: 'Lots (1)' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Select ${lotNumber}` })).toBeChecked();
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
  expect(sent).toEqual([[lotNumber]]);
});

const lotIds = (body: unknown): number[] => (Array.isArray(body) ? body.map((lot: { id: number }) => lot.id) : []);

async function lotId(page: Page, lotNumber: string): Promise<number> {
  const href = await page.getByRole('link', { name: `Edit ${lotNumber}` }).getAttribute('href');
  return Number(href?.split('/').pop());
}

test('Select Categories ("Select Categories", Close and Update) sends updateManifests with only the lots whose categories changed, shown as "name:id | name:id"', async ({ page }) => {
  const sent = sentTo(page, '/app/updateManifests');
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const suffix = unique();
  const [one, two] = [`Cats one ${suffix}`, `Cats two ${suffix}`];
  const first = await createLot(page, one);
  const second = await createLot(page, two);
  const categoryCell = (title: string): Locator => row(page, title).getByRole('cell').nth(3);
  const dialog = page.getByRole('dialog', { name: 'Select Categories' });
  const tick = async (name: string) => dialog.getByRole('checkbox', { name, exact: true }).check();

  // Close changes nothing.
  await page.getByRole('checkbox', { name: `Select ${first}` }).check();
  await page.getByRole('button', { name: 'Select Categories' }).click();
  await tick('Televisions');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(categoryCell(one)).toHaveText('');

  // Update sets the first lot's categories.
  await page.getByRole('button', { name: 'Select Categories' }).click();
  await tick('Televisions');
  await tick('Cameras');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(categoryCell(one)).toHaveText('Televisions:11 | Cameras:15');
  await expect(row(page, one)).not.toContainText('Pending');

  // Both lots, the same categories: only the second one changes, so only it is sent.
  await page.getByRole('checkbox', { name: `Select ${second}` }).check();
  await page.getByRole('button', { name: 'Select Categories' }).click();
  await tick('Televisions');
  await tick('Cameras');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(categoryCell(two)).toHaveText('Televisions:11 | Cameras:15');
  await expect(row(page, two)).not.toContainText('Pending');
  await expect(categoryCell(one)).toHaveText('Televisions:11 | Cameras:15');
  await expect.poll(() => sent.length).toBe(2);
  expect(sent.map(lotIds)).toEqual([[await lotId(page, first)], [await lotId(page, second)]]);
});

/**
 * Routes the page's socket through the test: server frames pass as they come until a FOUND_LOTS reply, which
 * (with every frame after it) waits until `release()`. Call before the page connects.
 */
async function holdFoundLots(page: Page): Promise<{ readonly held: () => number; readonly release: () => void }> {
  let client: WebSocketRoute | undefined;
  const held: (string | Buffer)[] = [];
  let holding = false;
  await page.routeWebSocket(/\/ws$/, (socket) => {
    client = socket;
    const upstream = socket.connectToServer();
    socket.onMessage((message) => upstream.send(message));
    upstream.onMessage((message) => {
      if (typeof message === 'string' && message.includes(`"messageType":${MessageType.FOUND_LOTS},`)) holding = true;
      if (holding) held.push(message);
      else socket.send(message);
    });
  });
  return {
    held: () => held.length,
    release: () => {
      holding = false;
      for (const message of held.splice(0)) client?.send(message);
    },
  };
}

test('Multiple SKUs shows the progress dialog with the status message until the found lots arrive', async ({ page }) => {
  const socket = await holdFoundLots(page);
  await signInHome(page, server.url, PROCESS_ADMIN_PASSWORD);
  const lotNumber = await createLot(page, `Progress ${unique()}`);
  await page.getByRole('button', { name: 'Multiple SKUs' }).click();
  await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByLabel('SKUs, one per line').fill(lotNumber);
  await page.getByRole('dialog', { name: 'Multiple SKUs' }).getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('dialog', { name: 'Getting Lots by SKUs for 1 lots.' }).getByRole('button', { name: 'Update Categories' }).click();

  const progress = page.getByRole('dialog', { name: 'Getting Lots by SKUs', exact: true });
  await expect(progress).toContainText('Getting Lots by SKUs for 1 lots...');
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Getting Lots by SKUs for 1 lots...');
  // The reply has reached the browser's door and waits there: the dialog is still up.
  await expect.poll(socket.held).toBeGreaterThan(0);
  await expect(progress).toBeVisible();

  socket.release();
  await expect(progress).toHaveCount(0);
  await expect(page.getByText('Found lots: 1 of 1')).toBeVisible();
  await expect(page.getByTestId('status-badge')).toHaveText('Ready.');
  await expect(page.getByRole('checkbox', { name: `Select ${lotNumber}` })).toBeChecked();
});
