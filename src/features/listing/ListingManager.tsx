// The Listing Manager (spec §2 Lots list and Lot edit's listing panel): for the selected lots, the template, the
// quantity and free shipping; Create Preview with exactly one lot (the HTML viewer); List when several lots are
// selected or the single one is NOT_LISTED (a queue, one lot at a time); with one lot on the store, Unlist and the
// link to its public page; the price multipliers and Calculate; the notes area; and the queues' progress. The
// Auctions screen's auction listing manager is this one given the lots' auction rows: List then lists the rows.
import { useSyncExternalStore } from 'react';
import { listingPreview, publicListingPath, showsList, showsPreview, showsUnlist } from '../../domains/listings';
import { notePrefix, useNotes } from '../../domains/notes';
import { NoteKind } from '../../protocol/listings';
import type { Lot } from '../../protocol/lots';
import { ListingManagerMessages } from '../../protocol/messages';
import { buttonClass, inputClass } from '../../ui/button';
import { Dialog, DialogActions, DialogCloseButton } from '../../ui/Dialog';
import { HtmlViewer } from '../../ui/HtmlViewer';
import { useOnePress } from '../../ui/use-one-press';
import { CheckboxField, Field, NumberField } from './fields';
import { ListingQueueDialog } from './ListingQueueDialog';
import { NotesArea } from './NotesArea';
import { PriceFields } from './PriceFields';
import { useQueueRunning, type AuctionRows } from './listing-queue';
import { useListingManager, type ListingManagerState } from './use-listing-manager';

export type ListingLot = Pick<Lot, 'id' | 'lotNumber' | 'status' | 'slug'>;

export interface ListingManagerProps {
  readonly lots: readonly ListingLot[];
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The lots are auction rows' (by lot id): List sends listAuctionOnWC for each row (spec §2 Auctions, §4). */
  readonly auctionRows?: AuctionRows;
}

const VIEWER_LABELS = { preview: ListingManagerMessages.preview, source: ListingManagerMessages.source, sourceLabel: ListingManagerMessages.sourceLabel };

function ListingFields({ lots, state, onStarted }: { lots: readonly ListingLot[]; state: ListingManagerState; onStarted: () => void }) {
  const templates = useNotes(notePrefix(NoteKind.TEMPLATE));
  const [only] = lots;
  const slug = only?.slug ?? null;
  // List and Unlist start a queue; while one is on its way (offline it waits) a press would only be refused (issue 31).
  const running = useQueueRunning();
  const list = useOnePress(() => state.list() && onStarted(), running);
  const unlist = useOnePress(() => state.unlist() && onStarted(), running);
  const waitHint = running ? ListingManagerMessages.queueRunning : undefined;
  return (
    <section aria-labelledby="listing-fields" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
      <h3 id="listing-fields" className="text-lg font-semibold">
        {ListingManagerMessages.list}
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={ListingManagerMessages.template}>
          {(id) => (
            <select id={id} value={state.templateId === undefined ? '' : String(state.templateId)} onChange={(event) => state.setTemplateId(event.target.value === '' ? undefined : Number(event.target.value))} className={`${inputClass} bg-white`}>
              <option value="">{ListingManagerMessages.noTemplate}</option>
              {templates.map((note) => (
                <option key={note.id} value={String(note.id)}>
                  {note.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <NumberField label={ListingManagerMessages.quantity} value={state.quantity} onChange={state.setQuantity} step="1" />
      </div>
      <CheckboxField label={ListingManagerMessages.freeShipping} checked={state.form.freeShipping} onChange={(freeShipping) => state.setForm({ ...state.form, freeShipping })} />
      <div className="flex flex-wrap items-center gap-2">
        {showsPreview(lots) && (
          <button type="button" className={buttonClass.secondary} aria-busy={state.previewing !== undefined} onClick={state.preview}>
            {ListingManagerMessages.createPreview}
          </button>
        )}
        {showsList(lots) && (
          <button type="button" className={buttonClass.primary} aria-disabled={list.busy} aria-busy={list.busy} title={waitHint} onClick={() => list.press()}>
            {ListingManagerMessages.list}
          </button>
        )}
        {showsUnlist(lots) && (
          <button type="button" className={buttonClass.danger} aria-disabled={unlist.busy} aria-busy={unlist.busy} title={waitHint} onClick={() => unlist.press()}>
            {ListingManagerMessages.unlist}
          </button>
        )}
        {showsUnlist(lots) && slug !== null && (
          <a className="inline-flex min-h-11 items-center font-medium text-blue-800 underline" href={publicListingPath(slug)} target="_blank" rel="noreferrer">
            {ListingManagerMessages.publicListing}
          </a>
        )}
      </div>
    </section>
  );
}

export function ListingManager({ lots, open, onOpenChange, auctionRows }: ListingManagerProps) {
  const state = useListingManager(lots, auctionRows);
  const preview = useSyncExternalStore(listingPreview.subscribe, listingPreview.get);
  const [only] = lots;
  const shown = open && preview.shown !== undefined && lots.length === 1 && preview.shown.lotId === only?.id ? preview.shown : undefined;
  const description = lots.length === 0 ? ListingManagerMessages.noLotChosen : lots.length === 1 && only !== undefined ? `${only.lotNumber || ListingManagerMessages.lotsChosen(1)} (${only.status})` : ListingManagerMessages.lotsChosen(lots.length);
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange} title={ListingManagerMessages.title} description={description} wide>
        <div className="flex flex-col gap-4">
          <ListingFields lots={lots} state={state} onStarted={() => onOpenChange(false)} />
          <PriceFields form={state.form} onChange={state.setForm} onCalculate={state.calculate} />
          <NotesArea onUse={(specialNotes) => state.setForm({ ...state.form, specialNotes })} />
        </div>
        <DialogActions>
          <DialogCloseButton />
        </DialogActions>
      </Dialog>
      <HtmlViewer
        open={shown !== undefined}
        onOpenChange={(next) => !next && listingPreview.close()}
        title={ListingManagerMessages.viewerTitle(only?.lotNumber ?? '')}
        html={shown?.html ?? ''}
        labels={VIEWER_LABELS}
      />
      <ListingQueueDialog />
    </>
  );
}
