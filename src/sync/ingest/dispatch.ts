// Ingest (DESIGN §4): every reply and push lands here, is validated against the wire contract, and goes to the
// handler a domain registered for its message type or topic, which writes it into the replica in one Dexie
// transaction. Refusals are shown the way their destination's screen shows them; an OK message nobody handles
// gets the spec's default (§8). Ingest never sends: a handler can only mark kept queries stale.
import { CLIENT_MSG_ID_HEADER, REQUEST_ID_HEADER } from '../../protocol/auth';
import { destinationNameOf } from '../../protocol/contract';
import { EnvelopeSchema, type Envelope } from '../../protocol/envelope';
import { ErrorCode } from '../../protocol/error-codes';
import { messageTypeName, type MessageTypeName } from '../../protocol/message-types';
import type { TopicName } from '../../protocol/topics';
import type { Domain, EnvelopeHandler, IngestContext, RefusalHandler, SignedIn, TopicHandler } from '../domain';
import { showNotUsed, showReplyError, showUnknownReply, type Feedback } from '../feedback/notifier';
import type { OutboxEntry } from '../outbox/entry';
import { remapTempId } from '../outbox/optimistic';
import { writeAsOwner } from '../replica/owner';
import type { Replica, ReplicaTables } from '../replica/replica';
import type { Settings } from '../session/settings';
import type { Queries } from '../transport/queries';
import { createAnnouncer } from './announcer';
import { parsed } from './parsed';

export type Headers = Readonly<Record<string, string | undefined>>;

export interface IngestDeps {
  readonly db: Replica;
  readonly feedback: Feedback;
  readonly settings: Settings;
  readonly signedIn: () => SignedIn | undefined;
  readonly queries: Queries;
  readonly domains: readonly Domain[];
}

export interface Ingest {
  /** /user/topics/incomingMessages: the envelope of a reply or a push. */
  readonly incoming: (body: unknown, headers?: Headers) => Promise<void>;
  /** A dedicated topic's message. */
  readonly topic: (name: TopicName, body: unknown, headers?: Headers) => Promise<void>;
  /** The topics some domain reads. */
  readonly topics: readonly TopicName[];
}

/** Merges the domains' maps; two domains claiming one key is a wiring mistake, caught at start-up. */
function merged<K extends string, V>(domains: readonly Domain[], pick: (domain: Domain) => Partial<Record<K, V>> | undefined, what: string): Map<K, V> {
  const all = new Map<K, V>();
  for (const domain of domains) {
    for (const [key, value] of Object.entries(pick(domain) ?? {}) as Array<[K, V | undefined]>) {
      if (value === undefined) continue;
      if (all.has(key)) throw new Error(`ingest: two domains handle the ${what} ${key}`);
      all.set(key, value);
    }
  }
  return all;
}

export function createIngest({ db, feedback, settings, signedIn, queries, domains }: IngestDeps): Ingest {
  const messages = merged<MessageTypeName, EnvelopeHandler>(domains, (domain) => domain.messages, 'message type');
  const topicHandlers = merged<TopicName, TopicHandler>(domains, (domain) => domain.topics, 'topic');
  const refusals = merged<string, RefusalHandler>(domains, (domain) => domain.refusals, 'refusals of');
  const announceOnce = createAnnouncer(feedback);

  function contextFor(headers: Headers): IngestContext {
    const clientMsgId = headers[CLIENT_MSG_ID_HEADER];
    const entry = async (tables: ReplicaTables, who: SignedIn) =>
      clientMsgId === undefined ? undefined : tables.outbox.where('clientMsgId').equals(clientMsgId).filter((found) => found.user === who.user).first();
    return {
      clientMsgId,
      request: queries.take(headers[REQUEST_ID_HEADER]),
      feedback,
      settings,
      write: (work) => {
        const who = signedIn();
        return writeAsOwner(db, who?.user, (tables) => (who === undefined ? Promise.resolve() : work(tables, who)));
      },
      entry,
      async created(tables, who, realId) {
        const creator = await entry(tables, who);
        if (creator?.change?.kind !== 'insert') return undefined;
        const tempId = creator.change.id;
        await remapTempId(tables, creator, realId);
        return tempId;
      },
      announce: (message) => announceOnce(message, clientMsgId),
      invalidate: queries.invalidate,
    };
  }

  /** What a refusal answers: the query, or the outbox entry (a SEND by its destination's name, an upload by its path). */
  async function refusedRequest(context: IngestContext): Promise<{ destination: string; entry?: OutboxEntry } | undefined> {
    if (context.request !== undefined) return { destination: context.request.destination };
    if (context.clientMsgId === undefined) return undefined;
    const entry = await db.outbox.where('clientMsgId').equals(context.clientMsgId).first();
    if (entry === undefined) return undefined;
    const destination = entry.kind === 'send' ? destinationNameOf(entry.destination) : entry.destination;
    return destination === undefined ? undefined : { destination, entry };
  }

  async function refused(envelope: Envelope, context: IngestContext): Promise<void> {
    const refusedOne = await refusedRequest(context);
    const show = refusedOne === undefined ? undefined : refusals.get(refusedOne.destination);
    if (show !== undefined) show(envelope, feedback, context.request, refusedOne?.entry);
    else showReplyError(feedback, envelope.errorCode, envelope.message ?? '');
  }

  async function incoming(body: unknown, headers: Headers = {}): Promise<void> {
    const envelope = parsed(EnvelopeSchema, body, 'envelope');
    if (envelope === undefined) return;
    const context = contextFor(headers);
    // A pipelined entry held back, nothing ran: the replayer sends it again (outbox/pipeline.ts); nothing to show.
    if (envelope.errorCode === ErrorCode.TOO_EARLY) return;
    if (envelope.errorCode !== ErrorCode.OK) return refused(envelope, context);
    const name = messageTypeName(envelope.messageType);
    const handler = name === undefined ? undefined : messages.get(name);
    if (handler !== undefined) return handler(envelope, context);
    if (name === 'NOT_USED') return showNotUsed(feedback);
    if (name === 'ERROR') return feedback.status.ready(); // spec §4: an error message resets the status to 'Ready.'
    return showUnknownReply(feedback, envelope.message);
  }

  async function topic(name: TopicName, body: unknown, headers: Headers = {}): Promise<void> {
    await topicHandlers.get(name)?.(body, contextFor(headers));
  }

  return { incoming, topic, topics: [...topicHandlers.keys()] };
}
