// Checks what the server sends against the wire contract (src/protocol/contract): the test STOMP client runs every
// message it receives through here, so a reply that drifts from what docs/protocol.md promises fails the test that
// received it, not only the client code that would one day misread it.
//
// - checkReply: the answer to a SEND of `destination`. On incomingMessages or errors it is an envelope: OK with the
//   declared messageType (or an alternative) and data parsing with reply.data, or a refusal whose code is among the
//   destination's `errors` or ALWAYS_POSSIBLE. On a dedicated topic (the contract's reply topic) the body is the data.
// - checkMessage: anything else (a push, a message read with next/nextMessage/drain): a valid envelope whose data,
//   when OK, matches the reply data of SOME destination answering with that messageType; on a dedicated topic, the
//   body matches some destination replying on that topic.
import { z } from 'zod';
import { contract, httpContract, type ContractEntry, type ReplySpec } from '../../src/protocol/contract';
import type { DestinationName } from '../../src/protocol/destinations';
import { EnvelopeSchema } from '../../src/protocol/envelope';
import { ErrorCode, errorCodeName, type ErrorCodeName } from '../../src/protocol/error-codes';
import { messageTypeName, type MessageTypeName } from '../../src/protocol/message-types';
import type { TopicName } from '../../src/protocol/topics';
import { handlers } from '../../server/domains';

/** Topics that carry the envelope of src/protocol/envelope.ts; every other topic carries its data raw. */
export const ENVELOPE_TOPICS: ReadonlySet<TopicName> = new Set<TopicName>(['incomingMessages', 'errors']);

/**
 * Refusals any destination may answer with, though no contract row lists them: a token missing or invalid, a
 * handler that threw, and a body the payload schema refused (the router validates before any handler runs).
 */
export const ALWAYS_POSSIBLE: readonly ErrorCodeName[] = ['UNAUTHORIZED', 'INTERNAL_SERVER_ERROR', 'BAD_REQUEST'];

/**
 * Replies known not to match the contract, each a finding reported on issue #11 (the server or the contract is to
 * be fixed, not the test). An entry lets such a reply through so the rest of the suite keeps checking; remove it
 * when the finding is fixed. Empty: every reply the suites receive matches.
 */
export interface KnownMismatch {
  /** The SEND it answers, or undefined for a message checked without one (a push). */
  destination?: DestinationName;
  topic: TopicName;
  /** The envelope's messageType or, for a refusal, its errorCode name; undefined on a dedicated topic. */
  what?: MessageTypeName | ErrorCodeName;
  finding: string;
}
export const KNOWN_MISMATCHES: readonly KnownMismatch[] = [];

/** A message that does not match the contract: the test fails with this. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** What went wrong, or undefined when the message matches. */
export type CheckResult = string | undefined;

const destinations = Object.keys(contract) as DestinationName[];
const entry = (destination: DestinationName): ContractEntry => contract[destination];

const show = (body: unknown): string => {
  const text = JSON.stringify(body) ?? String(body);
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text;
};

const issuesOf = (schema: z.ZodType, data: unknown): string | undefined => {
  const parsed = schema.safeParse(data);
  return parsed.success ? undefined : z.prettifyError(parsed.error);
};

const typeLabel = (messageType: number): string => `${messageTypeName(messageType) ?? 'unknown'}(${messageType})`;
const codeLabel = (code: number): string => `${errorCodeName(code) ?? 'unknown'}(${code})`;

function allowed(mismatch: Omit<KnownMismatch, 'finding'>): boolean {
  return KNOWN_MISMATCHES.some((known) =>
    known.topic === mismatch.topic && known.destination === mismatch.destination && known.what === mismatch.what);
}

/** The envelope, or what is wrong with it. */
function envelopeOf(body: unknown): { envelope: z.infer<typeof EnvelopeSchema> } | { problem: string } {
  const parsed = EnvelopeSchema.safeParse(body);
  if (!parsed.success) return { problem: `not a valid envelope:\n${z.prettifyError(parsed.error)}` };
  if (errorCodeName(parsed.data.errorCode) === undefined) return { problem: `errorCode ${parsed.data.errorCode} is no code of src/protocol/error-codes.ts` };
  return { envelope: parsed.data };
}

