// Bulk image-by-URL entry (spec §2 Image entry, §3 columns upc and url, §4 one row at a time): a spreadsheet read
// in the worker becomes a table of rows; Save Images queues each row as its own saveImageByUrl entry, and the
// outbox sends them one at a time, with a progress dialog read from the outbox and a result per row; Cancel stops
// the rest cleanly; Delete Images removes every image of the sheet's UPCs after a confirmation. Offline the rows
// wait on this device, and say so, until the connection is back.
import { useState } from 'react';
import { ImageEntryMessages } from '../../protocol/messages';
import { notifier } from '../../sync/feedback/notifier';
import { useOffline } from '../../sync/hooks';
import { ActionBar } from '../../ui/ActionBar';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FilePicker, SPREADSHEET_FILES } from '../../ui/FilePicker';
import { ProgressDialog } from '../../ui/ProgressDialog';
import { ScreenTitle } from '../../ui/ScreenTitle';
import { useOnePress } from '../../ui/use-one-press';
import { sheetUpcs } from './image-rows';
import { runSummary, type RunSummary } from './image-sheet';
import { ImageRowsTable } from './ImageRowsTable';
import { cancelSave, closeRun, deleteSheetImages, readImageSheet, saveImages, useImageSheet } from './use-image-entry';

function progressMessage(summary: RunSummary, cancelling: boolean, cancelled: boolean): string {
  if (cancelling) return ImageEntryMessages.cancelling;
  if (cancelled && summary.finished) return ImageEntryMessages.cancelled(summary.saved, summary.notSent);
  if (summary.finished) return ImageEntryMessages.finished(summary.saved, summary.refused);
  return ImageEntryMessages.progress(Math.min(summary.total - summary.waiting + 1, summary.total), summary.total);
}

export function ImageEntryScreen() {
  const offline = useOffline();
  const { sheet, entries } = useImageSheet();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const summary = runSummary(sheet);
  const running = summary !== undefined && !summary.finished;
  // While its rows are on their way (offline they wait), a second press would only be refused (issue 31).
  const save = useOnePress(saveImages, running);
  const upcs = sheetUpcs(sheet.rows);
  const cancel = (): void => void cancelSave();
  const askDelete = (): void => {
    if (running) notifier.warning(ImageEntryMessages.runningNow);
    else if (upcs.length === 0) notifier.warning(ImageEntryMessages.noRows);
    else setConfirmDelete(true);
  };

  return (
    <section className="flex min-w-0 flex-col gap-3">
      <ScreenTitle>{ImageEntryMessages.title}</ScreenTitle>
      <div className="flex flex-wrap items-center gap-2">
        <ActionBar
          label="Image entry actions"
          actions={[
            // aria-disabled while waiting, never disabled: the progress dialog hands focus back to the button that started it.
            { label: ImageEntryMessages.saveImages, onClick: save.press, tone: 'primary', phone: 'bar', waiting: save.busy },
            { label: ImageEntryMessages.deleteImages, tone: 'danger', phone: 'bar', onClick: askDelete },
          ]}
        />
        <FilePicker title={ImageEntryMessages.selectFile} accept={SPREADSHEET_FILES} disabled={running} onFile={(file) => void readImageSheet(file)} />
      </div>
      {running && offline && (
        <div role="status" className="flex flex-wrap items-center gap-2 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-slate-800">
          <span className="min-w-0 flex-1">{ImageEntryMessages.waitingForConnection(summary.waiting)}</span>
          <button type="button" className={buttonClass.secondary} onClick={cancel} disabled={sheet.run?.cancelling === true}>
            {ImageEntryMessages.cancel}
          </button>
        </div>
      )}
      <ImageRowsTable sheet={sheet} entries={entries} offline={offline} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={ImageEntryMessages.deleteTitle}
        message={ImageEntryMessages.deleteMessage(upcs.length)}
        proceedLabel={ImageEntryMessages.deleteImages}
        tone="danger"
        onProceed={() => void deleteSheetImages()}
      />
      <ProgressDialog
        // Offline the rows wait and say so in the table; the dialog would only hide them.
        open={summary !== undefined && (!offline || summary.finished)}
        title={ImageEntryMessages.progressTitle}
        message={summary === undefined ? '' : progressMessage(summary, sheet.run?.cancelling === true, sheet.run?.cancelled === true)}
        done={summary === undefined ? 0 : summary.total - summary.waiting}
        total={summary?.total ?? 0}
        onClose={closeRun}
        onCancel={sheet.run?.cancelling === true ? undefined : cancel}
      />
    </section>
  );
}
