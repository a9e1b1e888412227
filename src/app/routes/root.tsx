// The root route: the page frame (top bar, storage warning, install offer, main area, toasts, update prompt) around every
// screen, and the error page for unmatched routes (spec §2: 'Unexpected Application Error!' with 404).
import { Outlet, createRootRoute } from '@tanstack/react-router';
import { Toasts } from '../../ui/Toasts';
import { NotFoundPage, RouteErrorPage } from '../ErrorPage';
import { InstallOffer } from '../pwa/InstallOffer';
import { StorageWarning } from '../pwa/StorageWarning';
import { UpdatePrompt } from '../pwa/UpdatePrompt';
import { VersionPrompt } from '../pwa/VersionPrompt';
import { TopBar } from '../TopBar';

function RootLayout() {
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <TopBar />
      <StorageWarning />
      <InstallOffer />
      <main className="mx-auto w-full max-w-screen-xl p-3 sm:p-4">
        <Outlet />
      </main>
      <Toasts />
      <UpdatePrompt />
      <VersionPrompt />
    </div>
  );
}

export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
