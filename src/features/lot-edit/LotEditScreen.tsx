// Lot edit (spec §2 Lot edit, §4 "Box editing"): the lot's summary, its boxes as tabs ('box {label or id}')
// with Add Box and Delete Box, and the selected box's editor. On connect the lot, then its boxes, then the
// selected box's items are fetched; offline, the replica's copy shows at once and every change waits in the
// outbox. A lot made offline opens by its temporary (negative) id from the replica alone, takes boxes and scans,
// and when the server numbers it the screen follows it to its real id (onRenumbered: the page replaces the URL)
// without losing what is on screen. A non-numeric id shows 'Invalid lot ID: ...' (the route parses it); a lot the
// server refuses (missing, another user's) shows its message once, with a link back to Lots. While the box editor is idle the scanner's UPC
// field has focus (ui/scan-focus.ts); every dialog here gives it back on close.
import * as Tabs from '@radix-ui/react-tabs';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useBoxes } from '../../domains/boxes';
import { useCategories } from '../../domains/categories';
import { unlistLot } from '../../domains/listings';
import { renameLot, setLotCategories, useLot, useLotRefusal } from '../../domains/lots';
import type { Lot } from '../../protocol/lots';
import { showError } from '../../sync/feedback/notifier';
import { useKeptQuery, useOffline } from '../../sync/hooks';
import { useResolvedId } from '../../sync/live-hooks';
import { useIntent } from '../../sync/intent';
import { isTempId } from '../../sync/outbox/entry';
import { buttonClass } from '../../ui/button';
import { CategoryDialog } from '../../ui/CategoryDialog';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DialogFocusReturn } from '../../ui/Dialog';
import { PromptDialog } from '../../ui/PromptDialog';
import { Warning } from '../../ui/Warning';
import { BoxEditor } from './BoxEditor';
import { lotEditQueries, selectedBox, type LotKnown } from './lot-edit-queries';
import { LotSummary } from './LotSummary';
import { focusScan, useScannerKeys } from '../../ui/scan-focus';
import { addBox, deleteBox } from './use-box-actions';
import { ClientMessages } from '../../protocol/messages';

type OpenDialog = 'title' | 'categories' | 'addBox' | 'deleteBox' | 'images' | 'listing' | 'unlist' | undefined;

/** The image manager modal (spec §2 Lot edit), given by the page: it lives in the images feature. */
export type LotImagesDialog = ComponentType<{ lot: { id: number; lotNumber: string }; open: boolean; onOpenChange: (open: boolean) => void }>;

/** The listing panel (spec §2 Lot edit), given by the page: the Listing Manager lives in the listing feature. */
export type LotListingDialog = ComponentType<{ lots: readonly Lot[]; open: boolean; onOpenChange: (open: boolean) => void }>;

/** The tab's name (spec §2): 'box ' plus the label or the id. */
export const boxTabName = (box: { id: number; label: string | null }): string => `box ${box.label?.trim() || box.id}`;

/** The server would not give the lot (or a lot made here never reached it): the words, once, and the way back. */
function Refused({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Warning>{message}</Warning>
      <Link to="/home" className="inline-flex min-h-11 items-center font-medium text-blue-800 underline">
        Back to Lots
      </Link>
    </div>
  );
}

/** Called once the lot on screen, made offline, has its real id from the server. */
type OnRenumbered = (realId: number) => void;

interface Pieces {
  readonly ImagesDialog: LotImagesDialog;
  readonly ListingDialog?: LotListingDialog | undefined;
}

