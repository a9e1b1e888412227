// Images of lots and catalogue UPCs (spec §2 Image manager and Image entry, §3 Image, §7): the replica's table, the
// intents and queued uploads, ingest and hooks. This file is the domain's only public face.
import { defineDomain } from '../../sync/domain';
import { imageDescribers } from './describe';
import { imageMessages, imageRefusals } from './ingest';
import { imagesTable } from './tables';

export const imagesDomain = defineDomain({
  name: 'images',
  tables: [imagesTable],
  messages: imageMessages,
  refusals: imageRefusals,
  describe: imageDescribers,
});

export { imagesTable, ownerKey, type ImageOwner, type ImageRow } from './tables';
export {
  deleteImages, deleteImagesOfUpcs, deleteUpcImages, loadImagesForManifest, queueBackgroundRemoval, queueImageUpload, saveImageByUrl,
  type UploadTarget,
} from './intents';
export { savedReplyOf, type SavedReply } from './saved-replies';
export { readLotImageLinks, useImages, useImagesQuery, useLotsImagesQuery, useObjectUrl, usePendingUploads, type PendingUpload } from './hooks';
