// POST /api/upload-file (spec §7): a multipart form with file and a UPC or a lot number (SKU); the image goes to the
// catalogue UPC or to the lot (which the user must own, DESIGN §5). Exactly once per Idempotency-Key
// (./idempotency.ts); the image is checked and processed and its files stored BEFORE the transaction (a staged
// route), so a large photo never holds the database. Answers the envelope: IMAGE_UPLOADED with the image and its owner,
// or a refusal in the user's words ({errorCode, message}).
import type { FastifyInstance } from 'fastify';
import { errorEnvelope, type Envelope } from '../../src/protocol/envelope';
import { ErrorCode } from '../../src/protocol/error-codes';
import { ApiPath } from '../../src/protocol/http';
import { UploadFieldsSchema } from '../../src/protocol/images';
import { ImageMessages, ServerMessages } from '../../src/protocol/messages';
import { issuesText } from '../../src/protocol/contract/parse';
import { commitImage, isRefusal, stageImage, visibleLotByNumber, type ImageAnswer, type ImageTarget } from '../domains/images';
import type { StagedFiles } from '../images';
import type { Services } from '../services';
import { idempotentRoute, type HttpAnswer, type StagedAnswer } from './idempotency';
import { multipartForm } from './multipart';

/** The multipart part holding the file (spec §7). */
const FILE_FIELD = 'file';
const UNNAMED = 'image';

export const envelopeAnswer = (envelope: Envelope): HttpAnswer => ({ status: envelope.errorCode === ErrorCode.OK ? 200 : envelope.errorCode, body: envelope });
export const refusalAnswer = (code: number, message: string): HttpAnswer => envelopeAnswer(errorEnvelope(code, message));

/**
 * The transactional rest of a staged image: its row and reply, then (once committed) the same message to the owner's
 * other sessions and the admins'.
 */
export function committing(services: Services, target: ImageTarget, staged: StagedFiles, answer: ImageAnswer, successExtra: Readonly<Record<string, unknown>> = {}): StagedAnswer {
  return {
    async commit({ db, user }) {
      const committed = await commitImage(db, user, target, staged, answer);
      const body = JSON.stringify(committed.envelope);
      const push = () => services.push.publish({ owner: committed.owner, topic: 'incomingMessages', body });
      if (!committed.used) return { answer: envelopeAnswer(committed.envelope), used: false };
      return { answer: { status: 200, body: { ...committed.envelope, ...successExtra } }, used: true, afterCommit: push };
    },
    discard: staged.discard,
  };
}

export function registerUploadFile(app: FastifyInstance, services: Services): void {
  idempotentRoute(app, services, {
    method: 'POST',
    url: ApiPath.uploadFile,
    async stage({ request, user, db }) {
      const form = await multipartForm(request);
      const file = form?.files.find(({ fieldname }) => fieldname === FILE_FIELD);
      if (!form || !file) return refusalAnswer(ErrorCode.BAD_REQUEST, ImageMessages.noFile);
      const fields = UploadFieldsSchema.safeParse(form.fields);
      if (!fields.success) return refusalAnswer(ErrorCode.BAD_REQUEST, issuesText(fields.error.issues));
      const { UPC, SKU } = fields.data;
      // A lot number names the lot (Image manager of a box); otherwise the catalogue UPC.
      let target: ImageTarget;
      if (SKU !== undefined) {
        const lot = await visibleLotByNumber(db, user, SKU);
        if (!lot) return refusalAnswer(ErrorCode.BAD_REQUEST, ServerMessages.lotNotFoundOrNotOwned);
        target = { lotId: lot.id };
      } else if (UPC !== undefined) {
        target = { upc: UPC };
      } else {
        return refusalAnswer(ErrorCode.BAD_REQUEST, ImageMessages.noOwner);
      }
      const fileName = file.filename === '' ? UNNAMED : file.filename;
      const staged = await stageImage(services, file.data, fileName);
      if (isRefusal(staged)) return refusalAnswer(staged.code, staged.message);
      return committing(services, target, staged, { messageType: 'IMAGE_UPLOADED', message: ImageMessages.uploaded(fileName) });
    },
  });
}
