// The auth guard (spec §2, §4): a pathless layout route above every protected screen. Entering it runs the
// session check (which logs out on no or an expired token) and sends a visitor to /login; a logout while a
// protected screen is open (Logout, or a check elsewhere finding the token expired) does the same.
import { Outlet, createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '../../sync/hooks';
import { core, syncReady } from '../../sync/core';
import { rootRoute } from './root';

function AuthenticatedLayout() {
  const { token } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    if (token === undefined) void navigate({ to: '/login', replace: true });
  }, [token, navigate]);
  return token === undefined ? null : <Outlet />;
}

export const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  beforeLoad: async () => {
    if (!core().session.isAuthenticated()) throw redirect({ to: '/login', replace: true });
    // Signed-in screens read the replica: they wait for the engine's chunk (a moment, on the first visit only).
    await syncReady();
  },
  component: AuthenticatedLayout,
});
