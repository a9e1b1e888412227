// What the lots page gets from selling (its page passes it in: features never import each other): the Listing
// Manager for the selected lots (with the queues' progress) and Unlist Lots (a confirmation, then the unlisting queue).
import { ListingManagerMessages } from '../../protocol/messages';
import { showError } from '../../sync/feedback/notifier';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { lotNames } from '../../ui/lot-display';
import { ListingManager, type ListingLot } from './ListingManager';
import { startUnlisting } from './listing-queue';

export interface SellingProps {
  readonly lots: readonly ListingLot[];
  /** Which of the lots page's selling actions is open. */
  readonly action: 'manager' | 'unlist' | undefined;
  readonly onDone: () => void;
}

export function Selling({ lots, action, onDone }: SellingProps) {
  const closeWhen = (open: boolean): void => {
    if (!open) onDone();
  };
  return (
    <>
      <ListingManager lots={lots} open={action === 'manager'} onOpenChange={closeWhen} />
      <ConfirmDialog
        open={action === 'unlist'}
        onOpenChange={closeWhen}
        title={ListingManagerMessages.unlistLotsTitle}
        message={ListingManagerMessages.unlistLotsMessage(lotNames(lots))}
        proceedLabel={ListingManagerMessages.unlist}
        tone="danger"
        onProceed={() => void startUnlisting(lots).catch(showError)}
      />
    </>
  );
}
