// The slow part of adding an image, shared by the STOMP handlers and the HTTP routes: turn bytes into stored files,
// or a hostile file, an unreachable address or a busy server into a refusal in the user's words (never a 500).
import { ErrorCode, type ErrorCodeValue } from '../../../src/protocol/error-codes';
import type { StagedFiles } from '../../images/image-files';
import { ImageRefused } from '../../images/image-refused';
import { UrlFetchRefused } from '../../images/url-fetch-refused';
import type { Services } from '../../services';

export interface Refusal {
  readonly code: ErrorCodeValue;
  readonly message: string;
}

/**
 * A refusal the images layer raised on purpose, with its code; anything else is a fault (rethrown). An image host that
 * fails (no answer in time, unreachable, a 5xx) is this request's trouble, not the server's: it is a refusal
 * (BAD_REQUEST), so the outbox sets the row aside with the reason instead of holding every later change while it
 * retries another site (the person retries it from the outbox). Only our own busy pipeline is SERVICE_UNAVAILABLE.
 */
export function refusalOf(error: unknown): Refusal | undefined {
  if (error instanceof ImageRefused) return { code: ErrorCode[error.code], message: error.message };
  if (error instanceof UrlFetchRefused) return { code: ErrorCode.BAD_REQUEST, message: error.message };
  return undefined;
}

/** Stores the image's files, or says why it cannot. */
export async function stageImage(services: Services, data: Buffer, fileName: string): Promise<StagedFiles | Refusal> {
  try {
    return await services.images.files.stage(data, fileName);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

/** Fetches a public image address and stores its files, or says why it cannot. */
export async function stageImageFromUrl(services: Services, url: string): Promise<StagedFiles | Refusal> {
  try {
    const fetched = await services.images.fetchImage(url);
    return await stageImage(services, fetched.bytes, fetched.fileName);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) return refusal;
    throw error;
  }
}

export const isRefusal = (outcome: StagedFiles | Refusal): outcome is Refusal => 'code' in outcome;
