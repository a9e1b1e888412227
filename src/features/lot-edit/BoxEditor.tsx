// One box on Lot edit (spec §2): the header (lot number, box id, label, HxWxL, lbs and ozs, item-count and
// MSRP-total badges), the scanner's UPC field, the buttons Update Items, Delete Items (confirmation), Update
// Weight/Dims, Duplicate Lot (confirmation) and XLS, and the items table. Cell edits stay on this device, marked,
// until Update Items sends the changed rows.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Box } from '../../protocol/entities';
import type { Lot } from '../../protocol/lots';
import { useBoxContents, useBulkResult, type ItemEdits, type ItemRow } from '../../domains/items';
import { useRenumbered } from '../../sync/live-hooks';
import { ActionBar } from '../../ui/ActionBar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatNumber } from '../../ui/table';
import { BoxInfoDialog } from './BoxInfoDialog';
import { ItemsTable, type ItemLine } from './ItemsTable';
import { followRenumbered, followRenumberedIds } from './lot-edit-queries';
import { ScanField } from '../../ui/ScanField';
import { focusScan, type ScanFieldRef } from '../../ui/scan-focus';
import { deleteItems, discardScan, duplicateLot, retryScan, saveXls, scanUpc, updateBoxInfo, updateItems } from './use-box-actions';
import { XlsDialog } from './XlsDialog';

type OpenDialog = 'deleteItems' | 'info' | 'duplicate' | 'xls' | undefined;

/** Units and MSRP total of the box as the table shows it. */
export function boxTotals(items: readonly ItemRow[]): { units: number; msrp: number } {
  return items.reduce((sum, item) => ({ units: sum.units + item.quantity, msrp: sum.msrp + item.quantity * (item.retailPrice ?? 0) }), { units: 0, msrp: 0 });
}

function Badge({ label, value }: { label: string; value: string }) {
  return (
    <span className="rounded-full bg-blue-100 px-3 py-1 text-sm font-semibold text-blue-950">
      {label}: {value}
    </span>
  );
}

export function BoxEditor({ lot, box, scanField }: { lot: Lot; box: Box; scanField: ScanFieldRef }) {
  const { items, failed } = useBoxContents(box.id);
  const bulk = useBulkResult();
  const [edits, setEdits] = useState<ReadonlyMap<number, ItemEdits>>(new Map());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(undefined);
  // Another tab starts with no edits, selection or dialog; a box the server just numbered (its temporary id
  // replaced) is the same box, and keeps them.
  const shownBox = useRef(box.id);
  const renumbered = useRenumbered();
  useEffect(() => {
    setEdits((current) => followRenumbered(current, renumbered));
    setSelected((current) => followRenumberedIds(current, renumbered));
  }, [renumbered]);
  useEffect(() => {
    const renumbered = shownBox.current < 0 && box.id > 0;
    shownBox.current = box.id;
    if (renumbered) return;
    setEdits((current) => (current.size === 0 ? current : new Map()));
    setSelected((current) => (current.size === 0 ? current : new Set()));
    setDialog(undefined);
  }, [box.id]);
  const totals = boxTotals(items);
  const lines = useMemo<ItemLine[]>(
    () => [...items.map((item) => ({ kind: 'item' as const, item, edits: edits.get(item.id) })), ...failed.map((scan) => ({ kind: 'failed' as const, scan }))],
    [items, failed, edits],
  );
  const chosen = items.filter((item) => selected.has(item.id));
  const close = (open: boolean): void => setDialog(open ? dialog : undefined);

  const sendEdits = async (): Promise<void> => {
    const sent = await updateItems(items, edits);
    setEdits((current) => new Map([...current].filter(([id]) => !sent.includes(id))));
    focusScan(scanField);
  };

  return (
    <section aria-label={`Box ${box.label ?? box.id}`} className="flex flex-col gap-3">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-800">
        <span className="font-semibold">{lot.lotNumber}</span>
        <span>{`Box ${box.id}`}</span>
        <span className="font-medium">{box.label}</span>
        <span>{`${box.h}x${box.w}x${box.l} in`}</span>
        <span>{`${box.lbs} lbs ${box.ozs} ozs`}</span>
        <Badge label="Items" value={String(totals.units)} />
        <Badge label="MSRP" value={formatNumber(totals.msrp)} />
      </header>
      <ScanField inputRef={scanField} onAdd={(upc) => scanUpc(box.id, upc)} camera />
      <ActionBar
        label="Box actions"
        actions={[
          { label: 'Update Items', onClick: () => void sendEdits(), tone: 'primary', phone: 'bar' },
          {
            label: 'Delete Items', onClick: () => setDialog('deleteItems'), tone: 'danger',
            disabled: chosen.length === 0, title: chosen.length === 0 ? 'Select items first' : undefined,
          },
          { label: 'Update Weight/Dims', onClick: () => setDialog('info') },
          { label: 'Duplicate Lot', onClick: () => setDialog('duplicate') },
          { label: 'XLS', onClick: () => setDialog('xls') },
        ]}
      />
      <ItemsTable
        lines={lines}
        selected={selected}
        onToggle={(id) => setSelected((current) => (current.has(id) ? new Set([...current].filter((other) => other !== id)) : new Set([...current, id])))}
        onEdit={(item, next) => setEdits((current) => new Map(current).set(item.id, next))}
        onRetry={(seq) => void retryScan(seq)}
        onDiscard={(seq) => void discardScan(seq)}
      />
      <ConfirmDialog
        open={dialog === 'deleteItems'}
        onOpenChange={close}
        title="Delete Items"
        message={`Delete ${chosen.length} items from this box?`}
        proceedLabel="Delete"
        tone="danger"
        onProceed={() => {
          void deleteItems(chosen);
          setSelected(new Set());
        }}
      />
      <BoxInfoDialog open={dialog === 'info'} onOpenChange={close} initial={box} onSubmit={(info) => void updateBoxInfo(box, info)} />
      <ConfirmDialog
        open={dialog === 'duplicate'}
        onOpenChange={close}
        title="Duplicate Lot"
        message={`Make a copy of ${lot.lotNumber} with all its boxes and items?`}
        proceedLabel="Duplicate"
        onProceed={() => void duplicateLot(lot.id)}
      />
      <XlsDialog open={dialog === 'xls'} onOpenChange={close} result={bulk} onSave={(rows) => void saveXls(box.id, rows)} />
    </section>
  );
}
