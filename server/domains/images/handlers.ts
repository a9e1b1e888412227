// The images destinations of spec §7: a lot's and a UPC's images, Load Images (a lot takes its UPCs' catalogue
// pictures, a picture and its background-removed twin as one image), deleting them, and Image Entry's save and delete by URL. Saving by URL fetches and processes outside its
// transaction (a staged handler), so a slow image host never holds the database.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { IMAGES_MAX } from '../../../src/protocol/images';
import { ImageMessages } from '../../../src/protocol/messages';
import { boxes, images, items } from '../../db';
import { defineHandlers, only, refuse, reply, replyAndPush, type HandlerResult } from '../handler';
import { lockVisibleLots, lotNotFound, ownerName, presentOneLot, replyAndPushPerOwner } from '../lots';
import { cataloguePictures } from './catalogue-pictures';
import type { ImageRow } from './image-presenter';
import { filesOf, imagesOf, insertImage, lockVisibleLotImages, presentImage, roomFor, visibleLotById } from './image-rows';
import { commitImage } from './image-commit';
import { isRefusal, stageImageFromUrl } from './staging';

const notFound = (id: number): HandlerResult => refuse(ErrorCode.NOT_FOUND, ImageMessages.notFound(id));

/**
 * Each catalogue picture once (a source and its "-no-bg" twin are one picture: the twin is copied, issue 31), and
 * none the lot already has in any version: Load Images pressed twice adds nothing.
 */
function notYetAttached(catalogue: readonly ImageRow[], onLot: readonly ImageRow[]): ImageRow[] {
  const seen = new Set(onLot.map(({ fileKey }) => fileKey));
  const wanted: ImageRow[] = [];
  for (const { members, chosen } of cataloguePictures(catalogue)) {
    if (members.some(({ fileKey }) => seen.has(fileKey))) continue;
    for (const { fileKey } of members) seen.add(fileKey);
    wanted.push(chosen);
  }
  return wanted;
}

export const imageHandlers = defineHandlers({
  getImagesForLotById: {
    access: 'user',
    async handle({ user, db }, lotId) {
      const lot = await visibleLotById(db, user, lotId);
      if (!lot) return lotNotFound();
      const rows = await imagesOf(db, { lot });
      return only(reply.ok('FOUND_IMAGES_FOR_LOT', { images: rows.map(presentImage), lot: await presentOneLot(db, lot) }, ImageMessages.found(rows.length)));
    },
  },

  getImagesForUPC: {
    access: 'user',
    async handle({ db }, upc) {
      const rows = await imagesOf(db, { upc });
      return only(reply.ok('FOUND_IMAGES_FOR_UPC', { upc, images: rows.map(presentImage) }, ImageMessages.found(rows.length)));
    },
  },

  loadImagesForManifest: {
    access: 'user',
    async handle({ user, db }, lotId) {
      const [lot] = (await lockVisibleLots(db, user, [lotId])) ?? [];
      if (!lot) return lotNotFound();
      const upcs = await db.selectDistinct({ upc: items.upc }).from(items).innerJoin(boxes, eq(items.boxId, boxes.id)).where(eq(boxes.lotId, lot.id));
      const catalogue = upcs.length === 0 ? [] : await db.select().from(images)
        .where(and(inArray(images.upc, upcs.map(({ upc }) => upc)), isNotNull(images.upc)))
        .orderBy(images.id);
      const wanted = notYetAttached(catalogue, await imagesOf(db, { lot }));
      const room = await roomFor(db, { lot });
      if (wanted.length > room) return refuse(ErrorCode.BAD_REQUEST, ImageMessages.full(IMAGES_MAX));
      for (const image of wanted) await insertImage(db, { lot }, filesOf(image));
      const rows = await imagesOf(db, { lot });
      const message = reply.ok('IMAGE_ADDED_MANIFEST', { images: rows.map(presentImage), lot: await presentOneLot(db, lot) }, ImageMessages.attached(wanted.length));
      return replyAndPush(message, await ownerName(db, user, lot));
    },
  },

  deleteImages: {
    access: 'user',
    async handle({ user, db, services }, refs) {
      const ids = [...new Set(refs.map(({ id }) => id))];
      const rows = await lockVisibleLotImages(db, user, ids);
      const missing = ids.find((id) => !rows.some((row) => row.id === id));
      if (missing !== undefined) return notFound(missing);
      await db.delete(images).where(inArray(images.id, ids));
      services.images.sweeper.soon();
      const owners = rows.map((row) => ({ ...row, userId: row.owner.userId }));
      return replyAndPushPerOwner(db, user, owners, (theirs) => reply.ok('DELETED_IMAGES', theirs.map(({ id }) => id), ImageMessages.deleted(theirs.length)));
    },
  },

  deleteUPCImages: {
    access: 'user',
    async handle({ user, db, services }, idList) {
      const ids = [...new Set(idList)];
      const rows = await db.select({ id: images.id }).from(images).where(and(inArray(images.id, ids), isNotNull(images.upc))).for('update');
      const missing = ids.find((id) => !rows.some((row) => row.id === id));
      if (missing !== undefined) return notFound(missing);
      await db.delete(images).where(inArray(images.id, ids));
      services.images.sweeper.soon();
      return replyAndPush(reply.ok('DELETED_IMAGES', ids, ImageMessages.deleted(ids.length)), user.username);
    },
  },

  saveImageByUrl: {
    access: 'user',
    async stage({ services }, { UPC, URL }) {
      const staged = await stageImageFromUrl(services, URL);
      if (isRefusal(staged)) return refuse(staged.code, staged.message);
      return {
        async commit({ user, db }) {
          const committed = await commitImage(db, user, { upc: UPC }, staged, { messageType: 'IMAGE_UPLOADED', message: ImageMessages.uploaded(staged.fileName) });
          const message = { topic: 'incomingMessages', body: committed.envelope } as const;
          return { result: committed.used ? replyAndPush(message, committed.owner) : only(message), used: committed.used };
        },
        discard: staged.discard,
      };
    },
  },

  deleteImageByUrl: {
    access: 'user',
    async handle({ user, db, services }, upcs) {
      const deleted = await db.delete(images).where(inArray(images.upc, [...new Set(upcs)])).returning({ id: images.id });
      services.images.sweeper.soon();
      // In id order: RETURNING gives no order of its own (PostgreSQL's differs from PGlite's).
      const ids = deleted.map(({ id }) => id).sort((x, y) => x - y);
      return replyAndPush(reply.ok('DELETED_IMAGES', ids, ImageMessages.deleted(ids.length)), user.username);
    },
  },
});
