// The shape of one contract entry and the small helpers and scalar payloads the domain tables share.
import { z } from 'zod';
import type { ErrorCodeName } from '../error-codes';
import type { MessageTypeName } from '../message-types';
import type { TopicName } from '../topics';
import { Id, LIST_MAX, RowRef } from '../primitives';

/** Where the answer to a SEND arrives and what it carries. */
export interface ReplySpec<D extends z.ZodType = z.ZodType> {
  /** The user topic it arrives on (`/user/topics/{topic}`). */
  topic: TopicName;
  /** The envelope's messageType on incomingMessages; null on a dedicated topic, which carries `data` raw. */
  messageType: MessageTypeName | null;
  /** The envelope's `data` on incomingMessages, or the whole body on a dedicated topic. */
  data: D;
  /** Further message types the envelope may carry instead (which one is said in the note). */
  alternatives?: readonly MessageTypeName[];
  note?: string;
}

/**
 * A query reads and is never queued: sent only while connected, again on every reconnect, its reply matched to it
 * by the `request-id` the server echoes. A mutation changes something: it goes through the outbox with a
 * client-msg-id and runs exactly once, in one transaction, on the server.
 */
export type DestinationKind = 'query' | 'mutation';

export interface ContractEntry<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  kind: DestinationKind;
  /** The JSON body of the SEND, parsed by the server before anything else. */
  payload: P;
  reply: ReplySpec<D>;
  /** Codes of the rejection envelopes (on incomingMessages) this destination may answer with. */
  errors: readonly ErrorCodeName[];
  summary: string;
}

/** A reply in the envelope on incomingMessages. */
export function envelopeReply<D extends z.ZodType>(messageType: MessageTypeName, data: D, note?: string): ReplySpec<D> {
  return note === undefined ? { topic: 'incomingMessages', messageType, data } : { topic: 'incomingMessages', messageType, data, note };
}

/** An envelope reply whose message type depends on the request (the note says how). */
export function envelopeReplyOneOf<D extends z.ZodType>(
  [messageType, ...alternatives]: readonly [MessageTypeName, ...MessageTypeName[]],
  data: D,
  note: string,
): ReplySpec<D> {
  return { topic: 'incomingMessages', messageType, alternatives, data, note };
}

/** A reply on a dedicated topic of spec §7: the body is the data itself, no envelope. */
export function topicReply<D extends z.ZodType>(topic: TopicName, data: D, note?: string): ReplySpec<D> {
  return note === undefined ? { topic, messageType: null, data } : { topic, messageType: null, data, note };
}

/** No body: the SEND has none, and a body, if one is sent, is ignored. */
export const NoBody = z.undefined();
/** A list of ids (history entries, UPC images): JSON numbers. */
export const IdList = z.array(Id).min(1).max(LIST_MAX);
/** Rows the client holds, sent to act on them: only each row's id is read. */
export const RowRefList = z.array(RowRef).min(1).max(LIST_MAX);