/** Checks the message answering a SEND of `destination`, received on `topic`. */
export function checkReply(destination: DestinationName, topic: TopicName, body: unknown): CheckResult {
  const { reply, errors } = entry(destination);
  const where = `reply to ${destination} on ${topic}`;
  const fail = (what: MessageTypeName | ErrorCodeName | undefined, problem: string): CheckResult =>
    allowed({ destination, topic, what }) ? undefined : `${where}${what === undefined ? '' : `, ${what}`}: ${problem}\nbody: ${show(body)}`;

  if (!ENVELOPE_TOPICS.has(topic)) {
    if (topic !== reply.topic) return fail(undefined, `the contract answers ${destination} on ${reply.topic}, not ${topic}`);
    const issues = issuesOf(reply.data, body);
    return issues === undefined ? undefined : fail(undefined, `the body does not match the contract's reply data:\n${issues}`);
  }

  const checked = envelopeOf(body);
  if ('problem' in checked) return fail(undefined, checked.problem);
  const { envelope } = checked;
  if (envelope.errorCode !== ErrorCode.OK) {
    const code = errorCodeName(envelope.errorCode);
    if (code !== undefined && (errors.includes(code) || ALWAYS_POSSIBLE.includes(code))) return undefined;
    // The router's answer to a destination of the spec no handler serves yet (docs/protocol.md: "not yet served").
    if (code === 'NOT_FOUND' && topic === 'errors' && !(destination in handlers)) return undefined;
    return fail(code, `refused with ${codeLabel(envelope.errorCode)}, which the contract's errors [${errors.join(', ')}] do not list (nor ${ALWAYS_POSSIBLE.join(', ')})`);
  }
  const name = messageTypeName(envelope.messageType);
  const expected = reply.messageType === null ? [] : [reply.messageType, ...(reply.alternatives ?? [])];
  if (topic !== reply.topic) return fail(name, `an OK envelope on ${topic}: the contract answers ${destination} on ${reply.topic}`);
  if (name === undefined || !expected.includes(name)) {
    return fail(name, `messageType ${typeLabel(envelope.messageType)}, the contract says ${expected.join(' or ') || 'none'}`);
  }
  const issues = issuesOf(reply.data, envelope.data);
  return issues === undefined ? undefined : fail(name, `data does not match the contract's reply data:\n${issues}`);
}

/** Checks a message received on `topic` that answers no known SEND (a push, or one read without request()). */
export function checkMessage(topic: TopicName, body: unknown): CheckResult {
  const where = `message on ${topic}`;
  const fail = (what: MessageTypeName | ErrorCodeName | undefined, problem: string): CheckResult =>
    allowed({ topic, what }) ? undefined : `${where}${what === undefined ? '' : `, ${what}`}: ${problem}\nbody: ${show(body)}`;

  if (!ENVELOPE_TOPICS.has(topic)) {
    const candidates = destinations.filter((name) => entry(name).reply.topic === topic);
    if (candidates.length === 0) return fail(undefined, `no destination of the contract replies on ${topic}`);
    const problems = candidates.map((name) => [name, issuesOf(entry(name).reply.data, body)] as const);
    if (problems.some(([, issues]) => issues === undefined)) return undefined;
    return fail(undefined, `the body matches the reply data of no destination replying on ${topic}:\n${problems.map(([name, issues]) => `${name}: ${issues}`).join('\n')}`);
  }

  const checked = envelopeOf(body);
  if ('problem' in checked) return fail(undefined, checked.problem);
  const { envelope } = checked;
  if (envelope.errorCode !== ErrorCode.OK) return undefined; // a valid refusal; which destination it answers is unknown here
  const name = messageTypeName(envelope.messageType);
  // A push may also be an HTTP operation's answer (an upload's IMAGE_UPLOADED reaches the owner's sessions).
  const replies: ReadonlyArray<readonly [string, ReplySpec]> = [
    ...destinations.map((destination) => [destination, entry(destination).reply] as const),
    ...Object.entries(httpContract).map(([path, { reply }]) => [path, reply] as const),
  ];
  const candidates = replies.filter(([, reply]) =>
    reply.topic === 'incomingMessages' && name !== undefined && (reply.messageType === name || (reply.alternatives ?? []).includes(name)));
  if (candidates.length === 0) return fail(name, `no destination of the contract replies with messageType ${typeLabel(envelope.messageType)}`);
  const problems = candidates.map(([destination, reply]) => [destination, issuesOf(reply.data, envelope.data)] as const);
  if (problems.some(([, issues]) => issues === undefined)) return undefined;
  return fail(name, `data matches the reply data of no destination answering ${name}:\n${problems.map(([destination, issues]) => `${destination}: ${issues}`).join('\n')}`);
}
