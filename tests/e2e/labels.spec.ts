// Printable labels (issue 16): a lot's label (Code 128 of its number, title and location) and a location's (QR of
// zone-aisle-column-row-bin) at a phone's, a tablet's and a desk's size, in each label size; nothing overflows the page,
// and printing shows the sheet alone.
import { expect, test, type Page } from '@playwright/test';
import { LabelMessages } from '../../src/protocol/messages';
import { navigateTo, signInHome } from './support/login';
import { createLot, lotRow, unique } from './support/lots';
import { SIZES } from './support/sizes';

async function lotId(page: Page, title: string): Promise<string> {
  const href = (await lotRow(page, title).getByRole('link', { name: /^Edit LOT-/ }).getAttribute('href')) ?? '';
  return href.split('/').at(-1) ?? '';
}

for (const size of SIZES) {
  test(`prints a lot's and a location's label at ${size.name} size, in every label size`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: size.viewport, hasTouch: size.hasTouch });
    try {
      const page = await context.newPage();
      await signInHome(page);
      const title = `Label lot ${unique()}`;
      const lotNumber = await createLot(page, title);
      await page.goto(`/labels?lots=${await lotId(page, title)}&locations=1-2-3-4-5`);

      const labels = page.getByTestId('label');
      await expect(labels).toHaveCount(2);
      await expect(labels.first()).toContainText(lotNumber);
      await expect(labels.first()).toContainText(title);
      await expect(labels.first().getByRole('img', { name: LabelMessages.barcodeAlt(lotNumber) })).toBeVisible();
      await expect(labels.nth(1).getByRole('img', { name: LabelMessages.barcodeAlt('1-2-3-4-5') })).toBeVisible();

      for (const format of ['2 × 1 in (thermal)', 'A4 sheet, 3 × 8 (70 × 37 mm)', 'Letter sheet, 3 × 10 (Avery 5160)', '4 × 6 in (shipping)']) {
        await page.getByLabel(LabelMessages.format).selectOption({ label: format });
        await expect(labels).toHaveCount(2);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      }
      const print = page.getByRole('button', { name: LabelMessages.print });
      expect((await print.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

      // In print only the sheet shows: the app's bar and the size picker are hidden.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByLabel(LabelMessages.format)).toBeHidden();
      await expect(labels.first()).toBeVisible();
    } finally {
      await context.close();
    }
  });
}

test('labels are printed from the Lots selection, from Lot edit and from the count in Inventory', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await signInHome(page);
    const title = `Entry lot ${unique()}`;
    const lotNumber = await createLot(page, title);

    await lotRow(page, title).getByRole('checkbox', { name: `Select ${lotNumber}` }).check();
    await page.getByRole('toolbar', { name: 'Lot actions' }).getByRole('button', { name: LabelMessages.printLabels }).click();
    await expect(page.getByTestId('label')).toHaveCount(1);
    await expect(page.getByTestId('label')).toContainText(lotNumber);

    await page.goto('/home');
    await lotRow(page, title).getByRole('link', { name: `Edit ${lotNumber}` }).click();
    await page.getByRole('link', { name: LabelMessages.printLabel }).click();
    await expect(page.getByTestId('label')).toContainText(title);

    await navigateTo(page, 'Inventory');
    await page.getByRole('button', { name: 'Create Event' }).click();
    const create = page.getByRole('dialog', { name: 'Create Inventory Event' });
    await create.getByRole('button', { name: 'Create Event' }).click();
    await expect(create).toHaveCount(0);
    await page.getByRole('link', { name: LabelMessages.printLocationLabel }).click();
    await expect(page.getByTestId('label')).toContainText('1-1-1-1-1');
    // A QR code is drawn square (given a bar height it came out flattened, which readers may not take).
    const code = page.getByRole('img', { name: LabelMessages.barcodeAlt('1-1-1-1-1') });
    await expect(code).toBeVisible();
    expect(await code.evaluate((image: HTMLImageElement) => image.naturalWidth - image.naturalHeight)).toBe(0);
  } finally {
    await context.close();
  }
});

test("a lot label scanned into the Lots search (the number, then Enter) shows that lot", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await signInHome(page);
    const [first, second] = [`Scan find ${unique()}`, `Scan other ${unique()}`];
    const lotNumber = await createLot(page, first);
    await createLot(page, second);
    const search = page.getByRole('combobox', { name: 'Search lots' });
    await search.click();
    await page.keyboard.type(lotNumber.toLowerCase()); // a scanner set to lower case still finds it
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Show all lots' })).toBeVisible();
    await expect(lotRow(page, first)).toBeVisible();
    await expect(lotRow(page, second)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
