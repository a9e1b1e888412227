// The /lotedit/$lotId page, loaded with its route (lot-edit.tsx). A non-numeric id is not a routing error:
// the screen shows the spec's 'Invalid lot ID: ...' warning, so the param is parsed here, not thrown.
import { getRouteApi } from '@tanstack/react-router';
import { z } from 'zod';
import { LotEditScreen } from '../../features/lot-edit/LotEditScreen';

const route = getRouteApi('/authenticated/lotedit/$lotId');
const LotIdSchema = z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().safe());

export function LotEditPage() {
  const { lotId } = route.useParams();
  const parsed = LotIdSchema.safeParse(lotId);
  return <LotEditScreen lotId={parsed.success ? parsed.data : undefined} rawLotId={lotId} />;
}
