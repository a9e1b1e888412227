// Every mutating HTTP route under /api/ (DESIGN §4): bearer token → Idempotency-Key → ONE transaction that runs
// the handler and records (user, 'http:' + key) with the route and the status and JSON body it answered
// (server/db/dedup.ts). The same key from the same user again gets the stored answer with `Idempotent-Replayed: true`
// and changes nothing; the same key on another route is refused (400) and runs nothing. A handler that throws (or
// answers 5xx) rolls back, record included, so a retry runs again.
// `guardMutatingRoutes` refuses to register a mutating /api/ route made any other way, so none forgets this.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '../../src/protocol/error-codes';
import { CLIENT_MSG_ID_MAX } from '../../src/protocol/auth';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../src/protocol/http';
import { bearerToken } from '../auth/tokens';
import { withAccount } from '../auth/users';
import type { DbOrTx, Tx } from '../db';
import { isRecorded, isValidDedupKey, runOnce, type DedupCodec } from '../db/dedup';
import type { HandlerUser } from '../domains/handler';
import type { Services } from '../services';
import { ServerMessages } from '../../src/protocol/messages';
import { admitProtocol, PROTOCOL_HEADER, protocolOf } from '../../src/protocol/version';

export type MutatingMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const MUTATING: ReadonlySet<string> = new Set<MutatingMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
const API_PREFIX = '/api/';
const KEY_PREFIX = 'http:'; // an HTTP key never meets an outbox SEND's client-msg-id of the same text

/** What a handler answers: a status (2xx, or a 4xx refusal, both recorded) and a JSON body. */
export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
}

export interface IdempotentContext {
  readonly request: FastifyRequest;
  readonly user: HandlerUser;
  /** The transaction that also holds the record: use it for every statement (see HandlerContext.db); services.db in a stage. */
  readonly db: DbOrTx;
  readonly services: Services;
}

/**
 * What a staged route's slow part left ready (an image processed and its files stored): the transactional rest, run
 * exactly once per key, and how to undo the slow part when it ends up unused (refused, replayed, rolled back).
 */
export interface StagedAnswer {
  /** `used`: the rows written name what was staged. `afterCommit` runs once the answer is committed (a push). */
  commit(context: IdempotentContext): Promise<{ answer: HttpAnswer; used: boolean; afterCommit?: () => Promise<void> }>;
  discard(): Promise<void>;
}

interface RouteBase {
  readonly method: MutatingMethod;
  readonly url: string;
}

/**
 * Refuse by returning a 4xx before any write, never by throwing: a returned refusal is recorded, so its replay is the
 * same refusal. A throw or a 5xx rolls back and records nothing. The body is parsed before this runs (multipart
 * included: server/http/multipart.ts), so the transaction never waits for the network.
 */
interface HandledRoute extends RouteBase {
  readonly handler: (context: IdempotentContext) => Promise<HttpAnswer>;
}

/**
 * Slow work (image processing) must not hold the transaction: `stage` runs first, outside it (context.db is
 * services.db), unless the key is already recorded; a refusal it returns is not recorded (the same request staged
 * again is refused again).
 */
interface StagedRoute extends RouteBase {
  readonly stage: (context: IdempotentContext) => Promise<StagedAnswer | HttpAnswer>;
}

export type IdempotentRouteOptions = HandledRoute | StagedRoute;

const isStagedAnswer = (outcome: StagedAnswer | HttpAnswer): outcome is StagedAnswer => 'commit' in outcome;

/** The answer as sent and recorded: the JSON text, so a replay is byte for byte the same. */
const StoredAnswer = z.object({ status: z.number().int(), body: z.string() });
type StoredAnswer = z.infer<typeof StoredAnswer>;
const ANSWERS: DedupCodec<StoredAnswer> = { store: (answer) => answer, restore: (stored) => StoredAnswer.parse(stored) };

/** A 5xx answer: thrown out of the transaction so nothing is recorded, then sent as the handler gave it. */
class UnrecordedAnswer extends Error {
  constructor(readonly answer: StoredAnswer) {
    super(`unrecorded ${answer.status} answer`);
  }
}

/** Handlers made by idempotentRoute; the guard lets no other handler serve a mutating /api/ route. */
const guarded = new WeakSet<RouteHandlerMethod>();
/** The user and key the onRequest step admitted, for the handler of the same request. */
const admitted = new WeakMap<FastifyRequest, { user: HandlerUser; key: string }>();

const refuse = (reply: FastifyReply, errorCode: number, message: string): FastifyReply => reply.code(errorCode).send({ errorCode, message });

const sendAnswer = (reply: FastifyReply, { status, body }: StoredAnswer): FastifyReply =>
  reply.code(status).type('application/json; charset=utf-8').send(body);

