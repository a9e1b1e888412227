// The /imagemanager/$identifier page, loaded with its route (image-manager.tsx): checks the type search
// param against box/upc; anything else reaches the screen as text for its 'Invalid type: ...' message.
import { getRouteApi } from '@tanstack/react-router';
import { z } from 'zod';
import { ImageManagerScreen } from '../../features/images/ImageManagerScreen';

const route = getRouteApi('/authenticated/imagemanager/$identifier');
const ImageOwnerTypeSchema = z.enum(['box', 'upc']);

export function ImageManagerPage() {
  const { identifier } = route.useParams();
  const { type } = route.useSearch();
  const parsed = ImageOwnerTypeSchema.safeParse(type);
  return <ImageManagerScreen identifier={identifier} type={parsed.success ? parsed.data : undefined} rawType={type ?? ''} />;
}
