// Bulk image-by-URL entry (spec §2 Image entry). Placeholder: the title only, until its issue lands.
import { ScreenTitle } from '../../ui/ScreenTitle';

export function ImageEntryScreen() {
  return <ScreenTitle>Image Entry</ScreenTitle>;
}
