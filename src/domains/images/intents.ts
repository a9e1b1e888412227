// The images changes (spec §2 Image manager and Image entry, §7), each through the outbox so it works offline and
// arrives once, in order: Load Images, Delete Image(s) (a lot's, a UPC's), Image entry's save and delete by URL; and
// the two HTTP operations queued the same way: an upload (the file kept on the device until it is sent, spec §4 file
// by file) and a background removal.
import { ApiPath } from '../../protocol/http';
import { ClientMessages } from '../../protocol/messages';
import { atLeastOne, defineIntent } from '../../sync/intent';
import type { Enqueued } from '../../sync/outbox/outbox';
import { removes } from '../../sync/outbox/outbox';
import { sync } from '../../sync/runtime';
import { imagesTable, type ImageRow } from './tables';

export const loadImagesForManifest = defineIntent({
  destination: 'loadImagesForManifest',
  ids: [''],
  build: (lotId: number) => ({ body: lotId }),
});

/** A lot's images (the box image manager). */
export const deleteImages = defineIntent({
  destination: 'deleteImages',
  build: (images: readonly ImageRow[]) => {
    const [first, ...rest] = atLeastOne(images, ClientMessages.noImagesSelected);
    return { body: images.map(({ id }) => ({ id })), optimistic: removes(imagesTable, [first.id, ...rest.map(({ id }) => id)]) };
  },
});

/** A catalogue UPC's images, by id (the UPC image manager). */
export const deleteUpcImages = defineIntent({
  destination: 'deleteUPCImages',
  build: (images: readonly ImageRow[]) => {
    const [first, ...rest] = atLeastOne(images, ClientMessages.noImagesSelected);
    return { body: images.map(({ id }) => id), optimistic: removes(imagesTable, [first.id, ...rest.map(({ id }) => id)]) };
  },
});

/** Image entry, Save Images: one row (spec §4: one at a time; a Cancel drops the rows not yet sent). */
export const saveImageByUrl = defineIntent({
  destination: 'saveImageByUrl',
  alone: true,
  build: ({ upc, url }: { readonly upc: string; readonly url: string }) => ({ body: { UPC: upc.trim(), URL: url.trim() } }),
});

/** Image entry, Delete Images: every image of the sheet's UPCs. */
export const deleteImagesOfUpcs = defineIntent({
  destination: 'deleteImageByUrl',
  build: (upcs: readonly string[]) => {
    atLeastOne(upcs, ClientMessages.noUpc);
    return { body: [...new Set(upcs.map((upc) => upc.trim()))] };
  },
});

/** Where an upload goes (spec §7: a UPC or a lot number). A lot made offline has no number until the server's reply. */
export type UploadTarget = { readonly lotNumber: string } | { readonly upc: string };

/** Queues one file (spec §4: uploads go file by file, each its own entry). */
export function queueImageUpload(file: File, target: UploadTarget): Promise<Enqueued> {
  const fields: Readonly<Record<string, string>> = 'lotNumber' in target ? { SKU: target.lotNumber } : { UPC: target.upc };
  if ('lotNumber' in target && target.lotNumber === '') return Promise.reject(new Error(ClientMessages.lotNotSentYet));
  if ('upc' in target && target.upc.trim() === '') return Promise.reject(new Error(ClientMessages.noUpc));
  return sync().enqueueUpload({ url: ApiPath.uploadFile, file, fields, fileName: file.name });
}

/** Queues a background removal of a stored image (spec §7: by its store media id); the result is a new image. */
export function queueBackgroundRemoval(image: ImageRow): Promise<Enqueued> {
  if (image.wcAttachmentId === null) return Promise.reject(new Error(ClientMessages.imageNotInStore(image.fileName)));
  return sync().enqueueUpload({ url: ApiPath.removeBgImage, fields: { attachmentId: image.wcAttachmentId }, fileName: image.fileName });
}
