// The image manager's pure rules (spec §2 Image manager, §5, §9): what it manages (a lot's images or a catalogue
// UPC's), where an upload for it goes or why it cannot, the table's rows (stored images, then the uploads still in
// the outbox shown from this device), the cache-busting link and the preview sources. No React here: tested in node.
import type { ImageOwner, ImageRow, PendingUpload, UploadTarget } from '../../domains/images';
import { ClientMessages, ImageManagerMessages } from '../../protocol/messages';

/**
 * What the manager shows. 'box': a lot's images; `lot` is undefined when no lot is known (the route's lot not on
 * this device or refused), and a lot made offline has a temporary (negative) id and no number yet. 'upc': a
 * catalogue UPC's images.
 */
export type ImageSubject =
  | { readonly type: 'box'; readonly lot: { readonly id: number; readonly lotNumber: string } | undefined }
  | { readonly type: 'upc'; readonly upc: string };

/** Whose images the replica holds for the subject; undefined when there is no one to ask about. */
export function subjectOwner(subject: ImageSubject): ImageOwner | undefined {
  if (subject.type === 'upc') return subject.upc.trim() === '' ? undefined : { upc: subject.upc.trim() };
  return subject.lot === undefined || subject.lot.id <= 0 ? undefined : { lotId: subject.lot.id };
}

/** Where an upload goes (spec §7: SKU = lot number, or UPC), or the spec's words for why it cannot (§5, §8). */
export function uploadTarget(subject: ImageSubject): { readonly target: UploadTarget } | { readonly refused: string } {
  if (subject.type === 'upc') return subject.upc.trim() === '' ? { refused: ClientMessages.noUpc } : { target: { upc: subject.upc.trim() } };
  if (subject.lot === undefined) return { refused: ClientMessages.noCurrentLot };
  // A lot made here offline: the server numbers it, and the upload names the lot by that number.
  if (subject.lot.id <= 0 || subject.lot.lotNumber === '') return { refused: ClientMessages.lotNotSentYet };
  return { target: { lotNumber: subject.lot.lotNumber } };
}

/** The manager's title: 'Images of LOT-12' / 'Images of 012345678905'. */
export const subjectTitle = (subject: ImageSubject): string =>
  ImageManagerMessages.title(subject.type === 'upc' ? subject.upc : (subject.lot?.lotNumber || ImageManagerMessages.newLot));

/** A row of the table: an image the server holds, or an upload still waiting in the outbox. */
export type ManagerRow = { readonly kind: 'stored'; readonly image: ImageRow } | { readonly kind: 'pending'; readonly upload: PendingUpload };

export const rowKey = (row: ManagerRow): string => (row.kind === 'stored' ? `image:${row.image.id}` : `upload:${row.upload.seq}`);

export const rowName = (row: ManagerRow): string => (row.kind === 'stored' ? row.image.fileName : row.upload.fileName);

/**
 * The stored images in their order, then the waiting uploads oldest first. An upload the server has just answered
 * can be in both lists for a moment (its image ingested, its outbox entry not yet gone): while it is on its way
 * ('in-flight') and an image of the same file name is stored, the image stands for it, so it never shows twice.
 */
export function managerRows(stored: readonly ImageRow[], pending: readonly PendingUpload[]): ManagerRow[] {
  const names = new Set(stored.map(({ fileName }) => fileName));
  const waiting = pending.filter((upload) => !(upload.state === 'in-flight' && names.has(upload.fileName)));
  return [...stored.map((image): ManagerRow => ({ kind: 'stored', image })), ...waiting.map((upload): ManagerRow => ({ kind: 'pending', upload }))];
}

/** What a waiting upload says in the table (the refused one with the server's reason). */
export function uploadStateText(upload: Pick<PendingUpload, 'state' | 'lastError'>): string {
  if (upload.state === 'dead') return ImageManagerMessages.notSent(upload.lastError);
  return upload.state === 'in-flight' ? ImageManagerMessages.uploading : ImageManagerMessages.waiting;
}

/** Spec §9: an image link carries a cache-busting version from the current time (`?v=…`, or `&v=…` after a query). */
export function versionedUrl(url: string, now: number): string {
  const hash = url.indexOf('#');
  const [base, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}v=${now}${fragment}`;
}

type Variants = Pick<ImageRow, 'thumbnail' | 'smallImage' | 'medium' | 'large' | 'full'>;

/** The table's thumbnail (at most 100 px): the thumbnail variant, else the smallest one made. */
export const thumbnailSrc = (image: Variants): string | undefined =>
  image.thumbnail ?? image.smallImage ?? image.medium ?? image.large ?? image.full ?? undefined;

/** The hover preview (spec §9: 400 px wide): the small image (300 px), else medium (600 px), else any. */
export const previewSrc = (image: Variants): string | undefined =>
  image.smallImage ?? image.medium ?? image.large ?? image.full ?? image.thumbnail ?? undefined;

/** The full-size modal's image. */
export const fullSrc = (image: Variants): string | undefined =>
  image.full ?? image.large ?? image.medium ?? image.smallImage ?? image.thumbnail ?? undefined;

/** The selected stored images, in the table's order (pending uploads cannot be selected: they have no id yet). */
export const selectedImages = (rows: readonly ManagerRow[], selected: ReadonlySet<number>): ImageRow[] =>
  rows.flatMap((row) => (row.kind === 'stored' && selected.has(row.image.id) ? [row.image] : []));
