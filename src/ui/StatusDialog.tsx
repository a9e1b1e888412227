// The spec's status change dialog (spec §2 Lots list: 'Update Lot(s) Status'): the six lot statuses as
// radio buttons, the first preselected, Close and Update. It owns only the choice; the caller sends it.
import { useState, type FormEvent } from 'react';
import { LotStatus } from '../protocol/lots';
import { buttonClass } from './button';
import { Dialog, DialogActions, DialogCloseButton } from './Dialog';

/** The statuses in the protocol's order (NOT_LISTED first, the preselected one). */
export const LOT_STATUSES: readonly LotStatus[] = Object.values(LotStatus);

export interface StatusDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title?: string;
  readonly message?: string;
  /** Gets the chosen status; the dialog closes after. */
  readonly onUpdate: (status: LotStatus) => void;
}

function StatusForm({ onOpenChange, onUpdate }: Pick<StatusDialogProps, 'onOpenChange' | 'onUpdate'>) {
  const [status, setStatus] = useState<LotStatus>(LotStatus.NOT_LISTED);
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    onUpdate(status);
    onOpenChange(false);
  };
  return (
    <form onSubmit={submit}>
      <fieldset>
        <legend className="sr-only">Status</legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {LOT_STATUSES.map((value) => (
            <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 hover:bg-slate-100">
              <input
                type="radio"
                name="lot-status"
                value={value}
                checked={status === value}
                // Focus starts on the chosen radio: arrows change it, Enter updates.
                autoFocus={status === value}
                onChange={() => setStatus(value)}
                className="size-5 accent-blue-700"
              />
              <span className="font-mono">{value}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <DialogActions>
        <DialogCloseButton />
        <button type="submit" className={buttonClass.primary}>
          Update
        </button>
      </DialogActions>
    </form>
  );
}

export function StatusDialog({ open, onOpenChange, title = 'Update Lot(s) Status', message, onUpdate }: StatusDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} {...(message === undefined ? {} : { description: message })}>
      <StatusForm onOpenChange={onOpenChange} onUpdate={onUpdate} />
    </Dialog>
  );
}
