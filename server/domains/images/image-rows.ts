// The images table as the images domain uses it: whose images a user may see and change (a lot's: the lot's owner
// and the admins, DESIGN §5 Ownership; a catalogue UPC's: all staff), reading them in upload order, and writing the
// row that names staged files. Handlers and the HTTP routes both come through here.
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { IMAGES_MAX } from '../../../src/protocol/images';
import { images, lots, type DbOrTx } from '../../db';
import type { StagedFiles } from '../../images/image-files';
import type { HandlerUser } from '../handler';
import { visibleLot, visibleLots, type LotRow } from '../lots';
import { presentImage, type ImageRow } from './image-presenter';

/** What an image belongs to: a lot (by id) or a catalogue UPC. */
export type ImageOwner = { readonly lot: LotRow } | { readonly upc: string };

const ownerCondition = (owner: ImageOwner): SQL => ('lot' in owner ? eq(images.lotId, owner.lot.id) : eq(images.upc, owner.upc));

/** The owner's images, oldest first (the order they were added). */
export async function imagesOf(db: DbOrTx, owner: ImageOwner): Promise<ImageRow[]> {
  return db.select().from(images).where(ownerCondition(owner)).orderBy(asc(images.id));
}

/** The lot with this number, if the user may see and change it (an upload names its lot by SKU, spec §7). */
export async function visibleLotByNumber(db: DbOrTx, user: HandlerUser, lotNumber: string): Promise<LotRow | undefined> {
  const [lot] = await db.select().from(lots).where(and(eq(lots.lotNumber, lotNumber), visibleLots(user)));
  return lot;
}

/** The lot with this id, if the user may see and change it. */
export async function visibleLotById(db: DbOrTx, user: HandlerUser, lotId: number): Promise<LotRow | undefined> {
  const [lot] = await db.select().from(lots).where(visibleLot(user, lotId));
  return lot;
}

/** What a row names: its stored files and their public paths (a copy made by Load Images names the same). */
export type NamedFiles = Pick<StagedFiles, 'fileKey' | 'fileName' | 'paths'>;

export const filesOf = (row: ImageRow): NamedFiles => ({
  fileKey: row.fileKey,
  fileName: row.fileName,
  paths: { full: row.full, thumbnail: row.thumbnail, smallImage: row.smallImage, medium: row.medium, large: row.large },
});

/**
 * The image a background removal names by its store media id (spec §7: attachmentId), if the user may touch it: a
 * catalogue UPC's (all staff) or one of a lot the user may see.
 */
export async function visibleImageByAttachment(db: DbOrTx, user: HandlerUser, attachmentId: number): Promise<ImageRow | undefined> {
  const lotRule = visibleLots(user); // undefined for an admin: every lot
  const [row] = await db
    .select({ image: images })
    .from(images)
    .leftJoin(lots, eq(images.lotId, lots.id))
    .where(and(eq(images.wcAttachmentId, attachmentId), lotRule === undefined ? undefined : or(isNotNull(images.upc), lotRule)))
    .orderBy(asc(images.id))
    .limit(1);
  return row?.image;
}

/** How many more images the owner may take. */
export async function roomFor(db: DbOrTx, owner: ImageOwner): Promise<number> {
  const [row] = await db.select({ count: sql`count(*)`.mapWith(Number) }).from(images).where(ownerCondition(owner));
  return IMAGES_MAX - (row?.count ?? 0);
}

/**
 * The row naming staged files. Its store media id is its own id (the embedded store's media are the images; a
 * WooCommerce listing replaces it with the shop's).
 */
export async function insertImage(db: DbOrTx, owner: ImageOwner, files: NamedFiles): Promise<ImageRow> {
  const ownerColumns = 'lot' in owner ? { lotId: owner.lot.id, upc: null } : { lotId: null, upc: owner.upc };
  const [inserted] = await db.insert(images).values({ ...ownerColumns, fileKey: files.fileKey, fileName: files.fileName, ...files.paths }).returning({ id: images.id });
  if (!inserted) throw new Error('insert into images returned no row');
  const [row] = await db.update(images).set({ wcAttachmentId: inserted.id }).where(eq(images.id, inserted.id)).returning();
  if (!row) throw new Error('update of images returned no row');
  return row;
}

/** The lot images with these ids among those the user may see, locked for the delete that follows. */
export async function lockVisibleLotImages(db: DbOrTx, user: HandlerUser, ids: readonly number[]): Promise<Array<ImageRow & { owner: LotRow }>> {
  const rows = await db
    .select({ image: images, lot: lots })
    .from(images)
    .innerJoin(lots, eq(images.lotId, lots.id))
    .where(and(inArray(images.id, [...ids]), visibleLots(user)))
    .orderBy(images.id)
    .for('update', { of: images });
  return rows.map(({ image, lot }) => ({ ...image, owner: lot }));
}

export { presentImage };
