// Intent: rename a lot (spec §7 /app/updateManifestTitleById with lotId and newTitle). The new title shows at
// once, marked pending; the server's UPDATED_LOT_TITLE reply confirms it, a refusal rolls it back. A lot
// created offline can be renamed before the server knows it: its temporary id is rewritten on the way.
import { useCallback } from 'react';
import { Destination } from '../../protocol/destinations';
import { enqueue } from '../client';
import { showError } from '../notifier';
import { isTempId } from '../optimistic';
import type { Intent } from '../outbox';
import { validTitle } from './title';

export interface RenameLotInput {
  readonly lotId: number;
  readonly newTitle: string;
}

export function renameLotIntent({ lotId, newTitle }: RenameLotInput): Intent {
  const titleListing = validTitle(newTitle);
  return {
    destination: Destination.updateManifestTitleById,
    body: { lotId, newTitle: titleListing },
    optimistic: { kind: 'patch', table: 'lots', id: lotId, patch: { titleListing } },
    ...(isTempId(lotId) ? { tempRefs: ['lotId'] } : {}),
  };
}

export async function renameLot(input: RenameLotInput): Promise<void> {
  await enqueue(renameLotIntent(input));
}

/** For the screen: renames, and shows why when it cannot. */
export function useRenameLot(): (lotId: number, newTitle: string) => void {
  return useCallback((lotId: number, newTitle: string) => {
    renameLot({ lotId, newTitle }).catch(showError);
  }, []);
}
