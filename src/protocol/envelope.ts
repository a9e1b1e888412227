// The reply envelope of spec §7: what every reply on /user/topics/incomingMessages (and errors) carries.
import { z } from 'zod';
import { ErrorCode } from './error-codes';
import { MessageType } from './message-types';

export const EnvelopeSchema = z.object({
  errorCode: z.number().int(),
  messageType: z.number().int().min(0).max(52),
  message: z.string().optional(),
  data: z.unknown().optional(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export function okEnvelope(messageType: number, data?: unknown, message?: string): Envelope {
  return { errorCode: ErrorCode.OK, messageType, ...(message === undefined ? {} : { message }), data: data ?? null };
}

/** A refusal: the code says why, the message is the text the user sees. */
export function errorEnvelope(errorCode: number, message: string, messageType: number = MessageType.ERROR): Envelope {
  return { errorCode, messageType, message, data: null };
}
