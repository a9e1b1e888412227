// The spec's prompt dialog (spec §2 Lots list): a title, an optional message, a labelled text input, Close
// and Proceed; Proceed is disabled while the input is blank, and a blank input says why. Enter proceeds.
// The form is mounted only while open, so each opening starts from `initialValue`.
import { useId, useState, type FormEvent } from 'react';
import { buttonClass, inputClass } from './button';
import { Dialog, DialogActions, DialogCloseButton } from './Dialog';

export interface PromptDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly message?: string;
  readonly label: string;
  readonly initialValue?: string;
  readonly proceedLabel?: string;
  /** Shown under the input while it is blank (e.g. 'Title cannot be empty'). */
  readonly blankHint: string;
  readonly maxLength?: number;
  /** Gets the trimmed text; the dialog closes after. */
  readonly onProceed: (value: string) => void;
}

function PromptForm({ label, initialValue = '', proceedLabel = 'Proceed', blankHint, maxLength, onProceed, onOpenChange }: PromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const blank = value.trim() === '';
  const showHint = blank && touched;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (blank) return setTouched(true);
    onProceed(value.trim());
    onOpenChange(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        value={value}
        maxLength={maxLength}
        onChange={(event) => {
          setValue(event.target.value);
          setTouched(true);
        }}
        aria-invalid={showHint}
        aria-describedby={showHint ? hintId : undefined}
        autoComplete="off"
        className={inputClass}
      />
      {showHint && (
        <p id={hintId} className="mt-1 text-sm text-red-700">
          {blankHint}
        </p>
      )}
      <DialogActions>
        <DialogCloseButton />
        <button type="submit" disabled={blank} className={buttonClass.primary}>
          {proceedLabel}
        </button>
      </DialogActions>
    </form>
  );
}

export function PromptDialog(props: PromptDialogProps) {
  const { open, onOpenChange, title, message } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} {...(message === undefined ? {} : { description: message })}>
      <PromptForm {...props} />
    </Dialog>
  );
}
