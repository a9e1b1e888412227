// The image manager's pure rules (spec §2 Image manager, §5, §8, §9): where an upload goes or the spec's words for
// why not, the table's rows (stored images, then uploads waiting on the device, never one image twice), the upload
// states' words, the cache-busting link, and which variant each preview uses.
import { describe, expect, it } from 'vitest';
import type { ImageRow, PendingUpload } from '../../../src/domains/images';
import {
  fullSrc, managerRows, previewSrc, rowKey, selectedImages, subjectOwner, subjectTitle, thumbnailSrc, uploadStateText, uploadTarget, versionedUrl,
} from '../../../src/features/images/image-rows';
import { ClientMessages } from '../../../src/protocol/messages';

const image = (id: number, fileName: string, over: Partial<ImageRow> = {}): ImageRow => ({
  id, fileName, owner: 'lot:1', full: `/images/${id}/full.jpg`, thumbnail: `/images/${id}/thumb.jpg`, smallImage: `/images/${id}/small.jpg`,
  medium: `/images/${id}/medium.jpg`, large: `/images/${id}/large.jpg`, wcAttachmentId: id, ...over,
});
const upload = (seq: number, fileName: string, state: PendingUpload['state'] = 'pending', lastError = ''): PendingUpload => ({
  seq, fileName, blob: new Blob(['x']), state, lastError,
});

describe('image manager: subject', () => {
  it('uploads a lot\'s images by its number and a UPC\'s by the UPC', () => {
    expect(uploadTarget({ type: 'box', lot: { id: 4, lotNumber: 'LOT-4' } })).toEqual({ target: { lotNumber: 'LOT-4' } });
    expect(uploadTarget({ type: 'upc', upc: ' 012345678905 ' })).toEqual({ target: { upc: '012345678905' } });
  });

  it('says the spec\'s words when there is nothing to upload to', () => {
    expect(uploadTarget({ type: 'box', lot: undefined })).toEqual({ refused: ClientMessages.noCurrentLot });
    expect(uploadTarget({ type: 'upc', upc: '  ' })).toEqual({ refused: ClientMessages.noUpc });
    // A lot made offline: a temporary id, no number until the server gives one.
    expect(uploadTarget({ type: 'box', lot: { id: -3, lotNumber: '' } })).toEqual({ refused: ClientMessages.lotNotSentYet });
  });

  it('asks the server about a stored lot or a UPC only', () => {
    expect(subjectOwner({ type: 'box', lot: { id: 4, lotNumber: 'LOT-4' } })).toEqual({ lotId: 4 });
    expect(subjectOwner({ type: 'box', lot: { id: -3, lotNumber: '' } })).toBeUndefined();
    expect(subjectOwner({ type: 'box', lot: undefined })).toBeUndefined();
    expect(subjectOwner({ type: 'upc', upc: '0123' })).toEqual({ upc: '0123' });
    expect(subjectOwner({ type: 'upc', upc: '' })).toBeUndefined();
  });

  it('is titled by the lot number or the UPC', () => {
    expect(subjectTitle({ type: 'box', lot: { id: 4, lotNumber: 'LOT-4' } })).toBe('Images of LOT-4');
    expect(subjectTitle({ type: 'upc', upc: '0123' })).toBe('Images of 0123');
  });
});

describe('image manager: rows', () => {
  it('lists the stored images, then the uploads waiting on the device, oldest first', () => {
    const rows = managerRows([image(1, 'a.jpg'), image(2, 'b.jpg')], [upload(7, 'c.jpg'), upload(9, 'd.jpg', 'dead', 'too big')]);
    expect(rows.map(rowKey)).toEqual(['image:1', 'image:2', 'upload:7', 'upload:9']);
  });

  it('shows an upload the server has just answered once: its image stands for it while the entry is still on its way', () => {
    const rows = managerRows([image(1, 'a.jpg')], [upload(7, 'a.jpg', 'in-flight'), upload(8, 'a.jpg', 'pending')]);
    // The waiting one of the same name is another photo (a second "a.jpg" chosen later): it stays.
    expect(rows.map(rowKey)).toEqual(['image:1', 'upload:8']);
  });

  it('says where each upload stands', () => {
    expect(uploadStateText(upload(1, 'a.jpg'))).toBe('Waiting to upload');
    expect(uploadStateText(upload(1, 'a.jpg', 'in-flight'))).toBe('Uploading');
    expect(uploadStateText(upload(1, 'a.jpg', 'dead', 'a.jpg is not an image.'))).toBe('Not sent: a.jpg is not an image.');
  });

  it('selects stored images only, in the table\'s order', () => {
    const rows = managerRows([image(1, 'a.jpg'), image(2, 'b.jpg'), image(3, 'c.jpg')], [upload(7, 'd.jpg')]);
    expect(selectedImages(rows, new Set([3, 1, 7])).map(({ id }) => id)).toEqual([1, 3]);
    expect(selectedImages(rows, new Set())).toEqual([]);
  });
});

describe('image manager: links and previews', () => {
  it('adds the cache-busting version of spec §9 to a link', () => {
    expect(versionedUrl('/images/1/full.jpg', 1700000000000)).toBe('/images/1/full.jpg?v=1700000000000');
    expect(versionedUrl('/images/1/full.jpg?w=2', 5)).toBe('/images/1/full.jpg?w=2&v=5');
    expect(versionedUrl('https://h.example/i.jpg#top', 5)).toBe('https://h.example/i.jpg?v=5#top');
  });

  it('takes the thumbnail for the table, the small image for the hover and the full one for the modal, else the nearest made', () => {
    const all = image(1, 'a.jpg');
    expect([thumbnailSrc(all), previewSrc(all), fullSrc(all)]).toEqual(['/images/1/thumb.jpg', '/images/1/small.jpg', '/images/1/full.jpg']);
    const some = image(2, 'b.png', { thumbnail: null, smallImage: null, full: null });
    expect([thumbnailSrc(some), previewSrc(some), fullSrc(some)]).toEqual(['/images/2/medium.jpg', '/images/2/medium.jpg', '/images/2/large.jpg']);
    const none = image(3, 'c.png', { thumbnail: null, smallImage: null, medium: null, large: null, full: null });
    expect([thumbnailSrc(none), previewSrc(none), fullSrc(none)]).toEqual([undefined, undefined, undefined]);
  });
});
