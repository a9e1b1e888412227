// Images of lots and of catalogue UPCs (spec §3), the requests that load or remove them, and the two HTTP
// bodies (upload, background removal). Image bytes never travel over STOMP.
import { z } from 'zod';
import { LotSchema } from './lots';
import { ImageMessages } from './messages';
import { HttpUrl, Id, ImageLink, LotNumber, text, Upc } from './primitives';

/** One stored image with its variants (DESIGN §5: thumbnail 100 px, small 300, medium 600, large 1200, full). */
export const ImageSchema = z.object({
  id: Id,
  fileName: text(255),
  full: ImageLink.nullable(),
  thumbnail: ImageLink.nullable(),
  smallImage: ImageLink.nullable(),
  large: ImageLink.nullable(),
  medium: ImageLink.nullable(),
  wcAttachmentId: Id.nullable().describe("the store's media id; what background removal is asked for"),
});
export type Image = z.infer<typeof ImageSchema>;

export const IMAGES_MAX = 500;

/** FOUND_IMAGES_FOR_LOT / IMAGE_ADDED_MANIFEST data (spec §7: "has images and lot"). */
export const LotImagesSchema = z.object({
  images: z.array(ImageSchema).max(IMAGES_MAX),
  lot: LotSchema,
});
export type LotImages = z.infer<typeof LotImagesSchema>;

/** FOUND_IMAGES_FOR_UPC data: the images of one catalogue UPC. */
export const UpcImagesSchema = z.object({
  upc: Upc,
  images: z.array(ImageSchema).max(IMAGES_MAX),
});
export type UpcImages = z.infer<typeof UpcImagesSchema>;

/** IMAGE_UPLOADED data: one new image and what it belongs to (a catalogue UPC or a lot). */
export const ImageSavedSchema = z.object({
  upc: Upc.nullable(),
  lotId: Id.nullable(),
  image: ImageSchema,
});
export type ImageSaved = z.infer<typeof ImageSavedSchema>;

/** saveImageByUrl body, field names as the spec spells them. */
export const ImageByUrlRequestSchema = z.object({ UPC: Upc, URL: HttpUrl });
export type ImageByUrlRequest = z.infer<typeof ImageByUrlRequestSchema>;

/**
 * The text fields of POST /api/upload-file (multipart): a UPC or a lot number (SKU) says where the image
 * goes. The `file` part is a Blob checked by the upload route (size, type), so it is not in this schema.
 */
export const UploadFieldsSchema = z
  .object({ UPC: Upc.optional(), SKU: LotNumber.optional() })
  .refine((fields) => fields.UPC !== undefined || fields.SKU !== undefined, ImageMessages.noOwner);
export type UploadFields = z.infer<typeof UploadFieldsSchema> & { file: Blob };

/** POST /api/remove-bg-image body: the store media id of the image (Image.wcAttachmentId). */
export const BackgroundRemovalRequestSchema = z.object({ attachmentId: Id });
export type BackgroundRemovalRequest = z.infer<typeof BackgroundRemovalRequestSchema>;
