// Whether a CSS media query matches, kept current as the window resizes or the device turns.
import { useSyncExternalStore } from 'react';

/** Spec layout: from 640 px (Tailwind's sm) a table shows as a table; below it, each row is a card. */
export const WIDE_QUERY = '(min-width: 640px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    // No window (a server render): the desk layout.
    () => true,
  );
}

/** A desk's width (Tailwind's lg): from here a table shows all its columns at first (columns.ts deskOnly). */
export const DESK_QUERY = '(min-width: 1024px)';

/** True on a desk or tablet (>= 640 px), false on a phone. */
export const useWideLayout = (): boolean => useMediaQuery(WIDE_QUERY);

/** True on a desk (>= 1024 px). */
export const useDeskLayout = (): boolean => useMediaQuery(DESK_QUERY);
