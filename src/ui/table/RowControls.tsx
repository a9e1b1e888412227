// A table row's own controls, the same in every table: its select box (the whole 44 px cell is the target), and the
// Retry / Discard of a change the server refused (the outbox's, offered where the row shows).
import { cellButtonClass } from '../button';

export function RowCheckbox({ checked, onToggle, label }: { checked: boolean; onToggle: () => void; label: string }) {
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input type="checkbox" className="size-5 accent-blue-700" checked={checked} onChange={onToggle} aria-label={label} />
    </label>
  );
}

export function RetryDiscard({ onRetry, onDiscard }: { onRetry: () => void; onDiscard: () => void }) {
  return (
    <span className="flex gap-1">
      <button type="button" className={cellButtonClass} onClick={onRetry}>
        Retry
      </button>
      <button type="button" className={cellButtonClass} onClick={onDiscard}>
        Discard
      </button>
    </span>
  );
}
