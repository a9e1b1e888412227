// An inline warning block (yellow), e.g. for a URL that names nothing valid.
import type { ReactNode } from 'react';

export function Warning({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      {children}
    </div>
  );
}
