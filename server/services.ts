// The app services handlers use (fastify/demo's middle layer): built once at start, passed explicitly.
import type { Config } from './config';
import type { Database, Db } from './db';
import type { LoginThrottle } from './auth/throttle';
import type { TokenService } from './auth/tokens';
import type { UserRepository } from './auth/users';
import type { OnlineStore } from './store/types';

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
  store: OnlineStore;
  logger: Logger;
}
