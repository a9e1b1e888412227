// A screen's heading: one h1 per screen, same size everywhere.
import type { ReactNode } from 'react';

export function ScreenTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-4 text-2xl font-semibold text-slate-900">{children}</h1>;
}
