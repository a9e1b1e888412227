// What several browser specs do on the Lots page: a unique name, a lot's row, and Create Lot as a person does it.
import { expect, type Locator, type Page } from '@playwright/test';

/** A short name no other test run has used. */
export const unique = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The Lots table's row holding this text (the <tr> carries data-testid 'lot-row'). */
export const lotRow = (page: Page, text: string): Locator => page.getByTestId('lot-row').filter({ hasText: text });

/** Create Lot with this title; waits for the server's number and returns it. */
export async function createLot(page: Page, title: string): Promise<string> {
  await page.getByRole('button', { name: 'Create Lot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Lot' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(lotRow(page, title)).toContainText('LOT-');
  return (await lotRow(page, title).getByRole('cell').first().innerText()).trim();
}