/** Registered once, before any route: a mutating /api/ route not made by idempotentRoute fails to register. */
export function guardMutatingRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith(API_PREFIX) || !methods.some((method) => MUTATING.has(method))) return;
    if (!guarded.has(route.handler)) {
      throw new Error(`${methods.join(',')} ${route.url} changes data: register it with idempotentRoute() (server/http/idempotency.ts)`);
    }
  });
}

/** A header sent once; sent twice it is malformed (no version is a whole number with a comma in it). */
const singleHeader = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value.join(',') : value);

/** Registers a mutating /api/ route that authenticates, needs an Idempotency-Key and runs exactly once per key. */
export function idempotentRoute(app: FastifyInstance, services: Services, options: IdempotentRouteOptions): void {
  // Before the body is read: no upload is buffered for a request that is refused anyway.
  // An async hook that answers returns the reply, so Fastify stops there.
  const onRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const { authorization } = request.headers;
    const token = bearerToken(authorization === undefined ? {} : { authorization });
    const user = await withAccount(services.users, token === undefined ? undefined : await services.tokens.verify(token));
    if (!user) return refuse(reply, ErrorCode.UNAUTHORIZED, ServerMessages.unauthorized);
    const key = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (typeof key !== 'string' || !isValidDedupKey(key)) return refuse(reply, ErrorCode.BAD_REQUEST, ServerMessages.invalidKey(IDEMPOTENCY_KEY_HEADER, CLIENT_MSG_ID_MAX));
    // Issue 32: an upload queued under another release's code runs only on a server that reads its version.
    const version = protocolOf(singleHeader(request.headers[PROTOCOL_HEADER]));
    if (Number.isNaN(version)) return refuse(reply, ErrorCode.BAD_REQUEST, ServerMessages.badProtocolHeader(PROTOCOL_HEADER));
    const verdict = admitProtocol(version, services.config.protocolRange);
    if (verdict !== 'served') return refuse(reply, ErrorCode.UPGRADE_REQUIRED, verdict);
    admitted.set(request, { user, key });
    return undefined;
  };

  // What the key is recorded for: the route as registered (not the URL as sent, which may carry a query).
  const route = `${options.method} ${options.url}`;
  const handler: RouteHandlerMethod = async function (request, reply) {
    const admission = admitted.get(request);
    if (!admission) throw new Error(`${options.method} ${options.url} ran without its authentication step`);
    const { user, key } = admission;
    const record = { userId: user.id, clientMsgId: `${KEY_PREFIX}${key}`, destination: route };
    const context = (db: DbOrTx): IdempotentContext => ({ request, user, db, services });

    let staged: StagedAnswer | undefined;
    if ('stage' in options && !(await isRecorded(services.db, record))) {
      const outcome = await options.stage(context(services.db));
      if (!isStagedAnswer(outcome)) return sendAnswer(reply, { status: outcome.status, body: JSON.stringify(outcome.body) });
      staged = outcome;
    }
    let used = false;
    let afterCommit: (() => Promise<void>) | undefined;
    const run = async (tx: Tx): Promise<StoredAnswer> => {
      let answer: HttpAnswer;
      if (staged) {
        const committed = await staged.commit(context(tx));
        ({ answer, used } = committed);
        afterCommit = committed.afterCommit;
      } else if ('handler' in options) {
        answer = await options.handler(context(tx));
      } else {
        // Recorded before this request looked: the record answers, so nothing runs here.
        throw new Error(`${route}: a recorded key was claimed again`);
      }
      const stored = { status: answer.status, body: JSON.stringify(answer.body) };
      if (answer.status >= 500) throw new UnrecordedAnswer(stored);
      return stored;
    };
    let kept = false;
    try {
      const deduped = await runOnce(services.db, record, ANSWERS, run);
      if (deduped.outcome === 'reused') {
        request.log.warn({ url: options.url, key, recordedFor: deduped.recordedFor }, 'refused an Idempotency-Key used for another route');
        return refuse(reply, ErrorCode.BAD_REQUEST, ServerMessages.keyReused(IDEMPOTENCY_KEY_HEADER));
      }
      if (deduped.outcome === 'replayed') {
        request.log.info({ url: options.url, key }, 'replayed a recorded request');
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      } else {
        kept = used;
        await afterCommit?.();
      }
      return sendAnswer(reply, deduped.result);
    } catch (error) {
      if (error instanceof UnrecordedAnswer) return sendAnswer(reply, error.answer);
      throw error;
    } finally {
      if (staged && !kept) await staged.discard();
    }
  };
  guarded.add(handler);
  app.route({ method: options.method, url: options.url, onRequest, handler });
}
