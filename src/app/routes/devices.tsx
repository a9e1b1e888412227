// /devices (issue 30): the admins' Devices screen, its own chunk. A user is sent to Lots: the menu has no entry for
// them, and the server would refuse the screen's question anyway.
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { core } from '../../sync/core';
import { authenticatedRoute } from './authenticated';

export const devicesRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/devices',
  beforeLoad: () => {
    if (!core().session.get().isAdmin) throw redirect({ to: '/home', replace: true });
  },
  component: lazyRouteComponent(() => import('../../features/devices/DevicesScreen'), 'DevicesScreen'),
});
