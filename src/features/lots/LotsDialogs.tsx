// The Lots page's dialogs (spec §2): Create Lot and Rename (prompts), Delete Lot (a danger confirmation that
// boxes and items go for good), status, location, Select Categories and Multiple SKUs. One is open at a time;
// each sends its intent and closes.
import { TITLE_MAX } from '../../protocol/lots';
import type { Category } from '../../protocol/entities';
import { createLot, deleteLots, renameLot, setLotCategories, updateLotLocation, updateLotStatus, type LotRow } from '../../domains/lots';
import { showError } from '../../sync/feedback/notifier';
import { useIntent } from '../../sync/intent';
import { CategoryDialog } from '../../ui/CategoryDialog';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LocationDialog } from '../../ui/LocationDialog';
import { PromptDialog } from '../../ui/PromptDialog';
import { StatusDialog } from '../../ui/StatusDialog';
import { lotName, lotNames } from '../../ui/lot-display';
import { MultipleSkus } from './MultipleSkus';
import { ClientMessages } from '../../protocol/messages';

export type OpenDialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'skus' }
  | { readonly kind: 'rename'; readonly lot: LotRow }
  | { readonly kind: 'location'; readonly lot: LotRow }
  | { readonly kind: 'delete' | 'status' | 'categories'; readonly lots: readonly LotRow[] };

export interface LotsDialogsProps {
  readonly dialog: OpenDialog | undefined;
  readonly onClose: () => void;
  readonly categories: readonly Category[];
  readonly onSkusSent: () => void;
}

export function LotsDialogs({ dialog, onClose, categories, onSkusSent }: LotsDialogsProps) {
  const create = useIntent(createLot);
  const rename = useIntent(renameLot);
  const remove = useIntent(deleteLots);
  const updateStatus = useIntent(updateLotStatus);
  const updateLocation = useIntent(updateLotLocation);
  const closeWhen = (open: boolean): void => {
    if (!open) onClose();
  };
  const lot = dialog?.kind === 'rename' || dialog?.kind === 'location' ? dialog.lot : undefined;
  const lots = dialog?.kind === 'delete' || dialog?.kind === 'status' || dialog?.kind === 'categories' ? dialog.lots : [];
  const [onlyLot] = lots;

  return (
    <>
      <PromptDialog
        open={dialog?.kind === 'create'}
        onOpenChange={closeWhen}
        title="Create Lot"
        message="The new lot's title."
        label="Title"
        blankHint={ClientMessages.titleRequired}
        maxLength={TITLE_MAX}
        onProceed={(title) => create({ title })}
      />
      <PromptDialog
        open={dialog?.kind === 'rename'}
        onOpenChange={closeWhen}
        title={lot === undefined || lot.id < 0 ? 'Rename lot' : `Rename ${lot.lotNumber}`}
        label="Title"
        initialValue={lot?.titleListing ?? ''}
        blankHint={ClientMessages.titleRequired}
        maxLength={TITLE_MAX}
        onProceed={(title) => lot !== undefined && rename({ lotId: lot.id, newTitle: title })}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={closeWhen}
        title="Delete Lot"
        message={`Delete ${lots.length === 1 ? 'lot' : `${lots.length} lots`} ${lotNames(lots)}? Their boxes and items are permanently deleted. This cannot be undone.`}
        proceedLabel="Delete"
        tone="danger"
        onProceed={() => remove({ ids: lots.map((row) => row.id) })}
      />
      <StatusDialog
        open={dialog?.kind === 'status'}
        onOpenChange={closeWhen}
        message={lots.length === 1 && onlyLot !== undefined ? `${lotName(onlyLot)} is ${onlyLot.status}.` : `${lots.length} lots selected.`}
        onUpdate={(status) => updateStatus({ status, ids: lots.map((row) => row.id) })}
      />
      {lot !== undefined && (
        <LocationDialog
          open={dialog?.kind === 'location'}
          onOpenChange={closeWhen}
          lotNumber={lotName(lot)}
          status={lot.status}
          initial={{ zone: lot.loc_zone, aisle: lot.loc_aisle, column: lot.loc_column, row: lot.loc_row, bin: lot.loc_box }}
          onSave={({ zone, aisle, column, row, bin }) =>
            updateLocation({ id: lot.id, loc_zone: zone, loc_aisle: aisle, loc_column: column, loc_row: row, loc_box: bin })
          }
        />
      )}
      <CategoryDialog
        open={dialog?.kind === 'categories'}
        onOpenChange={closeWhen}
        categories={categories}
        initialSelected={lots.length === 1 && onlyLot !== undefined ? onlyLot.categories : []}
        onUpdate={(ids) => void setLotCategories(lots, ids).catch(showError)}
      />
      <MultipleSkus open={dialog?.kind === 'skus'} onOpenChange={closeWhen} onSent={onSkusSent} />
    </>
  );
}
