// What Lot edit's buttons do (spec §2 Lot edit, §4 "Box editing", §5): each builds its intent (box-intents.ts)
// and queues it; whatever cannot be queued (a blank UPC, no box selected, full storage) is said to the user in
// the spec's words. A scan of a UPC already in the box plays the found-existing sound at once, offline too.
import type { Box, BoxInfo } from '../../protocol/entities';
import { discardEntry, enqueue, lotEditQuery, retryEntry } from '../../sync/client';
import { copyManifest } from '../../sync/intents/copy-manifest';
import { notifier, showError } from '../../sync/notifier';
import type { ItemRow } from '../../sync/replica';
import { scanContext } from '../../sync/use-lot-edit';
import {addBoxIntent, addUpcIntent, addUpcsIntent, deleteBoxIntent, deleteItemsIntent, updateBoxInfoIntent, updateItemIntent, type ItemEdits } from './box-intents';
import type { UpcQuantity } from './xls-rows';
import { ClientMessages } from '../../protocol/messages';

const queue = (build: () => Parameters<typeof enqueue>[0]): Promise<void> => {
  try {
    return enqueue(build()).then(() => undefined, showError);
  } catch (error) {
    showError(error);
    return Promise.resolve();
  }
};

/** A scan (the scanner's code + Enter, or Add): 1 more of the box's row, or a new row. */
export async function scanUpc(boxId: number | undefined, upc: string): Promise<void> {
  const code = upc.trim();
  const context = boxId === undefined || code === '' ? { existing: undefined, known: undefined } : await scanContext(boxId, code);
  await queue(() => addUpcIntent(boxId, code, context.existing, context.known));
  if (context.existing !== undefined) notifier.sound('found');
}

export const addBox = (lotId: number, label: string): Promise<void> => queue(() => addBoxIntent(lotId, label));
export const deleteBox = (box: Box | undefined): Promise<void> => queue(() => deleteBoxIntent(box));
export const updateBoxInfo = (box: Box, info: BoxInfo): Promise<void> => queue(() => updateBoxInfoIntent(box, info));
export const duplicateLot = (lotId: number): Promise<void> => copyManifest({ id: lotId }).catch(showError);

/** Update Items: each changed row, with its edits. Resolves with the ids sent. */
export async function updateItems(items: readonly ItemRow[], edits: ReadonlyMap<number, ItemEdits>): Promise<number[]> {
  const changed = items.filter((item) => edits.has(item.id));
  if (changed.length === 0) {
    notifier.warning(ClientMessages.noItemsToUpdate);
    return [];
  }
  const sent: number[] = [];
  for (const item of changed) {
    try {
      await enqueue(updateItemIntent(item, edits.get(item.id) ?? {}));
      sent.push(item.id);
    } catch (error) {
      showError(error);
    }
  }
  return sent;
}

export function deleteItems(items: readonly ItemRow[]): Promise<void> {
  if (items.length === 0) {
    notifier.warning(ClientMessages.noItemsToDelete);
    return Promise.resolve();
  }
  return queue(() => deleteItemsIntent(items));
}

/** XLS Save Changes: the file's rows into the box; the answer marks each row added or not found. */
export function saveXls(boxId: number | undefined, rows: readonly UpcQuantity[]): Promise<void> {
  lotEditQuery.setBulkResult(undefined);
  if (boxId === undefined) {
    notifier.error('Error, boxId is null or invalid');
    return Promise.resolve();
  }
  return queue(() => addUpcsIntent(boxId, rows));
}

export const retryScan = (seq: number): Promise<void> => retryEntry(seq).catch(showError);
export const discardScan = (seq: number): Promise<void> => discardEntry(seq).catch(showError);
