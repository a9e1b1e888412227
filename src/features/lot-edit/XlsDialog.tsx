// 'XLS Data Entry' (spec §2 Lot edit): a full-screen modal with a file picker, a table of UPC and quantity with
// added / not-found marks once the server has answered, Close and Save Changes (addMultipleUPCsToBox). The file
// is read by the spreadsheet worker, off the main thread. A UPC that cannot be right is marked with why, and sent.
import { useState } from 'react';
import type { BulkAddResponse } from '../../protocol/entities';
import { ClientMessages } from '../../protocol/messages';
import { notifier } from '../../sync/feedback/notifier';
import { status } from '../../sync/feedback/status';
import { messageOf } from '../../sync/validated';
import { readSheet } from '../../workers/read-spreadsheet';
import { buttonClass } from '../../ui/button';
import { Dialog, DialogActions, DialogCloseButton } from '../../ui/Dialog';
import { FilePicker, SPREADSHEET_FILES } from '../../ui/FilePicker';
import { upcQuantities, xlsRows, type UpcQuantity, type XlsRow } from './xls-rows';

export const XLS_TITLE = 'XLS Data Entry';

export interface XlsDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The server's answer to the last Save Changes (undefined before one). */
  readonly result: BulkAddResponse | undefined;
  readonly onSave: (rows: readonly UpcQuantity[]) => void;
}

function mark(upc: string, result: BulkAddResponse | undefined): string {
  if (result === undefined) return '';
  return result.notFoundUPCs.includes(upc) ? '✗ Not found' : '✓ Added';
}

export function XlsDialog({ open, onOpenChange, result, onSave }: XlsDialogProps) {
  const [rows, setRows] = useState<readonly XlsRow[]>([]);
  const [saved, setSaved] = useState(false);
  const read = async (file: File): Promise<void> => {
    status.busy(`Reading ${file.name}...`);
    try {
      const sheet = await readSheet(file, 'box', ['xlsx', 'xls', 'csv']);
      if (sheet.missing.length > 0) throw new Error(`The file has no ${sheet.missing.map((name) => `'${name}'`).join(' or ')} column.`);
      const parsed = xlsRows(sheet.rows.map((row) => row.values));
      const skipped = parsed.skipped + sheet.rejected.length;
      setRows(parsed.rows);
      setSaved(false);
      status.ready(`Read ${parsed.rows.length} UPCs from ${file.name}.`);
      if (skipped > 0) notifier.warning(`Skipped ${skipped} rows without a UPC or a whole quantity.`);
      const toCheck = parsed.rows.filter((row) => row.problem !== undefined);
      if (toCheck.length > 0) notifier.warning(ClientMessages.upcsToCheck(toCheck.length, toCheck[0]?.upc ?? ''));
      if (sheet.truncated) notifier.warning('Only the first rows were read: the sheet is too long.');
    } catch (error) {
      status.ready();
      notifier.error(`${file.name}: ${messageOf(error)}`);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={XLS_TITLE} fullScreen>
      <div className="flex flex-col gap-3">
        <FilePicker title="Select File" accept={SPREADSHEET_FILES} onFile={(file) => void read(file)} />
        <div className="max-h-[60dvh] overflow-auto rounded-lg border border-slate-200">
          <table aria-label="UPCs from the file" className="w-full text-left">
            <thead className="sticky top-0 bg-slate-100">
              <tr>
                <th scope="col" className="px-3 py-2">UPC</th>
                <th scope="col" className="px-3 py-2 text-right">Quantity</th>
                <th scope="col" className="px-3 py-2">Result</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.upc} className="border-t border-slate-200">
                  <td className="px-3 py-2 font-mono">{row.upc}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.qnty}</td>
                  <td className="px-3 py-2">
                    {saved ? mark(row.upc, result) : ''}
                    {row.problem !== undefined && <span className="block text-sm text-amber-900">⚠ {row.problem}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <DialogActions>
          <DialogCloseButton />
          <button
            type="button"
            className={buttonClass.primary}
            // Once saved, a second press would add the whole sheet again (issue 31): choosing the file again allows it.
            disabled={rows.length === 0 || saved}
            onClick={() => {
              onSave(upcQuantities(rows));
              setSaved(true);
            }}
          >
            Save Changes
          </button>
        </DialogActions>
        {saved && <p className="text-sm text-slate-700">{ClientMessages.xlsSaved}</p>}
      </div>
    </Dialog>
  );
}
