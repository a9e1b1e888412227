// Which catalogue rows are one picture for Load Images (issue 31): a source and the "-no-bg" twins a background
// removal made of it (by name, same UPC, made after it) are one picture, copied as its newest background-removed
// version; anything else is a picture of its own.
import { describe, expect, it } from 'vitest';
import { cataloguePictures } from '../../../../server/domains/images/catalogue-pictures';
import type { ImageRow } from '../../../../server/domains/images';

let ids = 0;
const row = (fileName: string, upc = '012345678905', id = (ids += 1)): ImageRow => ({
  id, fileName, upc, lotId: null, full: `/images/${id}/full.png`, thumbnail: '', smallImage: '', medium: '', large: '', wcAttachmentId: id,
  fileKey: `key-${id}`, createdAt: new Date(0),
});
const chosen = (rows: ImageRow[]) => cataloguePictures(rows).map((picture) => picture.chosen.fileName);
const grouped = (rows: ImageRow[]) => cataloguePictures(rows).map((picture) => picture.members.map(({ fileName }) => fileName));

describe('cataloguePictures', () => {
  it('makes a source and its twin one picture, the twin chosen, in the source\'s place', () => {
    const rows = [row('shoe.jpg'), row('lace.jpg'), row('shoe-no-bg.png')];
    expect(grouped(rows)).toEqual([['shoe.jpg', 'shoe-no-bg.png'], ['lace.jpg']]);
    expect(chosen(rows)).toEqual(['shoe-no-bg.png', 'lace.jpg']);
  });

  it('chooses the newest of two removals, and keeps a removal of a removal in the same picture', () => {
    expect(chosen([row('shoe.jpg'), row('shoe-no-bg.png'), row('shoe-no-bg.png')])).toHaveLength(1);
    const again = [row('shoe.jpg'), row('shoe-no-bg.png'), row('shoe-no-bg-no-bg.png')];
    expect(grouped(again)).toEqual([['shoe.jpg', 'shoe-no-bg.png', 'shoe-no-bg-no-bg.png']]);
    expect(chosen(again)).toEqual(['shoe-no-bg-no-bg.png']);
  });

  it('reads the rows in id order whatever order they come in', () => {
    const [source, twin] = [row('cap.jpeg'), row('cap-no-bg.png')];
    expect(chosen([twin, source])).toEqual(['cap-no-bg.png']);
  });

  it('pairs no twin with a source of another UPC, a later source, or a name that only starts alike', () => {
    expect(grouped([row('shoe.jpg', '111'), row('shoe-no-bg.png', '222')])).toEqual([['shoe.jpg'], ['shoe-no-bg.png']]);
    expect(grouped([row('hat-no-bg.png'), row('hat.jpg')])).toEqual([['hat-no-bg.png'], ['hat.jpg']]);
    expect(grouped([row('boot.jpg'), row('boots-no-bg.png'), row('boot-no-bg-side.png')])).toEqual([['boot.jpg'], ['boots-no-bg.png'], ['boot-no-bg-side.png']]);
  });
});
