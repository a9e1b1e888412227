// The top bar (spec §1): brand with version 1.0, status badge (with Offline, queued changes and the outbox
// panel), spinner while a submit runs, and for a signed-in user the greeting and the navigation. Issue 13: on a
// phone (< 640 px) it is one row of at most ~64 px, the greeting and navigation in a menu drawer; from 640 px the
// navigation is inline, one row where it fits. Its height is published as --lotdesk-topbar-height so toasts sit
// below it (styles.css).
import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { syncReady } from '../sync/core';
import { useSession, useStatus } from '../sync/hooks';
import { Spinner } from '../ui/Spinner';
import { SyncStatusSlot } from './SyncStatusSlot';
import { SignedInLayout } from './top-bar/SignedInLayout';

export const APP_VERSION = '1.0'; // spec §1: the brand text shows version 1.0

// The navigation, the menu drawer and Logout (which asks when the outbox holds changes) read the replica and use
// Radix Dialog: they come with the engine, after the login screen's JavaScript (first load, docs/operations.md).
// Until then the bar lays them out with Logout and Menu disabled (SignedInLayout); the screens wait for the engine.
const SignedInControls = lazy(async () => {
  await syncReady();
  const { SignedInControls: component } = await import('./top-bar/SignedInControls');
  return { default: component };
});

/** Keeps the CSS variable --lotdesk-topbar-height equal to the bar's height (it wraps at some widths). */
function usePublishedHeight(): RefObject<HTMLElement | null> {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const bar = ref.current;
    if (bar === null) return;
    const publish = (): void => document.documentElement.style.setProperty('--lotdesk-topbar-height', `${bar.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(bar);
    publish();
    return () => observer.disconnect();
  }, []);
  return ref;
}

export function TopBar() {
  const { token } = useSession();
  const { message, submitting } = useStatus();
  const ref = usePublishedHeight();
  return (
    <header ref={ref} className="bg-slate-800 text-white">
      <div className="flex min-h-14 items-center gap-x-2 px-2 py-1 sm:flex-wrap sm:px-3 lg:gap-x-3">
        <span className="shrink-0 font-semibold sm:max-lg:text-sm lg:text-lg">{`LotDesk v${APP_VERSION}`}</span>
        <div className="flex min-w-0 flex-1 items-center gap-1 sm:min-w-16">
          <SyncStatusSlot message={message} />
          {submitting && <Spinner label="Working" className="shrink-0 text-white" />}
        </div>
        {token !== undefined && (
          <Suspense fallback={<SignedInLayout />}>
            <SignedInControls />
          </Suspense>
        )}
      </div>
    </header>
  );
}
