// The Inventory screen as the counting specs use it: an event made, a code typed as a hardware scanner does, the count
// sent. The history the server ended up with: tests/support/inventory.ts.
import { expect, type Page } from '@playwright/test';

/** Creates an inventory event named `label` on the open Inventory screen; resolves to its id as the screen shows it. */
export async function createCountEvent(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: 'Create Event' }).click();
  const create = page.getByRole('dialog', { name: 'Create Inventory Event' });
  await create.getByLabel('Label').fill(label);
  await create.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByTestId('event-id')).toHaveText(/^\d+$/);
  return (await page.getByTestId('event-id').textContent()) ?? '';
}

/** A hardware scanner: the code typed into the focused lot-number field, then Enter. */
export async function typeAndEnter(page: Page, code: string): Promise<void> {
  const field = page.getByRole('combobox', { name: /Lot number/ }).or(page.getByRole('textbox', { name: /Lot number/ })).first();
  await expect(field).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** Resolves once no history row of the screen waits to be sent (the count has reached the server). */
export async function untilCountSent(page: Page): Promise<void> {
  await expect(page.getByTestId('history-row').filter({ hasText: 'Pending' })).toHaveCount(0, { timeout: 60_000 });
}
