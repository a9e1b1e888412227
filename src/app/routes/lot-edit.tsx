// /lotedit/$lotId (spec §2): owns the lot id in the URL. The screen (and its page, lot-edit.page.tsx) is a
// chunk of its own, fetched when the route is entered (docs/operations.md, "First load").
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authenticatedRoute } from './authenticated';

export const lotEditRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/lotedit/$lotId',
  component: lazyRouteComponent(() => import('./lot-edit.page'), 'LotEditPage'),
});
