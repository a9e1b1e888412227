// The router: every route of spec §2's table, the auth guard above the protected ones, and the default
// error page. Route files own their URL state; this file only assembles the tree.
import { createRouter } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from './ErrorPage';
import { authenticatedRoute } from './routes/authenticated';
import { devicesRoute } from './routes/devices';
import { imageManagerRoute } from './routes/image-manager';
import { labelsRoute } from './routes/labels';
import { indexRoute, loginRoute } from './routes/login';
import { lotEditRoute } from './routes/lot-edit';
import { rootRoute } from './routes/root';
import { auctionsRoute, dataEntryRoute, homeRoute, imageEntryRoute, inventoryRoute } from './routes/screens';

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  authenticatedRoute.addChildren([
    homeRoute,
    dataEntryRoute,
    imageEntryRoute,
    inventoryRoute,
    auctionsRoute,
    lotEditRoute,
    imageManagerRoute,
    labelsRoute,
    devicesRoute,
  ]),
]);

export const router = createRouter({
  routeTree,
  // Unmatched URLs render the root's not-found page (the 404 error page) inside the normal frame.
  notFoundMode: 'root',
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: RouteErrorPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
