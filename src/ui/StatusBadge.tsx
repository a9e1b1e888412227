// The top bar's status badge (spec §1): the current status message, empty at first. A polite live region,
// so screen readers hear 'Ready.' without moving focus.
export function StatusBadge({ message }: { message: string }) {
  return (
    <output
      aria-live="polite"
      data-testid="status-badge"
      className={`max-w-[50vw] truncate rounded-full px-3 py-1 text-sm font-medium ${
        message ? 'bg-emerald-100 text-emerald-900' : ''
      }`}
    >
      {message}
    </output>
  );
}
