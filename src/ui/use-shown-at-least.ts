// Keeps a progress display up long enough to be read. A run answered in a few milliseconds (Multiple SKUs on a
// near server) would open and close its dialog within one frame, and people never saw it (issue 13).
import { useEffect, useRef, useState } from 'react';

/** Long enough to read a title and a status line; short enough not to hold anyone up. */
export const SHOWN_AT_LEAST_MS = 1200;

/** True while `on`, and after it turns off, until `ms` have passed since it turned on. */
export function useShownAtLeast(on: boolean, ms: number = SHOWN_AT_LEAST_MS): boolean {
  const since = useRef(0);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (on) {
      since.current = Date.now();
      setHeld(true);
      return undefined;
    }
    const timer = setTimeout(() => setHeld(false), Math.max(0, since.current + ms - Date.now()));
    return () => clearTimeout(timer);
  }, [on, ms]);
  return on || held;
}
