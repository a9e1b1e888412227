// The Lots list, the home page (spec §2 Lots list): heading with the count, filter, search, the action
// toolbar, the table and its dialogs. Everything reads the replica and writes intents, so it works the same
// offline: changes show at once, marked pending, and reach the server when the connection is back.
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { LotChange } from '../../protocol/lots';
import { useCategories } from '../../domains/categories';
import { lotLookups, updateManifest as updateManifestIntent, type LotRow } from '../../domains/lots';
import { useIntent } from '../../sync/intent';
import { buttonClass } from '../../ui/button';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { LotsDialogs, type OpenDialog } from './LotsDialogs';
import { AuctionPicker } from './AuctionPicker';
import { LotsFilterBar } from './LotsFilterBar';
import { LotsSearch } from './LotsSearch';
import { LotsTable } from './LotsTable';
import { LotsToolbar } from './LotsToolbar';
import { useRowSelection } from '../../ui/table';
import { useShownLots, type LotsView } from './use-shown-lots';
import { useLotsFilter } from './use-lots';

/** Selling's part of the page (the Listing Manager, Unlist Lots, the queues' progress), passed in by its page. */
export interface LotsSellingProps {
  readonly lots: readonly LotRow[];
  readonly action: 'manager' | 'unlist' | undefined;
  readonly onDone: () => void;
}

export function LotsScreen({ Selling }: { Selling?: ComponentType<LotsSellingProps> }) {
  const filterControl = useLotsFilter();
  const navigate = useNavigate();
  const [view, setView] = useState<LotsView>({ kind: 'filter' });
  const { lots, loading } = useShownLots(view);
  const { selected, select, replace } = useRowSelection();
  const { list: categories, byId: categoriesById } = useCategories();
  const updateManifest = useIntent(updateManifestIntent);
  const [dialog, setDialog] = useState<OpenDialog | undefined>(undefined);
  const [selling, setSelling] = useState<LotsSellingProps['action']>(undefined);
  const selectedLots = lots.filter((lot) => selected.has(lot.id));

  // Multiple SKUs: once the reply names the found lots, they are shown and selected.
  const stopWaiting = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => stopWaiting.current?.(), []);
  const onSkusSent = useCallback(() => {
    stopWaiting.current?.();
    const before = lotLookups.get().found;
    setView({ kind: 'found' });
    const stop = lotLookups.subscribe(() => {
      const { found } = lotLookups.get();
      if (found === undefined || found === before) return;
      stop();
      stopWaiting.current = undefined;
      replace(found);
    });
    stopWaiting.current = stop;
  }, [replace]);

  const onRename = useCallback((lot: LotRow) => setDialog({ kind: 'rename', lot }), []);
  const onStatus = useCallback((lot: LotRow) => setDialog({ kind: 'status', lots: [lot] }), []);
  const onLocation = useCallback((lot: LotRow) => setDialog({ kind: 'location', lot }), []);
  const onEdit = useCallback((id: number, change: LotChange) => updateManifest({ id, change }), [updateManifest]);
  const chosen = view.kind === 'lot' ? view.lot : undefined;

  return (
    <section className="flex flex-col gap-3">
      {/* No count until the replica has answered: 'Lots (0)' for a moment would say the device holds none (issue 31). */}
      <ScreenTitle>{loading ? 'Lots' : `Lots (${lots.length})`}</ScreenTitle>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <LotsFilterBar {...filterControl} />
        <LotsSearch chosen={chosen} onChoose={(lot) => setView(lot === undefined ? { kind: 'filter' } : { kind: 'lot', lot })} />
      </div>
      <LotsToolbar
        selectedCount={selectedLots.length}
        onSelectCategories={() => setDialog({ kind: 'categories', lots: selectedLots })}
        onMultipleSkus={() => setDialog({ kind: 'skus' })}
        onCreate={() => setDialog({ kind: 'create' })}
        onDelete={() => setDialog({ kind: 'delete', lots: selectedLots })}
        onUpdateStatus={() => setDialog({ kind: 'status', lots: selectedLots })}
        auction={<AuctionPicker lotIds={selectedLots.map((lot) => lot.id)} />}
        onPrintLabels={() => void navigate({ to: '/labels', search: { lots: selectedLots.map((lot) => lot.id).join(',') } })}
        {...(Selling === undefined ? {} : { onListingManager: () => setSelling('manager'), onUnlist: () => setSelling('unlist') })}
      />
      {view.kind === 'found' && (
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          <span>Showing the lots found by SKUs.</span>
          <button type="button" className={buttonClass.secondary} onClick={() => setView({ kind: 'filter' })}>
            Show all lots
          </button>
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {selectedLots.length === 0 ? '' : `${selectedLots.length} selected`}
      </p>
      <LotsTable
        lots={lots}
        categoriesById={categoriesById}
        selected={selected}
        onSelect={select}
        onRename={onRename}
        onStatus={onStatus}
        onLocation={onLocation}
        onEdit={onEdit}
      />
      {Selling !== undefined && <Selling lots={selectedLots} action={selling} onDone={() => setSelling(undefined)} />}
      <LotsDialogs dialog={dialog} onClose={() => setDialog(undefined)} categories={categories} onSkusSent={onSkusSent} />
    </section>
  );
}
