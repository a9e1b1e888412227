// Auctions (spec §2 Auctions; issue 17): choose or create an event and edit its details, then its lots in sale order:
// move them up and down (each move shows at once and is queued), edit auction titles (Create Title builds them from
// the lots' titles) and starting prices (Update sends the edited rows), remove lots, set the lots' categories. Every
// change goes through the outbox, so the catalogue can be worked on with the Wi-Fi off. The auction listing manager
// comes from the listing feature, passed in by the page (features never import each other).
import { useState, type ComponentType } from 'react';
import { deleteAuctionEventManifests, moveDownManifest, moveUpManifest, placeManifest, type AuctionManifestRow } from '../../domains/auctions';
import { useCategories } from '../../domains/categories';
import { setLotCategories } from '../../domains/lots';
import type { Lot } from '../../protocol/lots';
import { AuctionScreenMessages as T, ListingManagerMessages } from '../../protocol/messages';
import { showError } from '../../sync/feedback/notifier';
import { queueIntent } from '../../sync/intent';
import { ActionBar } from '../../ui/ActionBar';
import { CategoryDialog } from '../../ui/CategoryDialog';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { AuctionEventPanel } from './AuctionEventPanel';
import { ManifestsTable } from './ManifestsTable';
import { useAuctions } from './use-auctions';

type Dialog = 'remove' | 'select-first' | 'category' | 'listing' | undefined;

/** The auction listing manager (spec §2 Auctions) for the selected rows: their lots, and each lot's row by its id. */
export interface AuctionListingProps {
  readonly lots: readonly Lot[];
  readonly auctionRows: ReadonlyMap<number, AuctionManifestRow>;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

const move = (row: AuctionManifestRow, step: -1 | 1, rows: readonly AuctionManifestRow[]): void =>
  void queueIntent(step < 0 ? moveUpManifest : moveDownManifest, { id: row.id, rows }).catch(showError);
const place = (row: AuctionManifestRow, to: number, rows: readonly AuctionManifestRow[]): void =>
  void queueIntent(placeManifest, { id: row.id, rows, to }).catch(showError);

export function AuctionsScreen({ ListingManager }: { ListingManager?: ComponentType<AuctionListingProps> }) {
  const state = useAuctions();
  const { rows, selected } = state;
  const { list: categories } = useCategories();
  const [dialog, setDialog] = useState<Dialog>(undefined);
  const chosenRows = rows.filter((row) => selected.has(row.id));
  const needsRows = (next: Dialog) => () => setDialog(chosenRows.length === 0 ? 'select-first' : next);
  const close = (open: boolean) => void (open || setDialog(undefined));

  return (
    <section className="flex min-w-0 flex-col gap-3">
      <ScreenTitle>Auctions</ScreenTitle>
      <AuctionEventPanel events={state.events} chosen={state.eventId} event={state.event} onChoose={state.choose} />
      {state.eventId === undefined ? (
        <p className="text-slate-700">{T.chooseEvent}</p>
      ) : (
        <>
          <ActionBar
            label={T.actions}
            actions={[
              { label: T.update, tone: 'primary', phone: 'bar', onClick: state.update },
              { label: T.removeLot, tone: 'danger', onClick: needsRows('remove') },
              { label: T.createTitle, onClick: state.createTitles },
              { label: ListingManagerMessages.title, onClick: () => setDialog('listing'), disabled: ListingManager === undefined },
              { label: T.selectCategory, onClick: needsRows('category') },
              { label: T.exportCsv, onClick: () => void state.exportCatalogue() },
            ]}
          />
          <h2 className="text-lg font-semibold text-slate-900">{`${T.tableTitle} (${rows.length})`}</h2>
          <ManifestsTable rows={rows} selected={selected} onSelect={state.select} drafts={state.drafts} onEdit={state.edit} onMove={(row, step) => move(row, step, rows)} onPlace={(row, to) => place(row, to, rows)} />
        </>
      )}
      <ConfirmDialog open={dialog === 'select-first'} onOpenChange={close} title={T.selectFirstTitle} message={T.noRowsSelected} proceedLabel="OK" onProceed={() => undefined} />
      <ConfirmDialog
        open={dialog === 'remove'}
        onOpenChange={close}
        title={T.removeLot}
        message={T.confirmRemove(chosenRows.length)}
        proceedLabel={T.removeLot}
        tone="danger"
        onProceed={() => void queueIntent(deleteAuctionEventManifests, chosenRows.map((row) => row.id)).catch(showError)}
      />
      {ListingManager !== undefined && (
        <ListingManager lots={chosenRows.map((row) => row.manifest)} auctionRows={new Map(chosenRows.map((row) => [row.manifest.id, row]))} open={dialog === 'listing'} onOpenChange={close} />
      )}
      <CategoryDialog
        open={dialog === 'category'}
        onOpenChange={close}
        categories={categories}
        onUpdate={(ids) => void setLotCategories(chosenRows.map((row) => row.manifest), ids).catch(showError)}
      />
    </section>
  );
}
