// The transactional part of adding an image (an upload, a save by URL, a background removal): its owner is still
// there and has room → the row naming the staged files, and the reply. Shared by the STOMP handler and both HTTP
// routes, so the three answer alike.
import { okEnvelope, errorEnvelope, type Envelope } from '../../../src/protocol/envelope';
import { ErrorCode } from '../../../src/protocol/error-codes';
import { IMAGES_MAX } from '../../../src/protocol/images';
import { MessageType } from '../../../src/protocol/message-types';
import { ImageMessages, ServerMessages } from '../../../src/protocol/messages';
import type { DbOrTx } from '../../db';
import type { StagedFiles } from '../../images/image-files';
import type { HandlerUser } from '../handler';
import { lockVisibleLots, ownerName } from '../lots';
import { presentImage, type ImageRow } from './image-presenter';
import { insertImage, roomFor, type ImageOwner } from './image-rows';

/** Where a new image goes: a lot the user may change (by id), or a catalogue UPC. */
export type ImageTarget = { readonly lotId: number } | { readonly upc: string };

/** What a new image's reply says. */
export interface ImageAnswer {
  readonly messageType: 'IMAGE_UPLOADED' | 'IMAGE_BACKGROUND_REMOVED';
  readonly message: string;
}

/** Where an image row belongs (the table's CHECK keeps exactly one of the two set). */
export const targetOf = (row: Pick<ImageRow, 'lotId' | 'upc'>): ImageTarget => (row.lotId === null ? { upc: row.upc ?? '' } : { lotId: row.lotId });

export interface CommittedImage {
  readonly envelope: Envelope;
  /** The row was written: the staged files are named. */
  readonly used: boolean;
  /** Whose sessions hear of it (with the admins'): the lot's owner, or the sender for a catalogue UPC. */
  readonly owner: string;
}

const refused = (code: number, message: string, owner: string): CommittedImage => ({ envelope: errorEnvelope(code, message), used: false, owner });

export async function commitImage(
  db: DbOrTx,
  user: HandlerUser,
  target: ImageTarget,
  files: StagedFiles,
  answer: ImageAnswer,
): Promise<CommittedImage> {
  let owner: ImageOwner;
  let ownerUsername = user.username;
  if ('lotId' in target) {
    // Locked: a lot deleted while its image was processed takes no image.
    const [lot] = (await lockVisibleLots(db, user, [target.lotId])) ?? [];
    if (!lot) return refused(ErrorCode.BAD_REQUEST, ServerMessages.lotNotFoundOrNotOwned, ownerUsername);
    owner = { lot };
    ownerUsername = await ownerName(db, user, lot);
  } else {
    owner = { upc: target.upc };
  }
  if ((await roomFor(db, owner)) < 1) return refused(ErrorCode.BAD_REQUEST, ImageMessages.full(IMAGES_MAX), ownerUsername);
  const row = await insertImage(db, owner, files);
  const data = { upc: row.upc, lotId: row.lotId, image: presentImage(row) };
  return { envelope: okEnvelope(MessageType[answer.messageType], data, answer.message), used: true, owner: ownerUsername };
}
