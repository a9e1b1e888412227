// presentImage: an images row → the wire's Image (spec §3). A variant not made (an empty path) is null.
import type { Image } from '../../../src/protocol/images';
import type { images } from '../../db';

export type ImageRow = typeof images.$inferSelect;

const link = (path: string): string | null => (path === '' ? null : path);

export function presentImage(row: ImageRow): Image {
  return {
    id: row.id,
    fileName: row.fileName,
    full: link(row.full),
    thumbnail: link(row.thumbnail),
    smallImage: link(row.smallImage),
    large: link(row.large),
    medium: link(row.medium),
    wcAttachmentId: row.wcAttachmentId,
  };
}
