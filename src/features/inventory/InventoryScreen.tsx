// Inventory (spec §2 Inventory; issue 16): choose or create an event, count lots into its history at a location (a
// phone's count flow: one always-focused field, a scanner's code + Enter), expected vs found for the location, the
// actions (Download CSV, Delete Selected, Check Lots Status, Get Lot Titles) and the history table. Every change goes
// through the outbox and shows at once, so the whole count works with the Wi-Fi off.
import { useRef, useState } from 'react';
import { InventoryScreenMessages as T } from '../../protocol/messages';
import { ActionBar } from '../../ui/ActionBar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DialogFocusReturn } from '../../ui/Dialog';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { CountPanel } from './CountPanel';
import { EventPanel } from './EventPanel';
import { HistoryTable } from './HistoryTable';
import { applyLocationCount, checkLotsStatus, deleteRows, downloadHistory, getLotTitles } from './inventory-actions';
import { useInventory } from './use-inventory';

export function InventoryScreen() {
  const state = useInventory();
  const { rows, selected, lotsByNumber } = state;
  const scanField = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const chosenRows = rows.filter((row) => selected.has(row.id));

  return (
    <DialogFocusReturn.Provider value={scanField}>
      <section className="flex min-w-0 flex-col gap-3">
        <ScreenTitle>Inventory</ScreenTitle>
        <EventPanel events={state.events} chosen={state.eventId} event={state.event} onChoose={state.choose} />
        <CountPanel
          location={state.location}
          onLocation={state.setLocation}
          onScan={state.scan}
          scanField={scanField}
          scans={state.scans}
          count={state.count}
          onApply={() => void applyLocationCount(state.count, state.location)}
        />
        <ActionBar
          label={T.actions}
          actions={[
            { label: 'Download CSV', phone: 'bar', onClick: () => downloadHistory(rows, lotsByNumber) },
            { label: 'Delete Selected', tone: 'danger', disabled: chosenRows.length === 0, title: chosenRows.length === 0 ? T.noRowsSelected : undefined, onClick: () => setConfirming(true) },
            { label: 'Check Lots Status', onClick: () => checkLotsStatus(state.eventId) },
            { label: 'Get Lot Titles', onClick: () => getLotTitles(rows) },
          ]}
        />
        <h2 className="text-lg font-semibold text-slate-900">{`${T.historyTitle} (${rows.length})`}</h2>
        <HistoryTable rows={rows} lotsByNumber={lotsByNumber} selected={selected} onSelect={state.select} />
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={T.confirmDeleteTitle}
          message={T.confirmDelete(chosenRows.length)}
          proceedLabel="Delete"
          tone="danger"
          onProceed={() => deleteRows(chosenRows.map((row) => row.id))}
        />
      </section>
    </DialogFocusReturn.Provider>
  );
}
