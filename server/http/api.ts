// The HTTP side of the server in two steps, shared by createServer (server/app.ts) and the client tests that need the
// real /api/ routes beside their in-process router: the plumbing every route stands on, in the order it must come,
// then the routes that change data (spec §7's two operations) and the image files.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { registerImageFiles } from '../images/serve';
import type { Services } from '../services';
import { registerJsonErrors } from './errors';
import { guardMutatingRoutes } from './idempotency';
import { registerMultipart } from './multipart';
import { registerPlainPortRules } from './plain-port';
import { registerRateLimit } from './rate-limit';
import { registerRemoveBackground } from './remove-bg-image';
import { registerSecurityHeaders } from './security-headers';
import { registerUploadFile } from './upload-file';

/** `httpsPort`: the HTTPS listener's port once it listens (issue 30), undefined without one (TLS=off). */
export async function registerHttpPlumbing(app: FastifyInstance, config: Config, httpsPort: () => number | undefined = () => undefined): Promise<void> {
  // First: every response, a 404 and an error included, carries the browser-side protections.
  registerSecurityHeaders(app);
  registerJsonErrors(app);
  // Before any route: every request but /health counts against its address's per-minute limits (HTTP_RATE_LIMIT,
  // and HTTP_ASSET_RATE_LIMIT for the hashed assets a PWA install fetches).
  await registerRateLimit(app, config.httpRateLimit);
  // Over plain HTTP, a device on the Wi-Fi is sent to HTTPS for all but setting itself up (http/plain-port.ts).
  registerPlainPortRules(app, httpsPort);
  await registerMultipart(app);
  // Before any route: every mutating /api/ route is authenticated and exactly-once (http/idempotency.ts).
  guardMutatingRoutes(app);
}

export function registerApiRoutes(app: FastifyInstance, services: Services): void {
  registerUploadFile(app, services);
  registerRemoveBackground(app, services);
  registerImageFiles(app, services.images.files.storage);
}
