// The image manager's state and actions (spec §2 Image manager, §4 Uploads, §5, §8): the rows (the server's images
// and this device's waiting uploads), the selection, and Upload (file by file, one outbox entry each), Delete
// Image(s), Load Images (a lot's: the catalogue images of its UPCs) and Remove Background(s). Every change goes
// through the outbox, so each works offline and is sent once when the connection is back.
import { useMemo, useState } from 'react';
import {
  deleteImages, deleteUpcImages, loadImagesForManifest, queueBackgroundRemoval, queueImageUpload, useImages, useImagesQuery, usePendingUploads,
} from '../../domains/images';
import { ClientMessages, ImageManagerMessages } from '../../protocol/messages';
import { notifier, showError } from '../../sync/feedback/notifier';
import { queueIntent } from '../../sync/intent';
import { status } from '../../sync/feedback/status';
import { sync } from '../../sync/runtime';
import { managerRows, selectedImages, subjectOwner, uploadTarget, type ImageSubject, type ManagerRow } from './image-rows';

export interface ImageManagerState {
  readonly rows: readonly ManagerRow[];
  readonly selected: ReadonlySet<number>;
  readonly toggle: (id: number) => void;
  /** The link version (spec §9), taken when the manager opened. */
  readonly version: number;
  readonly upload: (files: readonly File[]) => Promise<void>;
  /** Checks the selection; true when the Delete confirmation may open (else the spec's warning was shown). */
  readonly canDelete: () => boolean;
  readonly remove: () => void;
  readonly loadImages: () => void;
  readonly removeBackgrounds: () => void;
  readonly retry: (seq: number) => void;
  readonly discard: (seq: number) => void;
}

/** A file the picker let through that is plainly not an image (a type the browser names); the server sniffs the rest. */
const notAnImage = (file: File): boolean => file.type !== '' && !file.type.startsWith('image/');

/** Queues each file in turn, so the outbox sends them in the order chosen (spec §4: file by file). */
async function uploadFiles(subject: ImageSubject, files: readonly File[]): Promise<void> {
  const where = uploadTarget(subject);
  if ('refused' in where) return notifier.warning(where.refused);
  let queued = 0;
  for (const file of files) {
    if (notAnImage(file)) {
      notifier.error(ImageManagerMessages.notImage(file.name));
      continue;
    }
    try {
      await queueImageUpload(file, where.target);
      queued += 1;
    } catch (error) {
      // Full storage, say: the next file may still fit, and each one says why it did not.
      showError(error);
    }
  }
  if (queued > 0) status.ready(ImageManagerMessages.queued(queued));
}

export function useImageManager(subject: ImageSubject): ImageManagerState {
  const owner = subjectOwner(subject);
  useImagesQuery(owner);
  const stored = useImages(owner);
  const where = uploadTarget(subject);
  const pending = usePendingUploads('target' in where ? where.target : undefined);
  const rows = useMemo(() => managerRows(stored, pending), [stored, pending]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // Only images still shown stay selected (one deleted elsewhere drops out).
  const selected = useMemo(() => new Set(selectedImages(rows, chosen).map(({ id }) => id)), [rows, chosen]);
  const [version] = useState(() => Date.now());

  const picked = () => selectedImages(rows, selected);
  const needSelection = (): boolean => {
    if (picked().length > 0) return true;
    notifier.warning(ClientMessages.noImagesSelected);
    return false;
  };
  return {
    rows,
    selected,
    version,
    toggle: (id) =>
      setChosen((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    upload: (files) => uploadFiles(subject, files),
    canDelete: needSelection,
    remove: () => {
      const images = picked();
      const intent = subject.type === 'box' ? queueIntent(deleteImages, images) : queueIntent(deleteUpcImages, images);
      void intent.then(() => setChosen(new Set())).catch(showError);
    },
    loadImages: () => {
      if (owner === undefined || !('lotId' in owner)) return notifier.warning('refused' in where ? where.refused : ClientMessages.noCurrentLot);
      void queueIntent(loadImagesForManifest, owner.lotId).catch(showError);
    },
    removeBackgrounds: () => {
      if (!needSelection()) return;
      void Promise.all(picked().map((image) => queueBackgroundRemoval(image).catch(showError))).then(() => setChosen(new Set()));
    },
    retry: (seq) => void sync().retryEntry(seq).catch(showError),
    discard: (seq) => void sync().discardEntry(seq).catch(showError),
  };
}
