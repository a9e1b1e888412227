// The server's real /api/ routes (upload-file, remove-bg-image) and image files over real HTTP on a free port, on the
// client server's own services and database: what a client test sends its uploads to when the route's own behaviour
// matters (the fake-http.ts stand-in answers for the outbox's tests). The fetch given to the client prefixes the
// server's address, as the page's relative URLs resolve against its origin.
import Fastify from 'fastify';
import { registerApiRoutes, registerHttpPlumbing } from '../../../../server/http/api';
import type { Services } from '../../../../server/services';
import type { FetchLike } from '../../../../src/sync/outbox/upload';

export interface HttpApi {
  readonly url: string;
  readonly fetch: FetchLike;
  stop(): Promise<void>;
}

export async function startHttpApi(services: Services): Promise<HttpApi> {
  const app = Fastify({ logger: false });
  await registerHttpPlumbing(app, services.config);
  registerApiRoutes(app, services);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, fetch: (path, init) => fetch(`${url}${path}`, init), stop: () => app.close() };
}
