// An editable numeric table cell (spec §2 'Numeric cells are editable', §5): shows the number with 2 decimals
// as a button; a tap or Enter opens a text field. Enter (or leaving the field) commits, Escape cancels. A
// non-number reports the spec's message through `onInvalid` and the change is ignored; an equal value is no
// change. It owns only the editing state; the caller stores the value.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatNumber, parseNumberEdit } from './number-edit';

export interface NumberCellProps {
  /** The column's name in the spec's message, e.g. 'Units' → 'ERROR, Units must be a number. …'. */
  readonly label: string;
  readonly value: number | null;
  /** Names the row for screen readers, e.g. the lot number: 'Edit Units of L-0042'. */
  readonly rowName?: string;
  readonly onCommit: (value: number) => void;
  /** Gets the spec's error text (show it as an alert or toast). */
  readonly onInvalid: (message: string) => void;
  readonly disabled?: boolean;
}

const TARGET = 'min-h-11 w-full rounded-md px-2 text-right tabular-nums focus-visible:outline-2 focus-visible:outline-blue-600';

export function NumberCell({ label, value, rowName, onCommit, onInvalid, disabled = false }: NumberCellProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  // Set when Enter/Escape has already settled the edit, so the blur that follows does not commit again.
  const settled = useRef(false);
  // Set by Enter/Escape: the keyboard user gets focus back on the cell (a tap elsewhere keeps its own focus).
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const name = rowName === undefined ? label : `${label} of ${rowName}`;

  useEffect(() => {
    if (draft !== undefined || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [draft]);

  const start = (): void => {
    settled.current = false;
    setDraft(value === null ? '' : String(value));
  };
  const finish = (commit: boolean): void => {
    if (settled.current || draft === undefined) return;
    settled.current = true;
    setDraft(undefined);
    if (!commit) return;
    const edit = parseNumberEdit(label, draft, value);
    if (edit.kind === 'invalid') onInvalid(edit.message);
    else if (edit.kind === 'changed') onCommit(edit.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter' || event.key === 'Escape') {
      event.preventDefault();
      // Escape cancels the edit only, not a surrounding dialog.
      event.stopPropagation();
      refocus.current = true;
      finish(event.key === 'Enter');
    }
  };

  if (draft === undefined) {
    return (
      <button ref={button} type="button" disabled={disabled} onClick={start} aria-label={`Edit ${name}: ${formatNumber(value)}`} className={`${TARGET} hover:bg-slate-100`}>
        {formatNumber(value)}
      </button>
    );
  }
  return (
    <input
      type="text"
      inputMode="decimal"
      aria-label={name}
      value={draft}
      autoFocus
      onFocus={(event) => event.target.select()}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
      className={`${TARGET} border border-blue-600 bg-white`}
    />
  );
}
