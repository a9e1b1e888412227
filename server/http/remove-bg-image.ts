// POST /api/remove-bg-image (spec §7): JSON {attachmentId}, the store media id of an image the user may touch. The
// configured remover (server/images/background) makes a PNG with alpha of its full-size picture, which joins the same
// lot or UPC as a new image, the original kept. Staged like an upload: the removal and the new files happen before
// the transaction. Success carries errorCode and status 'Success' (spec §7) beside the envelope.
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ApiPath } from '../../src/protocol/http';
import { BackgroundRemovalRequestSchema } from '../../src/protocol/images';
import { ImageMessages } from '../../src/protocol/messages';
import { issuesText } from '../../src/protocol/contract/parse';
import { isRefusal, refusalOf, stageImage, targetOf, visibleImageByAttachment } from '../domains/images';
import type { Services } from '../services';
import { idempotentRoute } from './idempotency';
import { committing, refusalAnswer } from './upload-file';

/** Spec §7: what a successful removal says besides the envelope. */
const SUCCESS = { status: 'Success' } as const;

export function registerRemoveBackground(app: FastifyInstance, services: Services): void {
  idempotentRoute(app, services, {
    method: 'POST',
    url: ApiPath.removeBgImage,
    async stage({ request, user, db }) {
      const body = BackgroundRemovalRequestSchema.safeParse(request.body);
      if (!body.success) return refusalAnswer(ErrorCode.BAD_REQUEST, issuesText(body.error.issues));
      const { attachmentId } = body.data;
      const image = await visibleImageByAttachment(db, user, attachmentId);
      let full: Buffer | undefined;
      try {
        full = image && (await services.images.files.readVariant(image.full));
      } catch (error) {
        // An image storage that is not answering (S3): the same 503 in words as storing the cut-out would get.
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return refusalAnswer(refusal.code, refusal.message);
      }
      if (!image || !full) return refusalAnswer(ErrorCode.NOT_FOUND, ImageMessages.notFound(attachmentId));
      let png: Buffer;
      try {
        png = await services.images.removeBackground(full, AbortSignal.timeout(services.config.images.processSeconds * 1000));
      } catch (error) {
        const busy = refusalOf(error);
        if (busy) return refusalAnswer(busy.code, busy.message);
        request.log.warn({ err: error, attachmentId }, 'background removal failed');
        return refusalAnswer(ErrorCode.BAD_REQUEST, ImageMessages.backgroundFailed(image.fileName));
      }
      const staged = await stageImage(services, png, ImageMessages.withoutBackground(image.fileName));
      if (isRefusal(staged)) return refusalAnswer(staged.code, staged.message);
      return committing(services, targetOf(image), staged, { messageType: 'IMAGE_BACKGROUND_REMOVED', message: ImageMessages.backgroundRemoved(image.fileName) }, SUCCESS);
    },
  });
}
