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

/** A refusal the images layer raised on purpose, with its code; anything else is a fault (rethrown). */
export function refusalOf(error: unknown): Refusal | undefined {
  if (error instanceof ImageRefused || error instanceof UrlFetchRefused) return { code: ErrorCode[error.code], message: error.message };
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
