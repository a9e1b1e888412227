// What Load Images copies from the catalogue (issue 31): a picture, not every row. A background removal stores its
// result beside its source as a twin ('shoe.jpg' → 'shoe-no-bg.png', ImageMessages.withoutBackground: the same UPC,
// made after it). The twin is that picture without its background, not a second picture, so a lot takes ONE image of
// the pair: the newest background-removed version (what the removal was made for), at its source's place in the
// catalogue's order. Twins are told by their names because that is all that ties them: a removal's row names its
// source nowhere else, and a "-no-bg" file uploaded by hand beside its source is the same kind of pair.
import { ImageMessages } from '../../../src/protocol/messages';
import type { ImageRow } from './image-presenter';

type Members = [ImageRow, ...ImageRow[]];

/** One catalogue picture: its source row first, then its background-removed versions, oldest first. */
export interface CataloguePicture {
  readonly members: Readonly<Members>;
  /** The row a lot copies: the newest background-removed version, or the source when it has none. */
  readonly chosen: ImageRow;
}

/** A file name without its extension: a twin may be a PNG of a JPEG. */
const stem = (fileName: string): string => fileName.replace(/\.[^.]*$/, '');

/** The stem a background removal of `source` is named with ('shoe.jpg' → 'shoe-no-bg'). */
const twinStem = (source: ImageRow): string => stem(ImageMessages.withoutBackground(source.fileName));

/** The row `image` is the background-removed twin of: the latest earlier row of the same UPC it is named after. */
function sourceOf(image: ImageRow, earlier: readonly ImageRow[]): ImageRow | undefined {
  const name = stem(image.fileName);
  return earlier.findLast((candidate) => candidate.upc === image.upc && twinStem(candidate) === name);
}

/**
 * The catalogue's rows (any order) as pictures, in the order of their sources' ids. A twin of a twin (a removal run
 * on a removal's result) belongs to the first source's picture too.
 */
export function cataloguePictures(rows: readonly ImageRow[]): CataloguePicture[] {
  const byId = [...rows].sort((a, b) => a.id - b.id);
  const pictureOf = new Map<number, Members>();
  const pictures: Members[] = [];
  byId.forEach((image, index) => {
    const source = sourceOf(image, byId.slice(0, index));
    const picture = source === undefined ? undefined : pictureOf.get(source.id);
    if (picture === undefined) {
      const own: Members = [image];
      pictures.push(own);
      pictureOf.set(image.id, own);
    } else {
      picture.push(image);
      pictureOf.set(image.id, picture);
    }
  });
  return pictures.map((members) => ({ members, chosen: members[members.length - 1] ?? members[0] }));
}
