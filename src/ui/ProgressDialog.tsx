// The spec's progress dialog (spec §2 Lots list, e.g. Multiple SKUs): a title, the current status message and
// a bar of done/total. While it runs it cannot be closed (Escape and the backdrop are ignored, no Close);
// once done reaches total, Close appears. The caller owns the work and the counts.
import { buttonClass } from './button';
import { Dialog, DialogActions } from './Dialog';
import { progressPercent } from './progress';

export interface ProgressDialogProps {
  readonly open: boolean;
  readonly title: string;
  /** The status message of the running work (spec §2: 'a progress dialog shows the status message'). */
  readonly message: string;
  readonly done: number;
  readonly total: number;
  /** Called by Close (or Escape) once finished. */
  readonly onClose: () => void;
}

export function ProgressDialog({ open, title, message, done, total, onClose }: ProgressDialogProps) {
  const finished = done >= total;
  const percent = progressPercent(done, total);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && finished && onClose()} title={title} description={message}>
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 0)}
        aria-valuenow={Math.min(Math.max(done, 0), Math.max(total, 0))}
        aria-valuetext={`${done} of ${total}`}
        className="h-4 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-700 transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700">{`${done} of ${total}`}</p>
      {finished && (
        <DialogActions>
          <button type="button" autoFocus className={buttonClass.primary} onClick={onClose}>
            Close
          </button>
        </DialogActions>
      )}
    </Dialog>
  );
}
