// Every server setting, read once from the environment with its default and validation. Nothing else in the
// server reads process.env. An invalid setting stops the start with a message that names it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const MIN_SECRET_BYTES = 32; // HS256 wants a key of at least 256 bits (DESIGN §5)
const JWT_SECRET_FILE = 'jwt-secret';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: Uint8Array;
  jwtTtlSeconds: number;
  lotPrefix: string;
  adminPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  allowedOrigins: string[];
  staticDir: string;
}

export class ConfigError extends Error {
  constructor(readonly setting: string, detail: string) {
    super(`Invalid setting ${setting}: ${detail}`);
    this.name = 'ConfigError';
  }
}

/** '12h', '30m', '45s', '2d' or a number of seconds. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] ?? ''] ?? 1;
  const seconds = Number(match[1]) * unit;
  return seconds > 0 ? seconds : undefined;
}

type Env = Record<string, string | undefined>;

function setting<T>(env: Env, name: string, fallback: T, parse: (raw: string) => T | undefined, expected: string): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = parse(raw);
  if (value === undefined) throw new ConfigError(name, `expected ${expected}, got '${raw}'`);
  return value;
}

const port = (raw: string) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : undefined;
};

const postgresUrl = (raw: string) => {
  const parsed = z.url({ protocol: /^postgres(ql)?$/ }).safeParse(raw);
  return parsed.success ? raw : undefined;
};

const origins = (raw: string) => {
  const list = raw.split(',').map((o) => o.trim()).filter(Boolean);
  return list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)) ? list : undefined;
};

/** The secret from JWT_SECRET, or one generated once and kept in the data folder so tokens survive restarts. */
function jwtSecret(env: Env, dataDir: string): Uint8Array {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (Buffer.byteLength(given) < MIN_SECRET_BYTES) {
      throw new ConfigError('JWT_SECRET', `must be at least ${MIN_SECRET_BYTES} bytes (256 bits), got ${Buffer.byteLength(given)}`);
    }
    return new TextEncoder().encode(given);
  }
  const file = join(dataDir, JWT_SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  const stored = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(stored) < MIN_SECRET_BYTES) {
    throw new ConfigError('JWT_SECRET', `the generated secret in ${file} is too short; delete it to make a new one`);
  }
  return new TextEncoder().encode(stored);
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(setting(env, 'DATA_DIR', './data', (raw) => raw, 'a folder path'));
  return {
    port: setting(env, 'PORT', 8080, port, 'a port number 0–65535'),
    host: setting(env, 'HOST', '0.0.0.0', (raw) => raw, 'a host name or address'),
    dataDir,
    databaseUrl: setting<string | undefined>(env, 'DATABASE_URL', undefined, postgresUrl, 'a postgres:// URL'),
    jwtSecret: jwtSecret(env, dataDir),
    jwtTtlSeconds: setting(env, 'JWT_TTL', 12 * 3600, parseDuration, "a duration such as '12h', '30m' or seconds"),
    lotPrefix: setting(env, 'LOT_PREFIX', 'LOT-', (raw) => (/^[A-Za-z0-9_-]{1,16}$/.test(raw) ? raw : undefined), '1–16 letters, digits, - or _'),
    adminPassword: setting<string | undefined>(env, 'ADMIN_PASSWORD', undefined, (raw) => (raw.length >= 8 ? raw : undefined), 'at least 8 characters'),
    logLevel: setting(env, 'LOG_LEVEL', 'info', (raw) => LOG_LEVELS.find((l) => l === raw), LOG_LEVELS.join(', ')),
    allowedOrigins: setting(env, 'ALLOWED_ORIGINS', [], origins, 'a comma-separated list of http(s)://host[:port] origins'),
    staticDir: resolve(setting(env, 'STATIC_DIR', './dist', (raw) => raw, 'a folder path')),
  };
}
