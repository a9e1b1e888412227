// The answers of spec §7's two HTTP operations: the reply envelope, as a STOMP reply would carry it, which the server
// also pushes on incomingMessages to the image owner's sessions and the admins'. docs/protocol.md's HTTP section says
// the rest (fields, refusals, statuses).
import { ApiPath } from '../http';
import { ImageSavedSchema } from '../images';
import { envelopeReply, type ReplySpec } from './shared';

export const httpContract: Readonly<Record<ApiPath, { readonly reply: ReplySpec }>> = {
  [ApiPath.uploadFile]: { reply: envelopeReply('IMAGE_UPLOADED', ImageSavedSchema) },
  [ApiPath.removeBgImage]: { reply: envelopeReply('IMAGE_BACKGROUND_REMOVED', ImageSavedSchema) },
};
