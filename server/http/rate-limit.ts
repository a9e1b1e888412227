// The per-address HTTP rate limit (@fastify/rate-limit) on every request, a 404 included, answered with a JSON 429
// (http/errors.ts). /health is exempt, so a load balancer's probe never fails because of it. The WebSocket is not
// an HTTP route: its sockets have limits of their own (server/stomp/).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ServerMessages } from '../../src/protocol/messages';
import { addressKey } from '../client-address';

const WINDOW_MS = 60_000; // HTTP_RATE_LIMIT is per minute
const MAX_TRACKED_ADDRESSES = 10_000; // the counters are an LRU of this size: memory stays bounded under a flood

/** Thrown by the limit; the JSON error handler answers it with its status and message. */
class TooManyRequests extends Error {
  readonly statusCode = 429;
}

export async function registerRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: false, // hooked onto every request below instead of per route, so 404s and plugin routes count too
    max: perMinute,
    timeWindow: WINDOW_MS,
    cache: MAX_TRACKED_ADDRESSES,
    // request.ip: the socket's address, or a trusted proxy's X-Forwarded-For client (trustProxy in app.ts), as
    // login counts it; never a header an untrusted client writes, which would get a fresh allowance per forgery.
    keyGenerator: (request) => addressKey(request.ip),
    allowList: (request) => request.routeOptions.url === '/health',
    errorResponseBuilder: (_request, context) => new TooManyRequests(ServerMessages.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
  app.addHook('onRequest', app.rateLimit());
}
