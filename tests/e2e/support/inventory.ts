// The Inventory screen as the counting specs use it: an event made, a code typed as a hardware scanner does, and the
// history the server ended up with.
import { expect, type Page } from '@playwright/test';
import type { InventoryEvent, ManifestHistoryEntry } from '../../../src/protocol/entities';
import { okData } from '../../support/lot-replies';
import type { TestClient } from '../../support/stomp-client';

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

/** The server's history of the one event named `label`. */
export async function historyOnServer(client: TestClient, label: string): Promise<ManifestHistoryEntry[]> {
  const events = okData(await client.request('getInventoryEvents', { id: 0 }, 'incomingMessages')) as InventoryEvent[];
  const named = events.filter((each) => each.label === label);
  expect(named).toHaveLength(1);
  return okData(await client.request('getManifestHistory', { inventoryEventId: named[0]?.id, manifestId: 0 }, 'incomingMessages')) as ManifestHistoryEntry[];
}
