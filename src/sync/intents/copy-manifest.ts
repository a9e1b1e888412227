// Intent: Duplicate Lot (spec §2; /app/copyManifest with the lot id). The copy has a new lot number only the
// server can give, so nothing is shown before it answers: COPIED_MANIFEST puts the new lot in the replica and
// says 'Copied manifest: {lotNumber}'. Queued like every change, so a copy asked offline is made on reconnect.
import { useCallback } from 'react';
import { Destination } from '../../protocol/destinations';
import { enqueue } from '../client';
import { isTempId } from '../optimistic';
import type { Intent } from '../outbox';
import { showError } from '../notifier';

export interface CopyManifestInput {
  readonly id: number;
}

export function copyManifestIntent({ id }: CopyManifestInput): Intent {
  return {
    destination: Destination.copyManifest,
    body: id,
    ...(isTempId(id) ? { tempRefs: [''] } : {}),
  };
}

export async function copyManifest(input: CopyManifestInput): Promise<void> {
  await enqueue(copyManifestIntent(input));
}

/** For the screen (Duplicate Lot, after its confirmation). */
export function useCopyManifest(): (id: number) => void {
  return useCallback((id: number) => {
    copyManifest({ id }).catch(showError);
  }, []);
}
