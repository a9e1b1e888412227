// The app services handlers use (fastify/demo's middle layer): built once at start by createServices, passed
// explicitly. createServer builds them this way; a test can too, to run the real router in-process without HTTP:
//   const services = createServices(config, database, logger);
//   const router = createRouter(handlers, services);   // server/stomp/router.ts, handlers from server/domains
//   await router.onSend(session, { destination, headers, body });
import type { Config, StoreSettings } from './config';
import type { Database, Db } from './db';
import { createScryptPool, type ScryptPool } from './auth/passwords';
import { createSharedLoginThrottle } from './auth/shared-throttle';
import { createLoginThrottle, type LoginThrottle } from './auth/throttle';
import { createTokenService, type TokenService } from './auth/tokens';
import { createUserRepository, type UserRepository } from './auth/users';
import { InProcessPushBus, PostgresPushBus, type PushBus } from './push';
import { createImageServices, type ImageServices } from './images';
import { createEmbeddedStore } from './store/embedded';
import { createWooCommerceStore } from './store/woocommerce';
import type { OnlineStore } from './store/types';
import { unlistenedDeviceSetup } from './tls/device-setup';
import type { DeviceSetupSource } from './tls/types';

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  users: UserRepository;
  tokens: TokenService;
  loginThrottle: LoginThrottle;
  /** Where login's password checks run: bounded, so a flood is refused instead of queued (auth/passwords.ts). */
  scryptPool: ScryptPool;
  store: OnlineStore;
  /** Image files, the URL fetch guard, background removal and the sweeper of unused files (server/images). */
  images: ImageServices;
  /** Where handlers' pushes go after commit (the router publishes them). */
  push: PushBus;
  /** How devices on the shop's network reach this server, and the CA they trust (/setup, the Devices screen). */
  deviceSetup: DeviceSetupSource;
  logger: Logger;
}

/** The embedded store (listings in the database), or the WooCommerce shop the settings name. */
function createStore(settings: StoreSettings, db: Db): OnlineStore {
  if (settings.kind === 'embedded') return createEmbeddedStore(db);
  const { url, key, secret, mediaLogin, auctionFields } = settings;
  return createWooCommerceStore({ url, key, secret, auctionFields, ...(mediaLogin === undefined ? {} : { mediaLogin }) });
}

/** On PostgreSQL several server processes may share the database: pushes cross between them. */
function createPushBus(config: Config, database: Database, logger: Logger): PushBus {
  return database.kind === 'postgres' && config.databaseUrl !== undefined ? new PostgresPushBus(config.databaseUrl, database.db, logger) : new InProcessPushBus();
}

/** On PostgreSQL the processes count failed logins together; the embedded database is one process, counting in memory. */
function createThrottle(config: Config, database: Database, logger: Logger): LoginThrottle {
  return database.kind === 'postgres' ? createSharedLoginThrottle(database.db, config.login, logger) : createLoginThrottle(config.login);
}

/** Every service on `database`; nothing is written (createServer seeds categories and the first admin). */
export function createServices(config: Config, database: Database, logger: Logger, deviceSetup: DeviceSetupSource = unlistenedDeviceSetup(config)): Services {
  return {
    config,
    database,
    db: database.db,
    users: createUserRepository(database.db),
    tokens: createTokenService(config.jwtSecret, config.jwtTtlSeconds),
    loginThrottle: createThrottle(config, database, logger),
    scryptPool: createScryptPool(config.login),
    store: createStore(config.store, database.db),
    images: createImageServices(config.images, database.db, logger),
    push: createPushBus(config, database, logger),
    deviceSetup,
    logger,
  };
}
