// What the catalogue suites share: UPC entries made to order, the two destinations as data entry sends them, and the
// refusals they answer with.
import { randomBytes, randomInt } from 'node:crypto';
import {CrudType, SuggestionResponseSchema, SUGGESTION_PAGE_SIZE, UpcEntrySchema, type SuggestionRequest, type SuggestionResponse, type UpcEntry } from '../../src/protocol/catalogue';
import { ErrorCode, type ErrorCodeValue } from '../../src/protocol/error-codes';
import { MessageType } from '../../src/protocol/message-types';
import { okData, send } from './lot-replies';
import { outboxHeader } from './staff';
import type { TestClient } from './stomp-client';

/** A lower-case tag no other test uses: put it at the start of a field, and only this test's rows match it. */
export const uniqueTag = (): string => `t${randomBytes(4).toString('hex')}`;

/** A UPC no other test uses: 12 random digits, as scanned. */
export const newUpc = (): string => String(randomInt(100_000_000_000, 999_999_999_999));

/** A new data-entry row (id 0) with a fresh UPC; `fields` override. */
export const newEntry = (fields: Partial<UpcEntry> = {}): UpcEntry => ({ id: 0, upc: newUpc(), ...fields });

/** processUPCCrudRequest as the outbox sends it (its own client-msg-id, unless one is given); the envelope back. */
export function crud(client: TestClient, crudType: CrudType, upcEntries: readonly unknown[], clientMsgId?: string): Promise<unknown> {
  const payload = { crudType, upcEntries };
  return clientMsgId === undefined ? send(client, 'processUPCCrudRequest', payload) : client.request('processUPCCrudRequest', payload, 'incomingMessages', outboxHeader(clientMsgId));
}

/** CREATE through the real handler, returning the stored entries (the test fails on a refusal). */
export async function createEntries(client: TestClient, entries: readonly UpcEntry[]): Promise<UpcEntry[]> {
  return UpcEntrySchema.array().parse(okData(await crud(client, CrudType.CREATE, entries)));
}

/** getSuggestion as data entry sends it (page 0, size 100 unless said), and its reply on the suggestion topic. */
export async function suggest(client: TestClient, request: Partial<SuggestionRequest> & Pick<SuggestionRequest, 'suggestionType'>): Promise<SuggestionResponse> {
  const reply = await client.request('getSuggestion', { page: 0, pageSize: SUGGESTION_PAGE_SIZE, ...request }, 'suggestion');
  return SuggestionResponseSchema.parse(reply);
}

/** A refusal envelope with this code and exactly this message. */
export const rejected = (errorCode: ErrorCodeValue, message: string) => ({ errorCode, messageType: MessageType.ERROR, message, data: null });

export const alreadyInCatalogue = (upc: string) => rejected(ErrorCode.BAD_REQUEST, `UPC ${upc} is already in the catalogue.`);
