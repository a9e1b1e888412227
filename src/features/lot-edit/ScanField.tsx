// The UPC field built for a hardware scanner (spec §2 Lot edit, §5): the scanner types the code and presses
// Enter; Add does the same for a thumb. Blank gives 'Please specify a UPC when adding the item.'. The field
// empties at once, so the next scan can follow; scans made while the previous one is still being queued wait
// their turn, in order (a fast scanner never loses an item), and a blank submit while one is in progress (a
// double tap on Add) is ignored (spec §5). The camera button reads codes into the same queue (a phone with no
// scanner). The field takes focus when it appears (a lot with a box opens, the first box is added) and gets it back
// after every add (scan-focus.ts: the rest of the idle-focus rule).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonClass, inputClass } from '../../ui/button';
import { CameraScanButton } from '../../ui/camera/CameraScanButton';
import { focusScan, type ScanFieldRef } from './scan-focus';

export interface ScanFieldProps {
  /** Queues the scan; resolves once it is in the outbox (and tells the user itself when it cannot). */
  readonly onAdd: (upc: string) => Promise<void>;
  readonly disabled?: boolean;
  /** The field, for the screen that sends focus back to it (after dialogs, tab changes). */
  readonly inputRef?: ScanFieldRef;
}

export function ScanField({ onAdd, disabled = false, inputRef }: ScanFieldProps) {
  const id = useId();
  const ownRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownRef;
  useEffect(() => focusScan(input), [input]);
  const [upc, setUpc] = useState('');
  // The scans still being queued, chained so they go in the order they were made.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const inProgress = useRef(0);

  const enqueue = (code: string): void => {
    inProgress.current += 1;
    queue.current = queue.current
      .then(() => onAdd(code))
      // onAdd reports its own failures; one failed scan must not stop the ones queued behind it.
      .catch(() => undefined)
      .finally(() => {
        inProgress.current -= 1;
        focusScan(input);
      });
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const code = upc;
    if (code.trim() === '' && inProgress.current > 0) return;
    setUpc('');
    enqueue(code);
  };

  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          UPC
        </label>
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="done"
          value={upc}
          disabled={disabled}
          onChange={(event) => setUpc(event.target.value)}
          className={inputClass}
        />
      </div>
      <button type="submit" className={buttonClass.primary} disabled={disabled}>
        Add
      </button>
      <CameraScanButton onScan={enqueue} continuous disabled={disabled} />
    </form>
  );
}
