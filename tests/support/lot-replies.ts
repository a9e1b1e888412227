// What the lots suites expect back: refusal envelopes, and the pushes a session received without asking.
import { expect } from 'vitest';
import { ErrorCode } from '../../src/protocol/error-codes';
import type { DestinationName } from '../../src/protocol/destinations';
import { EnvelopeSchema } from '../../src/protocol/envelope';
import { MessageType } from '../../src/protocol/message-types';
import { allStatuses, outboxHeader, uniqueName } from './staff';
import type { TestClient } from './stomp-client';
import { ServerMessages } from '../../src/protocol/messages';

/** A BAD_REQUEST envelope with exactly this message. */
export const refusal = (message: string) => ({ errorCode: ErrorCode.BAD_REQUEST, messageType: MessageType.ERROR, message, data: null });

/** The one refusal for a lot that is missing or another user's (DESIGN §5). */
export const notYours = refusal(ServerMessages.lotNotFoundOrNotOwned);

/** A BAD_REQUEST from payload validation whose message matches (names the field, usually). */
export const invalid = (message: RegExp) => ({ errorCode: ErrorCode.BAD_REQUEST, messageType: MessageType.ERROR, message: expect.stringMatching(message), data: null });

/**
 * SEND as the outbox does, with a client-msg-id of its own, and the envelope answering it on incomingMessages: a push
 * that arrives meanwhile (another session's change, which admins hear of) is never taken for the answer.
 */
export function send(client: TestClient, destination: DestinationName, payload: unknown): Promise<unknown> {
  return client.request(destination, payload, 'incomingMessages', outboxHeader(uniqueName('test-device')));
}

/** A round trip on `client`: any push sent to it before now has arrived once this resolves. */
export async function settled(client: TestClient): Promise<void> {
  await client.request('getLots', allStatuses(), 'lots');
}

/** The envelopes that reached `client` on incomingMessages without it asking (and clears them). */
export async function pushesTo(client: TestClient): Promise<unknown[]> {
  await settled(client);
  return client.drain('incomingMessages').map((message) => message.body);
}

/** The `data` of an OK envelope (the test fails on anything else). */
export function okData(reply: unknown): unknown {
  const envelope = EnvelopeSchema.parse(reply);
  if (envelope.errorCode !== ErrorCode.OK) throw new Error(`expected an OK envelope, got ${JSON.stringify(reply)}`);
  return envelope.data;
}
