// What Lot edit's buttons do (spec §2 Lot edit, §4 "Box editing", §5): each queues its domain's intent; whatever
// cannot be queued (a blank UPC, no box selected, full storage) is said to the user in the spec's words. A scan of
// a UPC already in the box plays the found-existing sound at once, offline too.
import type { Box, BoxInfo } from '../../protocol/entities';
import { ClientMessages } from '../../protocol/messages';
import { addBox as addBoxIntent, deleteBox as deleteBoxIntent, updateBoxInfo as updateBoxInfoIntent } from '../../domains/boxes';
import {
  addUpc, addUpcs, clearBulkResult, deleteItems as deleteItemsIntent, scanContext, updateItem, type ItemEdits, type ItemRow,
} from '../../domains/items';
import { copyManifest } from '../../domains/lots';
import { notifier, showError } from '../../sync/feedback/notifier';
import { queueIntent, type IntentDefinition } from '../../sync/intent';
import { sync } from '../../sync/runtime';
import type { UpcQuantity } from './xls-rows';

const queue = <In>(intent: IntentDefinition<In>, input: In): Promise<void> => queueIntent(intent, input).then(() => undefined, showError);

/** A scan (the scanner's code + Enter, or Add): 1 more of the box's row, or a new row. */
export async function scanUpc(boxId: number | undefined, upc: string): Promise<void> {
  const code = upc.trim();
  const context = boxId === undefined || code === '' ? { existing: undefined, known: undefined } : await scanContext(boxId, code);
  await queue(addUpc, { boxId, upc: code, ...context });
  if (context.existing !== undefined) notifier.sound('found');
}

export const addBox = (lotId: number, label: string): Promise<void> => queue(addBoxIntent, { lotId, label });
export const deleteBox = (box: Box | undefined): Promise<void> => queue(deleteBoxIntent, box);
export const updateBoxInfo = (box: Box, info: BoxInfo): Promise<void> => queue(updateBoxInfoIntent, { box, info });
export const duplicateLot = (lotId: number): Promise<void> => queue(copyManifest, { id: lotId });

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
      await queueIntent(updateItem, { item, edits: edits.get(item.id) ?? {} });
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
  return queue(deleteItemsIntent, items);
}

/** XLS Save Changes: the file's rows into the box; the answer marks each row added or not found. */
export function saveXls(boxId: number | undefined, rows: readonly UpcQuantity[]): Promise<void> {
  clearBulkResult();
  if (boxId === undefined) {
    notifier.error(ClientMessages.noBox);
    return Promise.resolve();
  }
  return queue(addUpcs, { boxId, upcQuantities: rows });
}

export const retryScan = (seq: number): Promise<void> => sync().retryEntry(seq).catch(showError);
export const discardScan = (seq: number): Promise<void> => sync().discardEntry(seq).catch(showError);
