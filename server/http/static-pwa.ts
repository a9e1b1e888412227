// Serves the built PWA: hashed assets cached forever, index.html and the service worker never (so a new
// version is picked up), and the SPA fallback: any other GET that wants HTML gets index.html. A file with a
// build-time .br or .gz sibling (vite.config.ts writes them for the hashed assets) is sent as that sibling when
// the request's Accept-Encoding allows, with Content-Encoding; every file answers Vary: Accept-Encoding.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ServerMessages } from '../../src/protocol/messages';

const NEVER_CACHED = /(^|\/)(index\.html|sw\.js|registerSW\.js|workbox-[^/]*\.js|manifest\.webmanifest)(\.br|\.gz)?$/;
const API_PREFIXES = ['/api/', '/ws', '/health', '/store/'];

export async function registerStaticPwa(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = existsSync(join(staticDir, 'index.html'));
  if (!hasBuild) app.log.warn({ staticDir }, 'no built PWA found: run `npm run build` (npm start does it for you)');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      preCompressed: true, // brotli, then gzip, then the file itself (docs/operations.md, "First load")
      cacheControl: false, // set per file below
      setHeaders(reply, path) {
        const cacheControl = NEVER_CACHED.test(path)
          ? 'no-cache'
          : path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600';
        reply.header('Cache-Control', cacheControl);
      },
    });
  }

  app.setNotFoundHandler((request, response) => {
    const wantsPage = request.method === 'GET' && !API_PREFIXES.some((p) => request.url.startsWith(p)) && request.headers.accept?.includes('text/html');
    if (wantsPage && hasBuild) {
      return response.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return response.code(404).send({ errorCode: 404, message: ServerMessages.notFoundHttp(request.method, request.url.split('?')[0] ?? '') });
  });
}
