// The per-address HTTP rate limits (@fastify/rate-limit) on every request, a 404 included, answered with a JSON 429
// (http/errors.ts). /health is exempt, so a load balancer's probe never fails because of it. GETs of hashed assets
// (/assets/…) count apart, against a larger budget: a warehouse behind one NAT installing the PWA on a dozen tablets
// at once fetches ~30 of them per tablet, which must not lock the same address out of the API. The WebSocket is not
// an HTTP route: its sockets have limits of their own (server/stomp/).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServerMessages } from '../../src/protocol/messages';
import { addressKey } from '../client-address';

const WINDOW_MS = 60_000; // HTTP_RATE_LIMIT is per minute
const MAX_TRACKED_ADDRESSES = 10_000; // the counters are an LRU of this size: memory stays bounded under a flood

/** Thrown by the limit; the JSON error handler answers it with its status and message. */
class TooManyRequests extends Error {
  readonly statusCode = 429;
}

export interface RateLimits {
  readonly perMinute: number;
  readonly assetsPerMinute: number;
}

const ASSETS = '/assets/';
const isAsset = (request: FastifyRequest): boolean =>
  (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith(ASSETS);

export async function registerRateLimit(app: FastifyInstance, { perMinute, assetsPerMinute }: RateLimits): Promise<void> {
  await app.register(rateLimit, {
    global: false, // hooked onto every request below instead of per route, so 404s and plugin routes count too
    max: (request) => (isAsset(request) ? assetsPerMinute : perMinute),
    timeWindow: WINDOW_MS,
    cache: MAX_TRACKED_ADDRESSES,
    // request.ip: the socket's address, or a trusted proxy's X-Forwarded-For client (trustProxy in app.ts), as
    // login counts it; never a header an untrusted client writes, which would get a fresh allowance per forgery.
    // Assets are counted under a key of their own, so they spend their budget and not the API's.
    keyGenerator: (request) => `${isAsset(request) ? 'assets ' : ''}${addressKey(request.ip)}`,
    allowList: (request) => request.routeOptions.url === '/health',
    errorResponseBuilder: (_request, context) => new TooManyRequests(ServerMessages.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
  app.addHook('onRequest', app.rateLimit());
}
