// The protected screens without URL state of their own (spec §2 route table): /home, /dataentry,
// /imageentry, /inventory, /auctions. All sit under the auth guard. Each screen is its own chunk, fetched
// when the route is entered (the router waits for it before rendering, so no blank frame), never on /login;
// the service worker precaches every chunk, so they open offline too (docs/operations.md, "First load").
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authenticatedRoute } from './authenticated';

const getParentRoute = () => authenticatedRoute;

export const homeRoute = createRoute({
  getParentRoute,
  path: '/home',
  component: lazyRouteComponent(() => import('./lots.page'), 'LotsPage'),
});
export const dataEntryRoute = createRoute({
  getParentRoute,
  path: '/dataentry',
  component: lazyRouteComponent(() => import('./data-entry.page'), 'DataEntryPage'),
});
export const imageEntryRoute = createRoute({
  getParentRoute,
  path: '/imageentry',
  component: lazyRouteComponent(() => import('../../features/image-entry/ImageEntryScreen'), 'ImageEntryScreen'),
});
export const inventoryRoute = createRoute({
  getParentRoute,
  path: '/inventory',
  component: lazyRouteComponent(() => import('../../features/inventory/InventoryScreen'), 'InventoryScreen'),
});
export const auctionsRoute = createRoute({
  getParentRoute,
  path: '/auctions',
  component: lazyRouteComponent(() => import('./auctions.page'), 'AuctionsPage'),
});
