// Queries (DESIGN §4): reads are never queued. One goes only while connected, with a `request-id` the server
// echoes on every message answering it, so its reply is matched to it by id, never by arrival order. A screen may
// keep a query open: it is sent now, again on every (re)connect, and again when ingest says its answer is stale
// (a box added: the lot's totals changed). Knows nothing of what a query means.
import { REQUEST_ID_HEADER } from '../../protocol/auth';
import type { PayloadInputOf, QueryName } from '../../protocol/contract';
import { Destination, type DestinationPath } from '../../protocol/destinations';

/** A query this client sent and whose answer has not come yet. */
export interface SentQuery {
  readonly destination: QueryName;
  readonly body: unknown;
  /** What the sender wants back with the answer (a search's local criteria). */
  readonly context?: unknown;
}

export interface Queries {
  /** Sends now, or not at all (false) when not connected or not allowed. */
  send<K extends QueryName>(destination: K, body: PayloadInputOf<K>, context?: unknown): boolean;
  /** Keeps a query open until the returned function is called: sent now and on every (re)connect. */
  keep<K extends QueryName>(destination: K, body: PayloadInputOf<K>): () => void;
  /** Sends again the kept queries to `destination` (those whose body `matches`, when given). */
  invalidate(destination: QueryName, matches?: (body: unknown) => boolean): void;
  /** The query a message answers, by its request-id; each is answered once, so it is forgotten here. */
  take(requestId: string | undefined): SentQuery | undefined;
  /** (Re)connected: every kept query goes again. */
  resendKept(): void;
  /** The connection dropped: answers to what was sent will never come. */
  forgetSent(): void;
}

type Publish = (destination: DestinationPath, body: unknown, headers: Readonly<Record<string, string>>) => boolean;

interface Kept {
  readonly destination: QueryName;
  readonly body: unknown;
  holders: number;
}

export function createQueries(publish: Publish): Queries {
  const sent = new Map<string, SentQuery>();
  const kept = new Map<string, Kept>();
  let nextId = 1;

  function send(destination: QueryName, body: unknown, context?: unknown): boolean {
    const requestId = `q${nextId++}`;
    if (!publish(Destination[destination], body, { [REQUEST_ID_HEADER]: requestId })) return false;
    sent.set(requestId, context === undefined ? { destination, body } : { destination, body, context });
    return true;
  }

  return {
    send,
    keep(destination, body) {
      const key = `${destination} ${JSON.stringify(body)}`;
      const known = kept.get(key);
      if (known !== undefined) known.holders += 1;
      else kept.set(key, { destination, body, holders: 1 });
      send(destination, body);
      let released = false;
      return () => {
        const query = kept.get(key);
        if (released || query === undefined) return;
        released = true;
        query.holders -= 1;
        if (query.holders === 0) kept.delete(key);
      };
    },
    invalidate(destination, matches) {
      for (const query of kept.values()) {
        if (query.destination === destination && (matches === undefined || matches(query.body))) send(query.destination, query.body);
      }
    },
    take(requestId) {
      if (requestId === undefined) return undefined;
      const query = sent.get(requestId);
      sent.delete(requestId);
      return query;
    },
    resendKept() {
      for (const query of kept.values()) send(query.destination, query.body);
    },
    forgetSent: () => sent.clear(),
  };
}
