// The image manager (spec §2 Image manager, §5, §8, §9): one component for the /imagemanager route, Lot edit's
// full-screen modal and Data entry's UPC modal. Upload (files, or the camera on a touch device), Delete Image(s)
// (confirmed), Load Images (a lot's only), Remove Background(s), and the table. Its own dialogs give focus back to
// the button that opened them, not to a screen's idle field (Lot edit's scanner field gets it when the manager
// itself closes).
import { useState } from 'react';
import { ImageManagerMessages } from '../../protocol/messages';
import { ActionBar, type BarAction } from '../../ui/ActionBar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DialogFocusReturn } from '../../ui/Dialog';
import type { ImageSubject } from './image-rows';
import { ImagesTable } from './ImagesTable';
import { UploadButtons } from './UploadButtons';
import { useImageManager } from './use-image-manager';

export function ImageManager({ subject }: { subject: ImageSubject }) {
  const manager = useImageManager(subject);
  const [confirming, setConfirming] = useState(false);
  const actions: BarAction[] = [
    { label: ImageManagerMessages.deleteImages, tone: 'danger', onClick: () => manager.canDelete() && setConfirming(true) },
    ...(subject.type === 'box' ? [{ label: ImageManagerMessages.loadImages, onClick: manager.loadImages }] : []),
    { label: ImageManagerMessages.removeBackgrounds, onClick: manager.removeBackgrounds },
  ];
  return (
    <DialogFocusReturn value={undefined}>
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <UploadButtons onFiles={(files) => void manager.upload(files)} />
          <ActionBar label="Image actions" actions={actions} />
        </div>
        <ImagesTable rows={manager.rows} selected={manager.selected} onToggle={manager.toggle} version={manager.version} onRetry={manager.retry} onDiscard={manager.discard} />
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={ImageManagerMessages.deleteImages}
          message={ImageManagerMessages.confirmDelete(manager.selected.size)}
          proceedLabel="Delete"
          tone="danger"
          onProceed={manager.remove}
        />
      </div>
    </DialogFocusReturn>
  );
}
