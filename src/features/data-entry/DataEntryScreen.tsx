// UPC catalogue data entry (spec §2 Data entry): search fields with type-ahead, the buttons Search, ADD UPC(+),
// Delete, Update, Save and the Excel picker, and the table of catalogue rows. Online, searches and suggestions
// ask the server; offline they run on the catalogue entries this device holds, and every change waits in the
// outbox. Delete is for admins (spec §6); others see it disabled, and why. Below the actions: how much of the
// catalogue the device keeps for scanning offline, and its budget (issue 31).
import { useState, type ComponentType } from 'react';
import { CATALOGUE_BUDGET, EMPTY_SEARCH, ENTRY_BYTES, suggestUpcs, useCatalogue, useCatalogueHeld, type CatalogueSearch } from '../../domains/upcs';
import { useOffline, useSession } from '../../sync/hooks';
import { notifier } from '../../sync/feedback/notifier';
import { messageOf } from '../../sync/validated';
import { ActionBar } from '../../ui/ActionBar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EXCEL_FILES, FilePicker } from '../../ui/FilePicker';
import { ProgressDialog } from '../../ui/ProgressDialog';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { SearchFields } from './SearchFields';
import { useSaveUpcs } from './save-upcs';
import { toggleSelected } from './sheet';
import { UpcTable } from './UpcTable';
import { addRow, deleteSelected, editRow, importExcel, selectedRows, updateChanged, useFoundRows, useSearch } from './use-data-entry';
import { updateSheet, useSheet, type SheetRow } from './use-sheet';
import { ClientMessages } from '../../protocol/messages';

const ADMINS_ONLY = 'Only admins can delete catalogue entries.';

/** The UPC image manager modal (spec §2 Data entry's Images column), given by the page: it lives in the images feature. */
export type UpcImagesDialog = ComponentType<{ upc: string; open: boolean; onOpenChange: (open: boolean) => void }>;

export function DataEntryScreen({ ImagesDialog }: { ImagesDialog: UpcImagesDialog }) {
  const { isAdmin } = useSession();
  const offline = useOffline();
  const { suggestions, found, searching } = useCatalogue();
  const { sheet, rows } = useSheet();
  const [search, setSearch] = useState<CatalogueSearch>(EMPTY_SEARCH);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [images, setImages] = useState<SheetRow | undefined>(undefined);
  const runSearch = useSearch();
  const { save, progress } = useSaveUpcs();
  useFoundRows(found);
  const failed = (error: unknown) => notifier.error(messageOf(error));
  const deleting = selectedRows(rows, sheet.selected);
  const held = useCatalogueHeld();

  return (
    <section className="flex flex-col gap-3">
      <ScreenTitle>Data Entry</ScreenTitle>
      <SearchFields
        search={search}
        onChange={setSearch}
        suggestions={suggestions}
        onSuggest={(field, text) => void suggestUpcs(field, text, search).catch(failed)}
        onSearch={(next) => {
          setSearch(next);
          runSearch(next);
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <ActionBar
          label="Data entry actions"
          actions={[
            { label: 'Search', onClick: () => runSearch(search), busy: searching, tone: 'primary', phone: 'bar' },
            { label: 'ADD UPC(+)', onClick: addRow },
            {
              label: 'Delete', tone: 'danger', disabled: !isAdmin, title: isAdmin ? undefined : ADMINS_ONLY,
              onClick: () => (deleting.keys.length === 0 ? notifier.warning(ClientMessages.noItemsToDelete) : setConfirmDelete(true)),
            },
            { label: 'Update', onClick: () => void updateChanged(rows).catch(failed) },
            { label: 'Save', onClick: save, tone: 'primary', phone: 'bar' },
          ]}
        />
        <FilePicker title="Select Excel File" accept={EXCEL_FILES} onFile={(file) => void importExcel(file)} />
      </div>
      {found?.local === true && offline && (
        <p className="text-slate-700">Offline: showing the catalogue entries saved on this device.</p>
      )}
      {progress !== undefined && offline && (
        <p role="status" className="text-slate-700">{`${progress.total - progress.done - progress.failed} UPCs wait for the connection; they are saved on this device.`}</p>
      )}
      <p data-testid="catalogue-on-device" className="text-sm text-slate-600">
        {ClientMessages.catalogueOnDevice(held, CATALOGUE_BUDGET, Math.round((CATALOGUE_BUDGET * ENTRY_BYTES) / 1_000_000))}
      </p>
      <UpcTable
        rows={rows}
        selected={sheet.selected}
        onToggle={(key) => updateSheet((current) => toggleSelected(current, key))}
        onEdit={editRow}
        onImages={setImages}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete UPCs"
        message={`Delete ${deleting.keys.length} selected rows? ${deleting.stored.length} of them are removed from the catalogue for everyone.`}
        proceedLabel="Delete"
        tone="danger"
        onProceed={() => void deleteSelected(rows, sheet.selected).catch(failed)}
      />
      <ProgressDialog
        open={progress !== undefined && !offline}
        title={ClientMessages.savingUpcs}
        message={`Saving UPC ${Math.min((progress?.done ?? 0) + 1, progress?.total ?? 0)} of ${progress?.total ?? 0}`}
        done={(progress?.done ?? 0) + (progress?.failed ?? 0)}
        total={progress?.total ?? 0}
        onClose={() => undefined}
      />
      <ImagesDialog upc={images?.entry.upc ?? ''} open={images !== undefined} onOpenChange={(open) => !open && setImages(undefined)} />
    </section>
  );
}
