// The spec's progress dialog (spec §2 Lots list, e.g. Multiple SKUs): a title, the current status message and
// a bar. With a total the bar shows done/total and, once done reaches total, Close appears. Without a total (one
// request waiting for its reply) the bar is indeterminate and the caller closes the dialog when the work ends.
// While it runs it cannot be closed (Escape and the backdrop are ignored, no Close), only cancelled when the caller
// offers it. The caller owns the work.
import type { ReactNode } from 'react';
import { buttonClass } from './button';
import { Dialog, DialogActions } from './Dialog';
import { progressPercent } from './progress';

export interface ProgressDialogProps {
  readonly open: boolean;
  readonly title: string;
  /** The status message of the running work (spec §2: 'a progress dialog shows the status message'). */
  readonly message: string;
  /** How much is done, of total; without a total the bar only says that work is under way. */
  readonly done?: number;
  readonly total?: number;
  /** Called by Close (or Escape) once finished; never while running. */
  readonly onClose?: () => void;
  /** While running, a Cancel button calls this (the caller stops the work; the dialog stays until it is done). */
  readonly onCancel?: () => void;
  /** Under the bar: what went wrong so far (a queue's refused lots, one line each). */
  readonly details?: ReactNode;
}

function CountedBar({ title, done, total }: { title: string; done: number; total: number }) {
  return (
    <>
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 0)}
        aria-valuenow={Math.min(Math.max(done, 0), Math.max(total, 0))}
        aria-valuetext={`${done} of ${total}`}
        className="h-4 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-blue-700 transition-[width] motion-reduce:transition-none" style={{ width: `${progressPercent(done, total)}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700">{`${done} of ${total}`}</p>
    </>
  );
}

function WaitingBar({ title }: { title: string }) {
  // No aria-valuenow: assistive technology reads an indeterminate progress bar.
  return (
    <div role="progressbar" aria-label={title} className="h-4 w-full overflow-hidden rounded-full bg-slate-200">
      <div className="h-full w-full animate-pulse bg-blue-700/70 motion-reduce:animate-none" />
    </div>
  );
}

export function ProgressDialog({ open, title, message, done = 0, total, onClose, onCancel, details }: ProgressDialogProps) {
  const finished = total !== undefined && done >= total;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && finished && onClose?.()} title={title} description={message}>
      {total === undefined ? <WaitingBar title={title} /> : <CountedBar title={title} done={done} total={total} />}
      {details}
      {!finished && onCancel !== undefined && (
        <DialogActions>
          <button type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
        </DialogActions>
      )}
      {finished && onClose !== undefined && (
        <DialogActions>
          <button type="button" autoFocus className={buttonClass.primary} onClick={onClose}>
            Close
          </button>
        </DialogActions>
      )}
    </Dialog>
  );
}
