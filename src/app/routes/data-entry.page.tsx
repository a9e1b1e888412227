// The /dataentry page: Data entry with the UPC image manager modal of its Images column (spec §2), which lives in
// the images feature (features never import each other, so the page joins them).
import { DataEntryScreen } from '../../features/data-entry/DataEntryScreen';
import { UpcImagesDialog } from '../../features/images/ImageManagerDialog';

export function DataEntryPage() {
  return <DataEntryScreen ImagesDialog={UpcImagesDialog} />;
}
