// GET (and HEAD) /images/{key}: the stored variants, cached for ever. Owns which files are public: only the five
// variants. Never an original (it keeps the uploader's EXIF, GPS included), never anything outside the key scheme.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServerMessages } from '../../src/protocol/messages';
import { PUBLIC_PREFIX, servableVariant, type ImageStorage } from './storage';

/** A key names one upload's file for ever (a new upload gets a new uuid), so browsers and proxies may keep it a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The policy for an image response, replacing the app's (server/http/security-headers.ts) for these files only: a
 * variant opened on its own (the full-size link) needs nothing but the image itself, and the browser's image viewer
 * styles it inline. `sandbox` keeps it script-free even if a file were ever mistaken for a page. An <img> in the app
 * is governed by the app page's own img-src 'self', which these same-origin paths satisfy.
 */
export const IMAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/** The same JSON 404 as every other not-found (server/http/static-pwa.ts), with the query string left out. */
function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  return reply.code(404).send({ errorCode: 404, message: ServerMessages.notFoundHttp(request.method, path) });
}

export function registerImageFiles(app: FastifyInstance, storage: ImageStorage): void {
  // HEAD declared here, not left to Fastify's automatic one: that one reads the whole file to throw it away.
  app.route<{ Params: { '*'?: string } }>({
    method: ['GET', 'HEAD'],
    url: `${PUBLIC_PREFIX}*`,
    handler: async (request, reply) => {
      // The path after /images/, already percent-decoded by the router; the query string is not part of it.
      const key = request.params['*'] ?? '';
      if (servableVariant(key) === undefined) return notFound(request, reply);
      const file = await storage.read(key);
      if (!file) return notFound(request, reply);
      reply.headers({
        'content-type': file.contentType,
        'content-length': file.size,
        'cache-control': CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
        'content-security-policy': IMAGE_CONTENT_SECURITY_POLICY,
      });
      if (request.method === 'HEAD') {
        destroy(file.stream);
        return reply.send();
      }
      return reply.send(file.stream);
    },
  });
}

/** Releases a stream that will not be read (its open file goes with it). */
function destroy(stream: NodeJS.ReadableStream): void {
  if (stream instanceof Readable) stream.destroy();
  else stream.resume();
}
