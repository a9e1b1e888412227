// The real server for client tests (CONVENTIONS: tldraw's TestSocketPair): the real router and handlers on a
// private PGlite database, reached through an in-memory socket instead of ws, so a test controls the wire. Each
// client's connection gets its own stand-in session; the router tracks them, so pushes reach a user's other
// devices. Faults happen on the wire, where they happen for real: a refused frame (a 5xx or 401 that changed
// nothing), a connection that drops after the server applied a SEND but before its replies and receipt, and
// replies held back until released. Nothing here re-implements a handler rule.
import { vi } from 'vitest';
import { CLIENT_MSG_ID_HEADER } from '../../../../src/protocol/auth';
import { decodeBody } from '../../../../src/protocol/body';
import { destinationNameOf, isMutation } from '../../../../src/protocol/contract';
import type { DestinationName } from '../../../../src/protocol/destinations';
import { Destination } from '../../../../src/protocol/destinations';
import { errorEnvelope } from '../../../../src/protocol/envelope';
import { ErrorCode } from '../../../../src/protocol/error-codes';
import { ServerMessages } from '../../../../src/protocol/messages';
import { topicNameOf, type TopicPath } from '../../../../src/protocol/topics';
import { rolesFor } from '../../../../server/auth/users';
import { upcs, users } from '../../../../server/db';
import type { Logger, Services } from '../../../../server/services';
import type { Router } from '../../../../server/stomp/router';
import type { StompSession } from '../../../../server/stomp/types';
import { startInProcessRouter } from '../../../support/in-process-router';
import type { FakeConnection, SentFrame } from './fake-connection';

/** A mutation the server applied (ran, committed and answered OK), in the order applied. */
export interface AppliedMutation {
  readonly clientMsgId: string;
  readonly destination: string;
  readonly body: unknown;
}

export interface ClientServer {
  readonly services: Services;
  readonly router: Router;
  /** Mutations applied, in order: each client-msg-id at most once. */
  readonly applied: AppliedMutation[];
  /** A staff account (no password: tests sign in with a token the server signed). Its id and a token. */
  account(username: string, options?: { admin?: boolean }): Promise<{ id: number; token: string }>;
  /** Another token for the account, signed a second later than any before (a sign-in again). */
  newToken(username: string, options?: { admin?: boolean }): Promise<string>;
  /** Catalogue entries straight into the server's database (the seed a warehouse would have). */
  seedCatalogue(entries: ReadonlyArray<{ upc: string; retailPrice?: number; wholesalePrice?: number; vendorName?: string; itemDescription?: string; asin?: string }>): Promise<void>;
  /**
   * A request straight to the router as the token's user (seeding a test's data through the real handlers, or
   * reading the server's state): the messages that answer it, as {topic, body}.
   */
  request(token: string, destination: DestinationName, body: unknown): Promise<Array<{ topic: string; body: unknown }>>;
  /** The OK envelope's data (or a dedicated topic's body) of a request; throws on a refusal. */
  ask<T = unknown>(token: string, destination: DestinationName, body: unknown): Promise<T>;
  /** Plugs a client's connection into the server: its SENDs reach the router, replies come back later. */
  wire(connection: FakeConnection, token: () => string | undefined): Wire;
  stop(): Promise<void>;
}

/** One client's in-memory socket and the faults a test can put on it. */
export interface Wire {
  /** Mutations this connection's SENDs (and uploads) applied, in order. */
  readonly applied: AppliedMutation[];
  /** Codes the next mutations are refused with before reaching the server (a 5xx, or 401 on the errors topic). */
  readonly failNext: number[];
  /** The mutation sent with this body is refused with each code in turn, before reaching the server (as failNext);
   *  others pass (pipelined ones behind it get the server's own TOO_EARLY). */
  failFor(body: unknown, codes: readonly number[]): void;
  /** The next mutation is applied, then the connection drops before its replies and receipt go out. */
  dropAfterApplyNext: boolean;
  /** While true, replies and receipts wait until `release()`. */
  holding: boolean;
  release(): void;
  /** Resolves once every frame sent so far has been handled and its replies delivered. */
  idle(): Promise<void>;
}

