// The UPC field built for a hardware scanner (spec §2 Lot edit, §5): the scanner types the code and presses
// Enter; Add does the same for a thumb. Blank gives 'Please specify a UPC when adding the item.'; a scan while
// the previous one is still being queued is ignored (spec §5), and focus comes back to the field after every
// add, so the next scan lands here without a tap.
import { useId, useRef, useState, type FormEvent } from 'react';
import { buttonClass, inputClass } from '../../ui/button';

export interface ScanFieldProps {
  /** Queues the scan; resolves once it is in the outbox. */
  readonly onAdd: (upc: string) => Promise<void>;
  readonly disabled?: boolean;
}

export function ScanField({ onAdd, disabled = false }: ScanFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [upc, setUpc] = useState('');
  const busy = useRef(false);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    const code = upc;
    setUpc('');
    void onAdd(code).finally(() => {
      busy.current = false;
      input.current?.focus();
    });
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
    </form>
  );
}
