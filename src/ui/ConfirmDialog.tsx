// The spec's one confirm/prompt dialog (spec §2 Lots list, §5): a title, a message, an optional labelled text
// input, optional extra content, Close and Proceed. With an input, Proceed is disabled while it is blank and
// a blank input says why. Enter proceeds. It owns no data: the caller acts in `onProceed`, then it closes.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { buttonClass, inputClass } from './button';
import { Dialog, DialogActions, DialogCloseButton } from './Dialog';

export interface ConfirmInput {
  readonly label: string;
  readonly initialValue?: string;
  /** Shown under the input once it has been left blank (e.g. 'Title cannot be empty'). */
  readonly blankHint?: string;
  readonly maxLength?: number;
}

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly message?: ReactNode;
  /** When given, the dialog is a prompt: Proceed needs non-blank text. */
  readonly input?: ConfirmInput;
  /** Extra content between the message and the buttons (a list of the lots concerned, …). */
  readonly children?: ReactNode;
  readonly proceedLabel?: string;
  /** The dismissing button's label: the spec's Close unless a screen names it otherwise (Logout's Cancel). */
  readonly closeLabel?: string;
  /** 'danger' (delete warnings): a red Proceed, and focus starts on Close so a stray Enter cannot delete. */
  readonly tone?: 'default' | 'danger';
  /** Gets the trimmed input text ('' without an input); the dialog closes after. */
  readonly onProceed: (value: string) => void;
}

type FormProps = Omit<ConfirmDialogProps, 'open' | 'title' | 'message'>;

function ConfirmForm({ input, children, proceedLabel = 'Proceed', closeLabel = 'Close', tone = 'default', onProceed, onOpenChange }: FormProps) {
  const [value, setValue] = useState(input?.initialValue ?? '');
  const [touched, setTouched] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const blocked = input !== undefined && value.trim() === '';
  const showHint = blocked && touched && input.blankHint !== undefined;

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (blocked) return setTouched(true);
    onProceed(value.trim());
    onOpenChange(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      {input !== undefined && (
        <>
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
            {input.label}
          </label>
          <input
            id={inputId}
            value={value}
            maxLength={input.maxLength}
            // Focus lands in the field (Radix keeps an element focused on mount), ready for typing or a scan.
            autoFocus
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
              {input.blankHint}
            </p>
          )}
        </>
      )}
      {children}
      <DialogActions>
        <DialogCloseButton label={closeLabel} />
        <button
          type="submit"
          disabled={blocked}
          autoFocus={input === undefined && tone !== 'danger'}
          className={tone === 'danger' ? buttonClass.danger : buttonClass.primary}
        >
          {proceedLabel}
        </button>
      </DialogActions>
    </form>
  );
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onOpenChange, title, message } = props;
  // The form mounts only while open, so each opening starts from `initialValue`.
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} {...(message === undefined ? {} : { description: message })}>
      <ConfirmForm {...props} />
    </Dialog>
  );
}
