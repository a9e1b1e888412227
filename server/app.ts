// Composes the server in three layers (fastify/demo): external plugins → app services → routes and the
// STOMP endpoint. Tests boot exactly this, on a free port with their own database.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';
import type { Database } from './db';
import { ensureFirstAdmin } from './auth/users';
import { handlers } from './domains';
import { registerApiRoutes, registerHttpPlumbing } from './http/api';
import { registerHealth } from './http/health';
import { registerSetupPage } from './http/setup-page';
import { registerStaticPwa } from './http/static-pwa';
import { registerStorePages, registerStoreRedirects } from './http/store-pages';
import { createServices, type Services } from './services';
import { attachStomp, type StompServer } from './stomp';
import { createProtocolVersions } from './stomp/protocol-versions';
import { createRouter, type Router } from './stomp/router';
import { seedCategories } from './store/embedded';
import { closeListener, createHttpsListener, deviceSetupSource, listenOn, openTls, portInUse, type ListeningPorts, type Tls } from './tls';

/** How long a clean stop waits for open HTTP requests before cutting them off. */
export const STOP_GRACE_MS = 10_000;

export interface LotDeskServer {
  app: FastifyInstance;
  services: Services;
  stomp: StompServer;
  router: Router;
  /** Set when the first admin was just created with a generated password: print it once. */
  firstAdmin: { username: string; password?: string } | undefined;
  /** HTTPS (issue 30): the server's own CA or the admin's certificate; undefined with TLS=off. */
  tls: Tls | undefined;
  /** The ports the listeners got (after listen). */
  ports(): ListeningPorts;
  /** Listens on PORT and, unless TLS=off, HTTPS_PORT; resolves to the plain listener's address. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export const createLogger = (config: Config): FastifyBaseLogger => pino({ level: config.logLevel });

export async function createServer(config: Config, database: Database, logger = createLogger(config)): Promise<LotDeskServer> {
  const app = Fastify({
    loggerInstance: logger,
    // Forwarded headers only from the proxies the operator named: anyone can write X-Forwarded-For.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
  });
  // Before anything else that could fail: a damaged CA file stops the start naming it, with nothing else opened.
  const tls = openTls(config.tls, { logger: app.log });
  const ports: ListeningPorts = { http: config.port, https: undefined };
  await registerHttpPlumbing(app, config, () => ports.https);

  const deviceSetup = deviceSetupSource({
    mode: config.tls.kind,
    ports: () => ports,
    hosts: () => tls?.hosts() ?? [],
    authority: tls?.authority,
  });
  const services = createServices(config, database, app.log, deviceSetup);
  await seedCategories(database.db);
  const firstAdmin = await ensureFirstAdmin(services.users, config.adminPassword);

  registerHealth(app, services);
  registerSetupPage(app, services.deviceSetup);
  registerApiRoutes(app, services);
  // The public pages are the embedded store's; a WooCommerce shop serves its own, and /store sends the browser there.
  if (config.store.kind === 'embedded') registerStorePages(app, services.db);
  else registerStoreRedirects(app, config.store.url);
  // A BACKGROUND_REMOVER that cannot load stops the start, naming the setting, instead of failing the first removal.
  await services.images.remover();
  services.images.sweeper.start();
  await registerStaticPwa(app, config.staticDir);

  await services.push.start();
  const router = createRouter(handlers, services, createProtocolVersions(config.protocolRange));
  const stomp = attachStomp(app.server, {
    path: '/ws',
    application: router,
    allowedOrigins: config.allowedOrigins,
    trustedProxies: config.trustedProxies,
    limits: config.socketLimits,
    allowedHosts: tls?.names ?? [],
    plainOnlyOnLoopback: tls !== undefined,
    logger: app.log,
  });
  const https = tls === undefined ? undefined : createHttpsListener(tls.certificates, app.routing, app.server);
  if (https !== undefined) stomp.attach(https);

  return {
    app,
    services,
    stomp,
    router,
    firstAdmin,
    tls,
    ports: () => ports,
    async listen() {
      const address = await app.listen({ port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EADDRINUSE' ? portInUse(config.port, 'PORT') : error;
      });
      ports.http = Number(new URL(address).port);
      if (https !== undefined && tls !== undefined) ports.https = await listenOn(https, tls.httpsPort, config.host, 'HTTPS_PORT');
      return address;
    },
    async close() {
      tls?.close();
      await stomp.close();
      // Open requests get STOP_GRACE_MS to finish; one a client holds open (a half-sent body) is then cut off, so the
      // stop still ends cleanly, with the database closed.
      const cutOff = setTimeout(() => {
        app.log.warn({ graceMs: STOP_GRACE_MS }, 'stopping: cutting off requests still open');
        app.server.closeAllConnections();
        https?.closeAllConnections();
      }, STOP_GRACE_MS);
      try {
        await Promise.all([app.close(), https === undefined || !https.listening ? undefined : closeListener(https)]);
      } finally {
        clearTimeout(cutOff);
      }
      services.images.close();
      await services.push.close();
    },
  };
}
