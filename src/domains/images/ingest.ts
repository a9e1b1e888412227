// Images replies into the replica (spec §7): a lot's or a UPC's images replace what the replica held for that owner
// (FOUND_IMAGES_FOR_LOT, IMAGE_ADDED_MANIFEST, FOUND_IMAGES_FOR_UPC); a new image (IMAGE_UPLOADED from an upload, a
// save by URL or a push; IMAGE_BACKGROUND_REMOVED) is added; DELETED_IMAGES removes ids. Refusals are shown as spec §8
// says for the image manager, and a refused upload as 'Error sending file: {file name}'.
import { contract } from '../../protocol/contract';
import type { Envelope } from '../../protocol/envelope';
import { ApiPath } from '../../protocol/http';
import { ImageSavedSchema, LotImagesSchema, UpcImagesSchema, type Image } from '../../protocol/images';
import { ClientMessages, ServerMessages } from '../../protocol/messages';
import type { EnvelopeHandler, IngestContext, RefusalHandler } from '../../sync/domain';
import { parsed } from '../../sync/ingest/parsed';
import type { OutboxEntry } from '../../sync/outbox/entry';
import { withIntents } from '../../sync/outbox/optimistic';
import type { ReplicaTables } from '../../sync/replica/replica';
import { rememberSavedReply } from './saved-replies';
import { imagesTable, ownerKey, type ImageOwner } from './tables';

const DeletedIds = contract.deleteImages.reply.data;

const rowsOf = (owner: ImageOwner, images: readonly Image[]) => images.map((image) => ({ ...image, owner: ownerKey(owner) }));

/** The owner's images become the server's list; rows with a change of ours pending stay until it settles. */
async function replaceImages(db: ReplicaTables, user: string, owner: ImageOwner, images: readonly Image[]): Promise<void> {
  const kept = new Set(images.map(({ id }) => id));
  const table = db.rows(imagesTable);
  await table.where('owner').equals(ownerKey(owner)).filter((row) => row.pending !== 1 && !kept.has(row.id)).delete();
  await table.bulkPut(await withIntents(db, user, imagesTable.name, rowsOf(owner, images)));
}

// Our own replies only: a push (another tablet's change) updates the replica silently.
const announceOurs = (envelope: Envelope, context: IngestContext): void => void (context.clientMsgId !== undefined && context.announce(envelope.message));

const lotImages: EnvelopeHandler = async (envelope, context) => {
  const data = parsed(LotImagesSchema, envelope.data, 'lot images');
  if (data === undefined) return;
  await context.write((db, { user }) => replaceImages(db, user, { lotId: data.lot.id }, data.images));
  announceOurs(envelope, context);
};

const savedImage: EnvelopeHandler = async (envelope, context) => {
  const saved = parsed(ImageSavedSchema, envelope.data, 'saved image');
  if (saved === undefined) return;
  const owner: ImageOwner | undefined = saved.lotId !== null ? { lotId: saved.lotId } : saved.upc !== null ? { upc: saved.upc } : undefined;
  if (owner === undefined) return;
  // Before the write: the entry's RECEIPT may follow in this task, and a screen reads this once the entry is gone.
  if (context.clientMsgId !== undefined) rememberSavedReply(context.clientMsgId, { message: envelope.message ?? '', image: saved.image });
  await context.write(async (db, { user }) => {
    await db.rows(imagesTable).bulkPut(await withIntents(db, user, imagesTable.name, rowsOf(owner, [saved.image])));
  });
  // Uploads go file by file and saves by URL row by row: the status says each, the screen's table shows them all;
  // a toast per picture would bury the screen.
  if (context.clientMsgId !== undefined) context.feedback.status.ready(envelope.message ?? undefined);
};

export const imageMessages = {
  FOUND_IMAGES_FOR_LOT: lotImages,
  IMAGE_ADDED_MANIFEST: lotImages,
  FOUND_IMAGES_FOR_UPC: async (envelope, context) => {
    const data = parsed(UpcImagesSchema, envelope.data, 'UPC images');
    if (data !== undefined) await context.write((db, { user }) => replaceImages(db, user, { upc: data.upc }, data.images));
  },
  IMAGE_UPLOADED: savedImage,
  IMAGE_BACKGROUND_REMOVED: savedImage,
  DELETED_IMAGES: async (envelope, context) => {
    // Spec §8: a deleted-images reply with no data.
    if (envelope.data === null || envelope.data === undefined) return void context.feedback.notifier.error(ClientMessages.noDeletedImages);
    const ids = parsed(DeletedIds, envelope.data, 'deleted images');
    if (ids === undefined) return;
    await context.write(async (db) => db.rows(imagesTable).bulkDelete(ids));
    announceOurs(envelope, context);
  },
} as const satisfies Record<string, EnvelopeHandler>;

/** Spec §8 Image manager: the ownership refusal as a warning and a toast; anything else as 'Error: …'. */
export const showImageRefusal: RefusalHandler = ({ message }, { notifier, status }) => {
  const text = message ?? '';
  status.ready(text);
  if (text === ServerMessages.lotNotFoundOrNotOwned) notifier.warning(text);
  else notifier.error(`Error: ${text}`);
};

/** The refused file's words first, the server's reason as the status (it stays on the entry in the outbox panel). */
const showFileRefusal = (headline: string, reason: string | null | undefined, { notifier, status }: Parameters<RefusalHandler>[1]): void => {
  status.ready(reason ?? undefined);
  notifier.error(headline);
};

const fileNameOf = (entry: OutboxEntry | undefined): string => (entry?.kind === 'upload' ? (entry.fileName ?? '') : '');

/** Spec §8: a refused upload says which file. */
const showUploadRefusal: RefusalHandler = (envelope, feedback, _request, entry) =>
  showFileRefusal(ClientMessages.sendFileFailed(fileNameOf(entry)), envelope.message, feedback);

/** Spec §8: a refused background removal names the image's file. */
const showRemovalRefusal: RefusalHandler = (envelope, feedback, _request, entry) =>
  showFileRefusal(ClientMessages.removeBackgroundFailed(fileNameOf(entry)), envelope.message, feedback);

export const imageRefusals = {
  getImagesForLotById: showImageRefusal,
  loadImagesForManifest: showImageRefusal,
  deleteImages: showImageRefusal,
  deleteUPCImages: showImageRefusal,
  [ApiPath.uploadFile]: showUploadRefusal,
  [ApiPath.removeBgImage]: showRemovalRefusal,
} as const;
