// What several browser specs do on the Lots page: a unique name, a lot's row, Create Lot as a person does it, and a
// lot with a box open in Lot edit.
import { expect, type Locator, type Page } from '@playwright/test';

/** A short name no other test run has used. */
export const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The Lots table's row holding this text (the <tr>, or the phone's card, carries data-testid 'lot-row'). */
export const lotRow = (page: Page, text: string): Locator => page.getByTestId('lot-row').filter({ hasText: text });

/** Create Lot with this title, as a person does it; the row shows at once (online or not). */
export async function submitCreateLot(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Lot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Lot' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(lotRow(page, title)).toBeVisible();
}

/** Create Lot with this title; waits for the server's number and returns it. */
export async function createLot(page: Page, title: string): Promise<string> {
  await submitCreateLot(page, title);
  await expect(lotRow(page, title)).toContainText('LOT-');
  // The Edit link names the lot in a table row and in a phone card alike.
  const edit = lotRow(page, title).getByRole('link', { name: /^Edit LOT-/ });
  return ((await edit.getAttribute('aria-label')) ?? '').replace('Edit ', '');
}

/** On the Lots page: Create Lot, open its edit page and Add Box 'A' (selected); returns the lot number. */
export async function createLotWithBox(page: Page, title: string): Promise<string> {
  await createLot(page, title);
  const edit = lotRow(page, title).getByRole('link', { name: /^Edit LOT-/ });
  const lotNumber = ((await edit.getAttribute('aria-label')) ?? '').replace('Edit ', '');
  await edit.click();
  await expect(page.getByRole('heading', { name: lotNumber })).toBeVisible();
  await page.getByRole('button', { name: 'Add Box' }).click();
  await page.getByRole('dialog', { name: 'Add Box' }).getByLabel('Box label').fill('A');
  await page.getByRole('dialog', { name: 'Add Box' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('tab', { name: 'box A', selected: true })).toBeVisible();
  return lotNumber;
}

/** A scanner: types the code into the focused UPC field (Lot edit's box editor) and presses Enter. */
export async function scan(page: Page, upc: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'UPC', exact: true });
  await expect(field).toBeFocused();
  await field.pressSequentially(upc, { delay: 0 });
  await field.press('Enter');
  await expect(field).toHaveValue('');
}
