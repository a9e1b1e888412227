// Builders for the replies handlers return, so envelopes are made one way everywhere.
import { errorEnvelope, okEnvelope } from '../../src/protocol/envelope';
import { MessageType, type MessageTypeName } from '../../src/protocol/message-types';
import type { TopicName } from '../../src/protocol/topics';
import type { ErrorCodeValue } from '../../src/protocol/error-codes';
import type { HandlerResult, Reply } from './types';

export const reply = {
  ok(messageType: MessageTypeName, data?: unknown, message?: string): Reply {
    return { topic: 'incomingMessages', body: okEnvelope(MessageType[messageType], data, message) };
  },
  error(code: ErrorCodeValue, message: string, messageType: MessageTypeName = 'ERROR'): Reply {
    return { topic: 'incomingMessages', body: errorEnvelope(code, message, MessageType[messageType]) };
  },
  on(topic: TopicName, body: unknown): Reply {
    return { topic, body };
  },
};

export const only = (...replies: Reply[]): HandlerResult => ({ replies });

/** A changed entity: the reply to the sender, and the same message to the owner's other sessions and the admins. */
export const replyAndPush = (message: Reply, owner: string): HandlerResult => ({
  replies: [message],
  pushes: [{ owner, topic: message.topic, body: message.body }],
});

/** A further message for the owner's other sessions and the admins only, beside what the result already sends. */
export const andPush = (result: HandlerResult, owner: string, message: Reply): HandlerResult => ({
  ...result,
  pushes: [...(result.pushes ?? []), { owner, topic: message.topic, body: message.body }],
});
