// Spinners: an inline one (top bar while a submit runs) and the full-screen one that covers a screen while
// the live connection is being made. Presentational only; callers decide when and what text.
import type { ReactNode } from 'react';

export function Spinner({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={`inline-block size-5 animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

/** Covers the viewport (and blocks input) with a spinner and its text lines. */
export function FullScreenSpinner({ children }: { children: ReactNode }) {
  return (
    <div
      aria-live="polite"
      aria-busy="true"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-white/90 p-6 text-center text-lg text-slate-800"
    >
      <Spinner label="Connecting" className="size-10 text-blue-700" />
      {children}
    </div>
  );
}
