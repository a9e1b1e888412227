// /lotedit/$lotId (spec §2): owns the lot id in the URL. A non-numeric id is not a routing error: the
// screen shows the spec's 'Invalid lot ID: ...' warning, so the param is parsed here, not thrown.
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LotEditScreen } from '../../features/lot-edit/LotEditScreen';
import { authenticatedRoute } from './authenticated';

const LotIdSchema = z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().safe());

function LotEditRoute() {
  const { lotId } = lotEditRoute.useParams();
  const parsed = LotIdSchema.safeParse(lotId);
  return <LotEditScreen lotId={parsed.success ? parsed.data : undefined} rawLotId={lotId} />;
}

export const lotEditRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/lotedit/$lotId',
  component: LotEditRoute,
});
