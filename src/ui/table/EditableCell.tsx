// The editing mechanics every editable table cell shares (spec §2 editable cells): the value shows as a button;
// a tap or Enter opens a text field; Enter (or leaving the field) commits, Escape cancels; focus returns to the
// cell after a keyboard edit. What the text means (a number, free text) is the caller's: it gets the draft.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface EditableCellProps {
  /** Names the field for screen readers, e.g. 'Units of LOT-000042'; the button reads 'Edit {name}: {shown}'. */
  readonly name: string;
  /** What the cell shows while not editing. */
  readonly shown: string;
  /** The text the field starts with. */
  readonly initial: string;
  /** The edit ended with Enter or a blur: the text as typed. */
  readonly onFinish: (draft: string) => void;
  readonly disabled?: boolean;
  readonly align?: 'left' | 'right';
  readonly inputMode?: 'text' | 'decimal';
  /** Marks a cell whose value differs from the server's (data entry tracks changed cells per row). */
  readonly changed?: boolean;
}

const TARGET = 'min-h-11 w-full rounded-md px-2 focus-visible:outline-2 focus-visible:outline-blue-600';

export function EditableCell({ name, shown, initial, onFinish, disabled = false, align = 'left', inputMode = 'text', changed = false }: EditableCellProps) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  // Set when Enter/Escape has already settled the edit, so the blur that follows does not commit again.
  const settled = useRef(false);
  // Set by Enter/Escape: the keyboard user gets focus back on the cell (a tap elsewhere keeps its own focus).
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const alignClass = align === 'right' ? 'text-right tabular-nums' : 'text-left';

  useEffect(() => {
    if (draft !== undefined || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [draft]);

  const start = (): void => {
    settled.current = false;
    setDraft(initial);
  };
  const finish = (commit: boolean): void => {
    if (settled.current || draft === undefined) return;
    settled.current = true;
    setDraft(undefined);
    if (commit) onFinish(draft);
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
      <button
        ref={button}
        type="button"
        disabled={disabled}
        onClick={start}
        aria-label={`Edit ${name}: ${shown}${changed ? ' (changed)' : ''}`}
        data-changed={changed ? 'true' : undefined}
        className={`${TARGET} ${alignClass} truncate ${changed ? 'bg-amber-100 font-semibold text-amber-950 ring-1 ring-amber-400' : 'hover:bg-slate-100'}`}
      >
        {/* An empty cell still shows it can be tapped (a phone card has no grid lines to find it by). */}
        {shown === '' ? <span aria-hidden="true" className="text-slate-400">—</span> : shown}
      </button>
    );
  }
  return (
    <input
      type="text"
      inputMode={inputMode}
      aria-label={name}
      value={draft}
      autoFocus
      onFocus={(event) => event.target.select()}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
      className={`${TARGET} ${alignClass} border border-blue-600 bg-white`}
    />
  );
}
