// The Lots action buttons in the spec's order (spec §2): Select Categories, Listing Manager, Multiple SKUs,
// Create Lot, Delete Lot, Update Lot(s) Status, Unlist Lots (and Print labels, issue 16), and the auction-event picker. Actions that need
// lots are disabled (and say why) until some are selected; the listing ones come from the page (selling). On a phone
// Create Lot stays in the row and the rest are under More actions (ActionBar).
import { ActionBar, type BarAction } from '../../ui/ActionBar';
import type { ReactNode } from 'react';
import { ClientMessages, LabelMessages } from '../../protocol/messages';

export interface LotsToolbarProps {
  readonly selectedCount: number;
  readonly onSelectCategories: () => void;
  readonly onMultipleSkus: () => void;
  readonly onCreate: () => void;
  readonly onDelete: () => void;
  readonly onUpdateStatus: () => void;
  /** Selling (the page passes it in); without it the listing actions stay disabled. */
  readonly onListingManager?: () => void;
  readonly onUnlist?: () => void;
  readonly onPrintLabels: () => void;
  /** The auction-event picker and 'Add to Auction' (AuctionPicker). */
  readonly auction: ReactNode;
}

const NO_SELLING = 'Listing is not available here';

export function LotsToolbar(props: LotsToolbarProps) {
  const { selectedCount, onSelectCategories, onMultipleSkus, onCreate, onDelete, onUpdateStatus, onListingManager, onUnlist, onPrintLabels, auction } = props;
  const none = selectedCount === 0;
  const needs = none ? ClientMessages.selectLotsFirst : undefined;
  const actions: BarAction[] = [
    { label: 'Select Categories', onClick: onSelectCategories, disabled: none, title: needs },
    // Open with no lot selected too: the Listing Manager says what each action needs (spec §5).
    { label: 'Listing Manager', onClick: onListingManager, disabled: onListingManager === undefined, title: onListingManager === undefined ? NO_SELLING : undefined },
    { label: 'Multiple SKUs', onClick: onMultipleSkus },
    { label: 'Create Lot', onClick: onCreate, tone: 'primary', phone: 'bar' },
    { label: 'Delete Lot', onClick: onDelete, disabled: none, title: needs, tone: 'danger' },
    { label: 'Update Lot(s) Status', onClick: onUpdateStatus, disabled: none, title: needs },
    { label: 'Unlist Lots', onClick: onUnlist, disabled: none || onUnlist === undefined, title: onUnlist === undefined ? NO_SELLING : needs },
    { label: LabelMessages.printLabels, onClick: onPrintLabels, disabled: none, title: needs },
  ];
  return (
    <ActionBar
      label="Lot actions"
      actions={actions}
      extra={auction}
    />
  );
}
