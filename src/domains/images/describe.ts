// The images changes in words for the outbox panel; uploads and background removals are told by the engine from
// their file names ("Send shoe.jpg to upload-file").
import { ClientMessages } from '../../protocol/messages';
import type { Describers } from '../../sync/domain';

export const imageDescribers: Describers = {
  loadImagesForManifest: (lotId) => ClientMessages.loadImages(ClientMessages.lotNumbered(lotId)),
  deleteImages: (images) => ClientMessages.deleteImages(images.length),
  deleteUPCImages: (ids) => ClientMessages.deleteImages(ids.length),
  saveImageByUrl: ({ UPC, URL }) => ClientMessages.saveImageByUrl(UPC, URL),
  deleteImageByUrl: (upcs) => ClientMessages.deleteImagesOfUpcs(upcs.length === 1 ? ClientMessages.upcNamed(upcs[0] ?? '') : ClientMessages.upcsCounted(upcs.length)),
};
