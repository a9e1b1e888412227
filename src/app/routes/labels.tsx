// /labels?lots=1,2&locations=1-1-1-1-1&format=4x2 (issue 16): printable labels for lots (from the Lots page's selection
// and Lot edit) and locations (from Inventory). The search schema never throws: what cannot be read is left out.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { authenticatedRoute } from './authenticated';

// The router JSON-parses search values: ?lots=12 arrives as a number, ?lots=1,2 as text.
const list = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);

const LabelsSearchSchema = z.object({ lots: list, locations: list, format: list });
export type LabelsSearch = z.infer<typeof LabelsSearchSchema>;

export const labelsRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/labels',
  validateSearch: LabelsSearchSchema,
  component: lazyRouteComponent(() => import('./labels.page'), 'LabelsPage'),
});
