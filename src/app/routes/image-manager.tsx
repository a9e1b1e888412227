// /imagemanager/$identifier?type=box|upc (spec §2): owns the identifier and the type search param. The
// search schema never throws (a bad type is the screen's 'Invalid type: ...' message, not an error page);
// the page (image-manager.page.tsx, a chunk of its own fetched with the route) checks the type.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { authenticatedRoute } from './authenticated';

// The router JSON-parses search values, so ?type=123 arrives as a number: keep it as text for the message.
const ImageManagerSearchSchema = z.object({
  type: z.union([z.string(), z.number(), z.boolean()]).transform(String).optional().catch(undefined),
});

export const imageManagerRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/imagemanager/$identifier',
  validateSearch: ImageManagerSearchSchema,
  component: lazyRouteComponent(() => import('./image-manager.page'), 'ImageManagerPage'),
});
