// The image manager as a full-screen modal (spec §2: Lot edit's "full-screen image manager modal", Data entry's
// Images column "opens a UPC image manager modal"). The screens that open it take these as props from their page
// (features never import each other), so one component serves both.
import { Dialog, DialogActions, DialogCloseButton } from '../../ui/Dialog';
import { subjectTitle, type ImageSubject } from './image-rows';
import { ImageManager } from './ImageManager';

export interface ImagesDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

function ImageManagerDialog({ subject, open, onOpenChange }: ImagesDialogProps & { subject: ImageSubject }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={subjectTitle(subject)} fullScreen>
      <ImageManager subject={subject} />
      <DialogActions>
        <DialogCloseButton />
      </DialogActions>
    </Dialog>
  );
}

/** A lot's images (Lot edit). A lot made offline (temporary id, no number yet) says so instead of uploading. */
export function LotImagesDialog({ lot, ...props }: ImagesDialogProps & { lot: { readonly id: number; readonly lotNumber: string } }) {
  return <ImageManagerDialog subject={{ type: 'box', lot: { id: lot.id, lotNumber: lot.lotNumber } }} {...props} />;
}

/** A catalogue UPC's images (Data entry's Images column). */
export function UpcImagesDialog({ upc, ...props }: ImagesDialogProps & { upc: string }) {
  return <ImageManagerDialog subject={{ type: 'upc', upc }} {...props} />;
}
