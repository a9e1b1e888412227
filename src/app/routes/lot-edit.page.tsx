// The /lotedit/$lotId page, loaded with its route (lot-edit.tsx). A non-numeric id is not a routing error:
// the screen shows the spec's 'Invalid lot ID: ...' warning, so the param is parsed here, not thrown. A negative
// id is a lot made offline (a temporary id); once the server numbers it the URL is replaced by the real one, so a
// reload or a shared link names the lot the server knows. The image manager modal comes from the images feature, the
// listing panel (the Listing Manager) from the listing feature.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { z } from 'zod';
import { LotImagesDialog } from '../../features/images/ImageManagerDialog';
import { ListingManager } from '../../features/listing/ListingManager';
import { LotEditScreen } from '../../features/lot-edit/LotEditScreen';

const route = getRouteApi('/authenticated/lotedit/$lotId');
const LotIdSchema = z.string().regex(/^-?\d+$/).transform(Number).pipe(z.number().int().safe());

export function LotEditPage() {
  const { lotId } = route.useParams();
  const navigate = useNavigate();
  const parsed = LotIdSchema.safeParse(lotId);
  const onRenumbered = useCallback((realId: number) => void navigate({ to: '/lotedit/$lotId', params: { lotId: String(realId) }, replace: true }), [navigate]);
  return <LotEditScreen lotId={parsed.success ? parsed.data : undefined} rawLotId={lotId} onRenumbered={onRenumbered} ImagesDialog={LotImagesDialog} ListingDialog={ListingManager} />;
}
