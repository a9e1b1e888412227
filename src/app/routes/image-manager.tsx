// /imagemanager/$identifier?type=box|upc (spec §2): owns the identifier and the type search param. The
// search schema never throws (a bad type is the screen's 'Invalid type: ...' message, not an error page);
// the type is then checked against box/upc here.
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ImageManagerScreen } from '../../features/images/ImageManagerScreen';
import { authenticatedRoute } from './authenticated';

// The router JSON-parses search values, so ?type=123 arrives as a number: keep it as text for the message.
const ImageManagerSearchSchema = z.object({
  type: z.union([z.string(), z.number(), z.boolean()]).transform(String).optional().catch(undefined),
});
const ImageOwnerTypeSchema = z.enum(['box', 'upc']);

function ImageManagerRoute() {
  const { identifier } = imageManagerRoute.useParams();
  const { type } = imageManagerRoute.useSearch();
  const parsed = ImageOwnerTypeSchema.safeParse(type);
  return <ImageManagerScreen identifier={identifier} type={parsed.success ? parsed.data : undefined} rawType={type ?? ''} />;
}

export const imageManagerRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/imagemanager/$identifier',
  validateSearch: ImageManagerSearchSchema,
  component: ImageManagerRoute,
});
