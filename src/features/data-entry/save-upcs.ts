// Save (spec §2 Data entry, §4): each selected new row as its own CREATE, one at a time through the outbox,
// until 'All UPCs Saved.'. The progress dialog reads the outbox (DESIGN §4). A row the server refuses (a UPC
// already in the catalogue, say) comes back into the table as a new row, so the user can fix it and save it
// again; its entry leaves the outbox, as the row took its place.
import { useCallback, useEffect, useState } from 'react';
import { UpcCrudRequestSchema, type UpcEntry } from '../../protocol/catalogue';
import { createUpc } from '../../domains/upcs';
import { useOutboxBatch } from '../../sync/live-hooks';
import { queueIntent } from '../../sync/intent';
import { sync } from '../../sync/runtime';
import { notifier } from '../../sync/feedback/notifier';
import { batchSettled, type BatchProgress } from '../../sync/outbox/batch';
import { messageOf } from '../../sync/validated';
import { addDrafts, draftsSaved, type DraftRow } from './sheet';
import { currentSheet, updateSheet } from './use-sheet';
import { ClientMessages } from '../../protocol/messages';

const NO_SEQS: readonly number[] = [];

export interface SaveUpcs {
  readonly save: () => void;
  /** The running save's progress; undefined when none runs. */
  readonly progress: BatchProgress | undefined;
}

/** Puts refused creates back into the sheet as new rows, and takes their entries out of the outbox. */
async function restoreRefused(dead: readonly number[]): Promise<void> {
  const entries = await sync().replica.outbox.bulkGet([...dead]);
  const rows: UpcEntry[] = entries.flatMap((entry) => {
    const request = UpcCrudRequestSchema.safeParse(entry?.body);
    return request.success ? request.data.upcEntries : [];
  });
  updateSheet((sheet) => addDrafts(sheet, rows));
  await Promise.all(dead.map((seq) => sync().discardEntry(seq)));
}

/** Queues each draft that passes the contract; one that does not stays a new row, and the user reads why. */
async function enqueueDrafts(drafts: readonly DraftRow[]): Promise<number[]> {
  const saved: Array<{ key: string; id: number }> = [];
  const seqs: number[] = [];
  const refused: string[] = [];
  for (const { key, entry } of drafts) {
    try {
      const { seq, tempId } = await queueIntent(createUpc, entry);
      seqs.push(seq);
      saved.push({ key, id: tempId ?? 0 });
    } catch (error) {
      refused.push(messageOf(error));
    }
  }
  updateSheet((sheet) => draftsSaved(sheet, saved));
  const [first] = refused;
  if (first !== undefined) notifier.error(refused.length === 1 ? first : `${first} (and ${refused.length - 1} more rows not saved)`);
  return seqs;
}

export function useSaveUpcs(): SaveUpcs {
  const [seqs, setSeqs] = useState<readonly number[]>(NO_SEQS);
  const progress = useOutboxBatch(seqs);
  const running = seqs.length > 0 && progress.total === seqs.length;

  useEffect(() => {
    if (!running || !batchSettled(progress)) return;
    setSeqs(NO_SEQS);
    if (progress.failed === 0) notifier.success(ClientMessages.allUpcsSaved);
    else {
      notifier.error(ClientMessages.savedPartly(progress.done, progress.total));
      void restoreRefused(progress.dead).catch((error: unknown) => notifier.error(messageOf(error)));
    }
  }, [running, progress]);

  const save = useCallback(() => {
    const sheet = currentSheet();
    const drafts = sheet.drafts.filter((draft) => sheet.selected.has(draft.key));
    if (drafts.length === 0) return notifier.warning(ClientMessages.noItemsToSave);
    void enqueueDrafts(drafts).then((queued) => queued.length > 0 && setSeqs(queued));
  }, []);

  return { save, progress: running ? progress : undefined };
}
