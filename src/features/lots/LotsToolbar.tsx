// The Lots action buttons in the spec's order (spec §2): Select Categories, Listing Manager, Multiple SKUs,
// Create Lot, Delete Lot, Update Lot(s) Status, Unlist Lots, and the auction-event picker. Actions that need
// lots are disabled (and say why) until some are selected; the listing ones come with listings.
import { buttonClass, inputClass } from '../../ui/button';
import { ClientMessages } from '../../protocol/messages';

export interface LotsToolbarProps {
  readonly selectedCount: number;
  readonly onSelectCategories: () => void;
  readonly onMultipleSkus: () => void;
  readonly onCreate: () => void;
  readonly onDelete: () => void;
  readonly onUpdateStatus: () => void;
}

const LATER = 'Comes with listings';

export function LotsToolbar({ selectedCount, onSelectCategories, onMultipleSkus, onCreate, onDelete, onUpdateStatus }: LotsToolbarProps) {
  const none = selectedCount === 0;
  const needs = none ? ClientMessages.selectLotsFirst : undefined;
  return (
    <div role="toolbar" aria-label="Lot actions" className="flex flex-wrap items-center gap-2">
      <button type="button" className={buttonClass.secondary} disabled={none} title={needs} onClick={onSelectCategories}>
        Select Categories
      </button>
      <button type="button" className={buttonClass.secondary} disabled title={LATER}>
        Listing Manager
      </button>
      <button type="button" className={buttonClass.secondary} onClick={onMultipleSkus}>
        Multiple SKUs
      </button>
      <button type="button" className={buttonClass.primary} onClick={onCreate}>
        Create Lot
      </button>
      <button type="button" className={buttonClass.danger} disabled={none} title={needs} onClick={onDelete}>
        Delete Lot
      </button>
      <button type="button" className={buttonClass.secondary} disabled={none} title={needs} onClick={onUpdateStatus}>
        Update Lot(s) Status
      </button>
      <button type="button" className={buttonClass.secondary} disabled title={LATER}>
        Unlist Lots
      </button>
      <select aria-label="Auction event" disabled title="Comes with auctions" defaultValue="" className={`${inputClass} w-auto bg-white disabled:opacity-50`}>
        <option value="" disabled>
          Select Auction Event
        </option>
      </select>
    </div>
  );
}
