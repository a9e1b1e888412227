// The spec's generic text entry (spec §2 Lots list: 'Enter Text'): a labelled multi-line text area, Close and
// Save. Enter makes a new line (a scanner ends each code with Enter, one per line); Ctrl/⌘+Enter saves.
// It owns no data: the caller gets the text as typed and acts on it; the dialog then closes.
import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { buttonClass, inputClass } from './button';
import { Dialog, DialogActions, DialogCloseButton } from './Dialog';

export interface TextEntryDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title?: string;
  readonly message?: ReactNode;
  readonly label?: string;
  readonly initialValue?: string;
  readonly saveLabel?: string;
  readonly rows?: number;
  /** Gets the text as typed (untrimmed); the dialog closes after. */
  readonly onSave: (text: string) => void;
}

type FormProps = Pick<TextEntryDialogProps, 'onOpenChange' | 'label' | 'initialValue' | 'saveLabel' | 'rows' | 'onSave'>;

function TextEntryForm({ onOpenChange, label = 'Text', initialValue = '', saveLabel = 'Save', rows = 8, onSave }: FormProps) {
  const [value, setValue] = useState(initialValue);
  const id = useId();
  const hintId = useId();

  const save = (): void => {
    onSave(value);
    onOpenChange(false);
  };
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    save();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={hintId}
        autoComplete="off"
        spellCheck={false}
        className={`${inputClass} py-2 font-mono`}
      />
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        Ctrl+Enter saves.
      </p>
      <DialogActions>
        <DialogCloseButton />
        <button type="submit" className={buttonClass.primary}>
          {saveLabel}
        </button>
      </DialogActions>
    </form>
  );
}

export function TextEntryDialog({ open, onOpenChange, title = 'Enter Text', message, ...form }: TextEntryDialogProps) {
  // The form mounts only while open, so each opening starts from `initialValue`.
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} wide {...(message === undefined ? {} : { description: message })}>
      <TextEntryForm onOpenChange={onOpenChange} {...form} />
    </Dialog>
  );
}