const TICK = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export async function startClientServer(): Promise<ClientServer> {
  const replayed = new Set<string>();
  const logger: Logger = {
    debug: () => undefined,
    info: (fields, message) => {
      const clientMsgId: unknown = Reflect.get(fields, 'clientMsgId');
      if (message === 'replayed a recorded mutation' && typeof clientMsgId === 'string') replayed.add(clientMsgId);
    },
    warn: () => undefined,
    error: (fields, message) => console.error('client test server:', message, fields),
  };
  const { services, router, stop } = await startInProcessRouter({}, logger);
  const { db } = services;
  const applied: AppliedMutation[] = [];

  function wire(connection: FakeConnection, token: () => string | undefined): Wire {
    let session: StompSession | undefined;
    let queue: Promise<void> = Promise.resolve();
    let held: Array<() => void> = [];
    // While a frame is handled: sees what the session is sent first (its answers; true swallows it: a drop).
    let watching: ((body: string, headers: Record<string, string>) => boolean) | undefined;
    const failing = new Map<string, number[]>();
    const wired: Wire = {
      applied: [],
      failNext: [],
      failFor(body, codes) {
        failing.set(JSON.stringify(body), [...codes]);
      },
      dropAfterApplyNext: false,
      holding: false,
      release() {
        const waiting = held;
        held = [];
        waiting.forEach((deliver) => deliver());
      },
      idle: async () => {
        await queue;
        await TICK();
      },
    };

    /** Later, and only if this session is still the connection's: a dropped socket loses what was on its way. */
    const later = (from: StompSession, deliver: () => void): void => {
      const go = (): void => void (session === from && deliver());
      setTimeout(() => (wired.holding ? held.push(go) : go()), 0);
    };

    function open(): void {
      const authorization = token();
      const current: StompSession = {
        id: crypto.randomUUID(),
        connectHeaders: authorization === undefined ? {} : { Authorization: `Bearer ${authorization}` },
        remoteAddress: '127.0.0.1',
        deliver(destination, body, headers = {}) {
          const topic = topicNameOf(destination);
          if (topic === undefined) return 0;
          if (watching?.(body, headers)) return 1;
          later(current, () => connection.deliver(destination as TopicPath, decodeBody(body), headers));
          return 1;
        },
        isSubscribed: () => true,
        close: () => connection.close(),
      };
      session = current;
      queue = queue.then(async () => void (await router.onConnect?.(current)));
    }

    function close(): void {
      if (session === undefined) return;
      const gone = session;
      session = undefined;
      queue = queue.then(() => router.onClose?.(gone));
    }

    async function handle(current: StompSession, frame: SentFrame): Promise<void> {
      const headers: Record<string, string> = { ...(frame.headers ?? {}) };
      const auth = token();
      if (auth !== undefined) headers.Authorization = `Bearer ${auth}`;
      const clientMsgId = headers[CLIENT_MSG_ID_HEADER];
      const name = destinationNameOf(frame.destination);
      const mutation = name !== undefined && isMutation(name) && clientMsgId !== undefined;
      const receipt = (): void => {
        if (headers.receipt !== undefined) later(current, () => connection.receipt(headers.receipt ?? ''));
      };
      const refusal = mutation ? (failing.get(JSON.stringify(frame.body))?.shift() ?? wired.failNext.shift()) : undefined;
      if (refusal !== undefined) {
        const echo = { [CLIENT_MSG_ID_HEADER]: clientMsgId ?? '' };
        const unauthorized = refusal === ErrorCode.UNAUTHORIZED;
        const topic = unauthorized ? '/user/topics/errors' : '/user/topics/incomingMessages';
        const message = unauthorized ? ServerMessages.unauthorized : ServerMessages.internalError;
        later(current, () => connection.deliver(topic, errorEnvelope(refusal, message), echo));
        return receipt();
      }
      const dropping = mutation && wired.dropAfterApplyNext;
      if (dropping) wired.dropAfterApplyNext = false;
      const answers: unknown[] = [];
      watching = (body, replyHeaders) => {
        if (replyHeaders[CLIENT_MSG_ID_HEADER] === clientMsgId) answers.push(JSON.parse(body));
        return dropping;
      };
      try {
        await router.onSend(current, { destination: frame.destination, headers, body: frame.body === undefined ? '' : JSON.stringify(frame.body) });
      } finally {
        watching = undefined;
      }
      if (mutation && clientMsgId !== undefined && !replayed.has(clientMsgId) && answers.every((answer) => Reflect.get(answer as object, 'errorCode') === ErrorCode.OK)) {
        const mutation = { clientMsgId, destination: frame.destination, body: frame.body };
        applied.push(mutation);
        wired.applied.push(mutation);
      }
      if (dropping) {
        session = undefined;
        setTimeout(() => connection.close(), 0);
        return;
      }
      receipt();
    }

    // The socket's life follows the client's connection: a new session on every open, the old one gone on close.
    connection.watch(() => (connection.getSnapshot().state === 'ready' ? session === undefined && open() : close()));
    if (connection.getSnapshot().state === 'ready') open();
    connection.onPublish = (frame) => {
      const current = session;
      if (current === undefined) return;
      queue = queue.then(() => handle(current, frame)).catch((error: unknown) => console.error('client test server: a frame failed', error));
    };
    return wired;
  }

  async function request(token: string, destination: DestinationName, body: unknown): Promise<Array<{ topic: string; body: unknown }>> {
    const answers: Array<{ topic: string; body: unknown }> = [];
    const session: StompSession = {
      id: crypto.randomUUID(),
      connectHeaders: { Authorization: `Bearer ${token}` },
      remoteAddress: '127.0.0.1',
      deliver(topic, text) {
        answers.push({ topic: topic.replace('/user/topics/', ''), body: JSON.parse(text) });
        return 1;
      },
      isSubscribed: () => true,
      close: () => undefined,
    };
    await router.onSend(session, { destination: Destination[destination], headers: { Authorization: `Bearer ${token}` }, body: body === undefined ? '' : JSON.stringify(body) });
    router.onClose?.(session);
    return answers;
  }

  return {
    services,
    router,
    applied,
    request,
    async ask<T>(token: string, destination: DestinationName, body: unknown): Promise<T> {
      const [answer] = await request(token, destination, body);
      if (answer === undefined) throw new Error(`${destination}: no answer`);
      if (answer.topic !== 'incomingMessages') return answer.body as T;
      const envelope = answer.body as { errorCode: number; message?: string; data: unknown };
      if (envelope.errorCode !== ErrorCode.OK) throw new Error(`${destination} refused: ${envelope.message ?? envelope.errorCode}`);
      return envelope.data as T;
    },
    async account(username, { admin = false } = {}) {
      const [row] = await db.insert(users).values({ username, passwordHash: 'not-used-by-client-tests', roles: rolesFor(admin) }).returning({ id: users.id });
      if (row === undefined) throw new Error(`could not create ${username}`);
      return { id: row.id, token: await services.tokens.issue({ username, roles: rolesFor(admin) }) };
    },
    async newToken(username, { admin = false } = {}) {
      vi.setSystemTime(Date.now() + 1000);
      try {
        return await services.tokens.issue({ username, roles: rolesFor(admin) });
      } finally {
        vi.useRealTimers();
      }
    },
    async seedCatalogue(entries) {
      await db.insert(upcs).values(entries.map((entry) => ({ ...entry, source: 'dataentry' as const }))).onConflictDoNothing();
    },
    wire,
    stop,
  };
}
