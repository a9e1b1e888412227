// The Lots list, the home page (spec §2 Lots list), minimal until the Lots issue: the heading with its count,
// Create Lot, and the table with rename. Everything reads the replica and writes intents, so it works the
// same offline: changes show at once, marked pending, and reach the server when the connection is back.
import { useState } from 'react';
import { TITLE_MAX } from '../../protocol/lots';
import { Messages } from '../../sync/notifier';
import type { LotRow } from '../../sync/replica';
import { buttonClass } from '../../ui/button';
import { PromptDialog } from '../../ui/PromptDialog';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { useCreateLot } from './create-lot';
import { LotsTable } from './LotsTable';
import { useRenameLot } from './rename-lot';
import { useLots } from './use-lots';

export function LotsScreen() {
  const lots = useLots();
  const createLot = useCreateLot();
  const renameLot = useRenameLot();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<LotRow | undefined>(undefined);

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <ScreenTitle>{`Lots (${lots.length})`}</ScreenTitle>
        <button type="button" className={`${buttonClass.primary} mb-4`} onClick={() => setCreating(true)}>
          Create Lot
        </button>
      </div>
      <LotsTable lots={lots} onRename={setRenaming} />
      <PromptDialog
        open={creating}
        onOpenChange={setCreating}
        title="Create Lot"
        message="The new lot's title."
        label="Title"
        blankHint={Messages.titleRequired}
        maxLength={TITLE_MAX}
        onProceed={createLot}
      />
      <PromptDialog
        open={renaming !== undefined}
        onOpenChange={(open) => setRenaming((current) => (open ? current : undefined))}
        title={renaming === undefined || renaming.id < 0 ? 'Rename lot' : `Rename ${renaming.lotNumber}`}
        label="Title"
        initialValue={renaming?.titleListing ?? ''}
        blankHint={Messages.titleRequired}
        maxLength={TITLE_MAX}
        onProceed={(title) => renaming !== undefined && renameLot(renaming.id, title)}
      />
    </section>
  );
}
