// Lot edit (spec §2 Lot edit, §4 "Box editing"): the lot's summary, its boxes as tabs ('box {label or id}')
// with Add Box and Delete Box, and the selected box's editor. On connect the lot, then its boxes, then the
// selected box's items are fetched; offline, the replica's copy shows at once and every change waits in the
// outbox. A non-numeric id shows 'Invalid lot ID: ...' (the route parses it).
import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState } from 'react';
import { lotEditQuery } from '../../sync/client';
import { useCategories } from '../../sync/hooks';
import { useRenameLot } from '../../sync/intents/rename-lot';
import { useUpdateManifests } from '../../sync/intents/update-manifests';
import { useBoxes, useLot, useLotEditState } from '../../sync/use-lot-edit';
import { useOffline } from '../../sync/use-outbox';
import { buttonClass } from '../../ui/button';
import { CategoryDialog } from '../../ui/CategoryDialog';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PromptDialog } from '../../ui/PromptDialog';
import { Warning } from '../../ui/Warning';
import { BoxEditor } from './BoxEditor';
import { LotSummary } from './LotSummary';
import { addBox, deleteBox } from './use-box-actions';
import { ClientMessages } from '../../protocol/messages';

type OpenDialog = 'title' | 'categories' | 'addBox' | 'deleteBox' | undefined;

/** The tab's name (spec §2): 'box ' plus the label or the id. */
export const boxTabName = (box: { id: number; label: string | null }): string => `box ${box.label?.trim() || box.id}`;

function LotEdit({ lotId }: { lotId: number }) {
  const lot = useLot(lotId);
  const offline = useOffline();
  const boxes = useBoxes(lotId);
  const { boxId } = useLotEditState();
  const { list: categories, byId: categoriesById } = useCategories();
  const rename = useRenameLot();
  const setCategories = useUpdateManifests();
  const [dialog, setDialog] = useState<OpenDialog>(undefined);
  const close = (open: boolean): void => setDialog(open ? dialog : undefined);

  useEffect(() => {
    lotEditQuery.open(lotId);
    return () => lotEditQuery.close();
  }, [lotId]);
  // Offline, no reply selects a box: the first one the replica holds is.
  const selected = boxes.find((box) => box.id === boxId) ?? boxes[0];

  if (lot === undefined || (lot === null && !offline)) return <p className="text-slate-700">Loading the lot…</p>;
  if (lot === null) return <Warning>{`Lot ${lotId} is not on this device yet. It loads when the connection is back.`}</Warning>;
  return (
    <div className="flex flex-col gap-4">
      <LotSummary lot={lot} pending={lot.pending === 1} categoriesById={categoriesById} onEditTitle={() => setDialog('title')} onSelectCategories={() => setDialog('categories')} />
      <Tabs.Root value={selected === undefined ? '' : String(selected.id)} onValueChange={(value) => lotEditQuery.selectBox(Number(value))} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Tabs.List aria-label="Boxes" className="flex flex-wrap gap-1">
            {boxes.map((box) => (
              <Tabs.Trigger
                key={box.id}
                value={String(box.id)}
                className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-medium data-[state=active]:border-blue-700 data-[state=active]:bg-blue-700 data-[state=active]:text-white"
              >
                {boxTabName(box)}
                {box.pending === 1 && <span className="ml-1 text-xs">(pending)</span>}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <button type="button" className={buttonClass.secondary} onClick={() => setDialog('addBox')}>
            Add Box
          </button>
          <button type="button" className={buttonClass.danger} disabled={selected === undefined} onClick={() => setDialog('deleteBox')}>
            Delete Box
          </button>
        </div>
        {boxes.length === 0 && <p className="text-slate-700">No boxes in this lot yet. Add Box to start.</p>}
        {selected !== undefined && (
          <Tabs.Content value={String(selected.id)}>
            {/* No key: a box made offline changes its id when the server answers, and the scanner's field must
                keep its focus through that. */}
            <BoxEditor lot={lot} box={selected} />
          </Tabs.Content>
        )}
      </Tabs.Root>
      <PromptDialog
        open={dialog === 'title'}
        onOpenChange={close}
        title="Edit Title"
        label="Title"
        initialValue={lot.titleListing}
        blankHint="Title cannot be empty"
        onProceed={(title) => rename(lot.id, title)}
      />
      <CategoryDialog open={dialog === 'categories'} onOpenChange={close} categories={categories} initialSelected={lot.categories} onUpdate={(ids) => setCategories([lot], ids)} />
      <PromptDialog open={dialog === 'addBox'} onOpenChange={close} title="Add Box" label="Box label" blankHint={ClientMessages.boxLabelRequired} onProceed={(label) => void addBox(lot.id, label)} />
      <ConfirmDialog
        open={dialog === 'deleteBox'}
        onOpenChange={close}
        title="Delete Box"
        message={selected === undefined ? '' : `Delete ${boxTabName(selected)} and all its items?`}
        proceedLabel="Delete"
        tone="danger"
        onProceed={() => void deleteBox(selected)}
      />
    </div>
  );
}

export function LotEditScreen({ lotId, rawLotId }: { lotId: number | undefined; rawLotId: string }) {
  if (lotId === undefined) return <Warning>{`Invalid lot ID: ${rawLotId}`}</Warning>;
  return <LotEdit lotId={lotId} />;
}