function LotEdit({ lotId, onRenumbered, ImagesDialog, ListingDialog }: { lotId: number; onRenumbered: OnRenumbered } & Pieces) {
  const lot = useLot(lotId);
  // The lot's id now: a lot made offline reads by its temporary id until the server names the real one.
  const shownId = lot?.id ?? lotId;
  const refusal = useLotRefusal(shownId);
  const scanField = useRef<HTMLInputElement>(null);
  useScannerKeys(scanField);
  const offline = useOffline();
  const boxes = useBoxes(shownId);
  useEffect(() => {
    if (shownId !== lotId) onRenumbered(shownId);
  }, [shownId, lotId, onRenumbered]);
  const [chosenBox, chooseBox] = useState<number | undefined>(undefined);
  const boxId = useResolvedId(chosenBox);
  const { list: categories, byId: categoriesById } = useCategories();
  const rename = useIntent(renameLot);
  const unlist = useIntent(unlistLot);
  const [dialog, setDialog] = useState<OpenDialog>(undefined);
  const close = (open: boolean): void => setDialog(open ? dialog : undefined);
  const selected = selectedBox(boxes, boxId);
  // Kept open: sent now, again on every connect and when a reply makes them stale.
  const known: LotKnown = refusal !== undefined ? 'refused' : lot === null || lot === undefined ? 'unknown' : 'stored';
  const queries = lotEditQueries(shownId, selected?.id, known);
  useKeptQuery('getLotById', queries.getLotById);
  useKeptQuery('getBoxesByLotId', queries.getBoxesByLotId);
  useKeptQuery('getItemsByBoxId', queries.getItemsByBoxId);

  if (refusal !== undefined) return <Refused message={refusal} />;
  // A temporary id no row and no recorded real id answers to: its create was refused or discarded.
  if (lot === null && isTempId(lotId)) return <Refused message={ClientMessages.lotMadeHereGone} />;
  if (lot === undefined || (lot === null && !offline)) return <p className="text-slate-700">Loading the lot…</p>;
  if (lot === null) return <Warning>{ClientMessages.lotNotOnDevice(lotId)}</Warning>;
  return (
    <DialogFocusReturn value={scanField}>
      <div className="flex flex-col gap-4">
        <LotSummary lot={lot} pending={lot.pending === 1} categoriesById={categoriesById} onEditTitle={() => setDialog('title')} onSelectCategories={() => setDialog('categories')} onImages={() => setDialog('images')} onUnlist={() => setDialog('unlist')} {...(ListingDialog === undefined ? {} : { onListing: () => setDialog('listing') })} />
        <Tabs.Root value={selected === undefined ? '' : String(selected.id)} onValueChange={(value) => chooseBox(Number(value))} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Tabs.List aria-label="Boxes" className="flex flex-wrap gap-1">
              {boxes.map((box) => (
                <Tabs.Trigger
                  key={box.id}
                  value={String(box.id)}
                  // A tab chosen by click, tap, Enter or Space: the next scan goes to that box (arrow keys keep focus on the tabs).
                  onClick={() => focusScan(scanField)}
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
              <BoxEditor lot={lot} box={selected} scanField={scanField} />
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
          onProceed={(title) => rename({ lotId: lot.id, newTitle: title })}
        />
        <ImagesDialog lot={lot} open={dialog === 'images'} onOpenChange={close} />
        {ListingDialog !== undefined && <ListingDialog lots={[lot]} open={dialog === 'listing'} onOpenChange={close} />}
        <ConfirmDialog open={dialog === 'unlist'} onOpenChange={close} title="Unlist" message={`Unlist ${lot.lotNumber} from the store?`} proceedLabel="Unlist" tone="danger" onProceed={() => unlist(lot)} />
        <CategoryDialog open={dialog === 'categories'} onOpenChange={close} categories={categories} initialSelected={lot.categories} onUpdate={(ids) => void setLotCategories([lot], ids).catch(showError)} />
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
    </DialogFocusReturn>
  );
}

export interface LotEditScreenProps {
  readonly lotId: number | undefined;
  readonly rawLotId: string;
  readonly onRenumbered: OnRenumbered;
  readonly ImagesDialog: LotImagesDialog;
  readonly ListingDialog?: LotListingDialog;
}

export function LotEditScreen({ lotId, rawLotId, onRenumbered, ImagesDialog, ListingDialog }: LotEditScreenProps) {
  if (lotId === undefined) return <Warning>{ClientMessages.invalidLotId(rawLotId)}</Warning>;
  return <LotEdit lotId={lotId} onRenumbered={onRenumbered} ImagesDialog={ImagesDialog} ListingDialog={ListingDialog} />;
}
