// Every server setting, read once from the environment with its default and validation. Nothing else in the
// server reads process.env. An invalid setting stops the start with a message that names it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { ScryptLimits } from './auth/passwords';
import type { ThrottleLimits } from './auth/throttle';
import { TopicName } from '../src/protocol/topics';
import { PROTOCOL_RANGE, type ProtocolRange } from '../src/protocol/version';
import { DEFAULT_LIMITS, type StompLimits } from './stomp/types';
import { DEFAULT_AUCTION_FIELDS, type AuctionFields } from './store/types';
import type { S3Settings } from './images/s3-storage';
import { ConfigError, integerAtLeast, parseDuration, port, setting, type Env } from './setting';
import { tlsSettings, type TlsSettings } from './tls/settings';

export { ConfigError, parseDuration } from './setting';

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
  /** How often a server re-reads the token versions of its signed-in users: the longest a change made by another
   *  process (npm run users on PostgreSQL, another server) takes to revoke this server's sessions. */
  revocationIntervalSeconds: number;
  lotPrefix: string;
  /** The most used UPCs every device keeps besides those of its user's lots, to scan offline (issue 31). */
  catalogueCacheTop: number;
  /** The protocol versions spoken (issue 32): src/protocol/version.ts's, unless a test says otherwise. */
  protocolRange: ProtocolRange;
  adminPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  allowedOrigins: string[];
  /** Reverse proxies whose X-Forwarded-For (and -Host, -Proto) is believed; none by default. */
  trustedProxies: string[];
  staticDir: string;
  /** Login abuse limits: the scrypt pool (auth/passwords.ts) and the failure throttle (auth/throttle.ts). */
  login: ScryptLimits & ThrottleLimits;
  /** HTTP requests per minute per source address, and apart from them GETs of hashed assets; /health is exempt. */
  httpRateLimit: { perMinute: number; assetsPerMinute: number };
  /** The live connection's (/ws) limits, in the STOMP layer's units (bytes, ms). */
  socketLimits: SocketLimits;
  images: ImageSettings;
  /** The online store (DESIGN §5): the embedded one unless WC_URL, WC_KEY and WC_SECRET name a WooCommerce shop. */
  store: StoreSettings;
  /** HTTPS (issue 30): the server's own certificate authority by default, a given certificate, or none. */
  tls: TlsSettings;
}

export type StoreSettings =
  | { kind: 'embedded' }
  | { kind: 'woocommerce'; url: string; key: string; secret: string; mediaLogin: { user: string; password: string } | undefined; auctionFields: AuctionFields };

/** Images (issue 14): where their files go, how large they may be, how addresses are fetched, who removes backgrounds. */
export interface ImageSettings {
  /** The disk (the default, under `folder`) or an S3-compatible bucket (IMAGE_STORAGE=s3, issue 18). */
  storage: ImageStorageSettings;
  /** DATA_DIR/images unless IMAGES_DIR says otherwise (the disk storage's root). */
  folder: string;
  /** A decoded image's most pixels (a decompression bomb is refused before it is decoded). */
  maxMegapixels: number;
  /** How long one image may take to process. */
  processSeconds: number;
  /** The whole of a save by URL: connecting, redirects and the body. */
  fetchTimeoutSeconds: number;
  /** The one loopback origin a save by URL may reach (tests only, 'host:port'); none by default. */
  fetchTestOrigin: { host: string; port: number } | undefined;
  /** 'classical' (the default: no model, no download) or 'module:<path or package>' (docs/operations.md). */
  backgroundRemover: string;
}

export type ImageStorageSettings = { kind: 'disk' } | ({ kind: 's3' } & S3Settings);

export type SocketLimits = Omit<StompLimits, 'maxHeaders' | 'maxHeaderLength'>;

const postgresUrl = (raw: string) => {
  const parsed = z.url({ protocol: /^postgres(ql)?$/ }).safeParse(raw);
  return parsed.success ? raw : undefined;
};

const ipList = (raw: string) => {
  const list = raw.split(',').map((ip) => ip.trim()).filter(Boolean);
  return list.length > 0 && list.every((ip) => isIP(ip) !== 0) ? list : undefined;
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

/** The WS_* settings: every limit of the live connection, defaults from the STOMP layer (server/stomp/types.ts). */
function socketLimits(env: Env): SocketLimits {
  const d = DEFAULT_LIMITS;
  const bytes = (name: string, fallback: number) => setting(env, name, fallback, integerAtLeast(1024), 'a number of bytes, at least 1024');
  const count = (name: string, fallback: number, min = 1) => setting(env, name, fallback, integerAtLeast(min), `a whole number, at least ${min}`);
  const upToADay = (raw: string) => {
    const seconds = parseDuration(raw);
    return seconds !== undefined && seconds <= 86_400 ? seconds : undefined; // a timer past 2^31 ms would fire at once
  };
  const ms = (name: string, fallbackMs: number) => 1000 * setting(env, name, fallbackMs / 1000, upToADay, "a duration up to 1d, such as '10s', '1m' or seconds");
  const limits: SocketLimits = {
    maxFrameBytes: bytes('WS_MAX_FRAME_BYTES', d.maxFrameBytes),
    anonymousMaxFrameBytes: bytes('WS_ANONYMOUS_FRAME_BYTES', d.anonymousMaxFrameBytes),
    authTimeoutMs: ms('WS_SIGN_IN_TIMEOUT', d.authTimeoutMs),
    partialFrameTimeoutMs: ms('WS_FRAME_TIMEOUT', d.partialFrameTimeoutMs),
    maxSilenceMs: ms('WS_MAX_SILENCE', d.maxSilenceMs),
    // The app subscribes to every topic on each connection: fewer would refuse it.
    maxSubscriptionsPerSession: count('WS_MAX_SUBSCRIPTIONS', d.maxSubscriptionsPerSession, TopicName.length),
    maxSessionsPerUser: count('WS_MAX_SESSIONS_PER_USER', d.maxSessionsPerUser),
    maxSockets: count('WS_MAX_SOCKETS', d.maxSockets),
    maxSocketsPerAddress: count('WS_MAX_SOCKETS_PER_ADDRESS', d.maxSocketsPerAddress),
  };
  if (limits.anonymousMaxFrameBytes > limits.maxFrameBytes) {
    throw new ConfigError('WS_ANONYMOUS_FRAME_BYTES', `must not exceed WS_MAX_FRAME_BYTES (${limits.maxFrameBytes})`);
  }
  return limits;
}

/** '2-3': the oldest version accepted and the current one. */
function protocolRange(raw: string): ProtocolRange | undefined {
  const match = /^(\d{1,6})-(\d{1,6})$/.exec(raw.trim());
  if (match === null) return undefined;
  const [min, current] = [Number(match[1]), Number(match[2])];
  return min >= 1 && min <= current ? { min, current } : undefined;
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
    revocationIntervalSeconds: setting(env, 'REVOCATION_INTERVAL', 10, parseDuration, "a duration such as '10s', '1m' or seconds"),
    lotPrefix: setting(env, 'LOT_PREFIX', 'LOT-', (raw) => (/^[A-Za-z0-9_-]{1,16}$/.test(raw) ? raw : undefined), '1–16 letters, digits, - or _'),
    protocolRange: setting(env, 'PROTOCOL_TEST_RANGE', PROTOCOL_RANGE, protocolRange, "'{oldest}-{current}' (tests only: a server of another release)"),
    catalogueCacheTop: setting(env, 'CATALOGUE_CACHE_TOP', 2000, integerAtLeast(0), 'a whole number of UPCs, 0 (none) or more'),
    adminPassword: setting<string | undefined>(env, 'ADMIN_PASSWORD', undefined, (raw) => (raw.length >= 8 ? raw : undefined), 'at least 8 characters'),
    logLevel: setting(env, 'LOG_LEVEL', 'info', (raw) => LOG_LEVELS.find((l) => l === raw), LOG_LEVELS.join(', ')),
    allowedOrigins: setting(env, 'ALLOWED_ORIGINS', [], origins, 'a comma-separated list of http(s)://host[:port] origins'),
    trustedProxies: setting(env, 'TRUST_PROXY', [], ipList, 'a comma-separated list of IP addresses (the reverse proxies in front)'),
    staticDir: resolve(setting(env, 'STATIC_DIR', './dist', (raw) => raw, 'a folder path')),
    login: {
      concurrency: setting(env, 'LOGIN_CONCURRENCY', 2, integerAtLeast(1), 'a whole number, at least 1'),
      queue: setting(env, 'LOGIN_QUEUE', 8, integerAtLeast(0), 'a whole number, 0 or more'),
      perSource: setting(env, 'LOGIN_QUEUE_PER_ADDRESS', 2, integerAtLeast(1), 'a whole number, at least 1'),
      failuresPerAccount: setting(env, 'LOGIN_FAILURES_PER_ACCOUNT', 5, integerAtLeast(1), 'a whole number, at least 1'),
      failuresPerAddress: setting(env, 'LOGIN_FAILURES_PER_ADDRESS', 20, integerAtLeast(1), 'a whole number, at least 1'),
      accountLockAddresses: setting(env, 'LOGIN_ACCOUNT_LOCK_ADDRESSES', 10, integerAtLeast(0), 'a whole number, 0 (never) or more'),
    },
    httpRateLimit: {
      perMinute: setting(env, 'HTTP_RATE_LIMIT', 600, integerAtLeast(1), 'a whole number of requests per minute, at least 1'),
      assetsPerMinute: setting(env, 'HTTP_ASSET_RATE_LIMIT', 6000, integerAtLeast(1), 'a whole number of requests per minute, at least 1'),
    },
    socketLimits: socketLimits(env),
    images: imageSettings(env, dataDir),
    store: storeSettings(env),
    tls: tlsSettings(env, dataDir),
  };
}

/** https, or plain http to this machine only (a shop on the same host, the tests' contract server): the key travels in
 *  every request. */
const shopUrl = (raw: string) => {
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(raw.trim());
  if (!parsed.success) return undefined;
  const { protocol, hostname } = new URL(parsed.data);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname) ? parsed.data.replace(/\/+$/, '') : undefined;
};

/** A WooCommerce product type or meta key: letters, digits, _ and - (what WordPress keeps as a key). */
const metaKey = (raw: string) => (/^[A-Za-z0-9_-]{1,100}$/.test(raw.trim()) ? raw.trim() : undefined);

/** The auction plugin's product type and meta keys (defaults: the "Auctions for WooCommerce" plugin's). */
function auctionFields(env: Env): AuctionFields {
  const key = (name: string, fallback: string) => setting(env, name, fallback, metaKey, 'a product type or meta key (letters, digits, _ and -)');
  return {
    productType: key('WC_AUCTION_TYPE', DEFAULT_AUCTION_FIELDS.productType),
    startKey: key('WC_AUCTION_START_KEY', DEFAULT_AUCTION_FIELDS.startKey),
    endKey: key('WC_AUCTION_END_KEY', DEFAULT_AUCTION_FIELDS.endKey),
    startingPriceKey: key('WC_AUCTION_PRICE_KEY', DEFAULT_AUCTION_FIELDS.startingPriceKey),
  };
}

function storeSettings(env: Env): StoreSettings {
  const url = setting<string | undefined>(env, 'WC_URL', undefined, shopUrl, 'an https:// address of the WordPress site (http only for localhost)');
  const key = setting<string | undefined>(env, 'WC_KEY', undefined, (raw) => raw, 'a WooCommerce REST key');
  const secret = setting<string | undefined>(env, 'WC_SECRET', undefined, (raw) => raw, 'a WooCommerce REST secret');
  const user = setting<string | undefined>(env, 'WP_USER', undefined, (raw) => raw, 'a WordPress user name');
  const password = setting<string | undefined>(env, 'WP_APP_PASSWORD', undefined, (raw) => raw, 'a WordPress application password');
  if (url === undefined && key === undefined && secret === undefined) return { kind: 'embedded' };
  if (url === undefined || key === undefined || secret === undefined) {
    const missing = [['WC_URL', url], ['WC_KEY', key], ['WC_SECRET', secret]].filter(([, value]) => value === undefined).map(([name]) => name);
    throw new ConfigError(missing.join(', '), 'WooCommerce needs WC_URL, WC_KEY and WC_SECRET together (none of them: the embedded store)');
  }
  if ((user === undefined) !== (password === undefined)) throw new ConfigError(user === undefined ? 'WP_USER' : 'WP_APP_PASSWORD', 'WP_USER and WP_APP_PASSWORD go together');
  return { kind: 'woocommerce', url, key, secret, mediaLogin: user === undefined || password === undefined ? undefined : { user, password }, auctionFields: auctionFields(env) };
}

const hostAndPort = (raw: string) => {
  const match = /^([^:\s]+):(\d{1,5})$/.exec(raw.trim());
  const number = match ? port(match[2] ?? '') : undefined;
  return match?.[1] !== undefined && number !== undefined && number > 0 ? { host: match[1], port: number } : undefined;
};

function imageSettings(env: Env, dataDir: string): ImageSettings {
  const seconds = (name: string, fallback: number) => setting(env, name, fallback, parseDuration, "a duration such as '10s' or seconds");
  return {
    storage: imageStorageSettings(env),
    folder: resolve(setting(env, 'IMAGES_DIR', join(dataDir, 'images'), (raw) => raw, 'a folder path')),
    maxMegapixels: setting(env, 'IMAGE_MAX_MEGAPIXELS', 50, integerAtLeast(1), 'a whole number of megapixels, at least 1'),
    processSeconds: seconds('IMAGE_PROCESS_TIMEOUT', 30),
    fetchTimeoutSeconds: seconds('IMAGE_FETCH_TIMEOUT', 10),
    fetchTestOrigin: setting<{ host: string; port: number } | undefined>(env, 'IMAGE_FETCH_TEST_ORIGIN', undefined, hostAndPort, "'host:port' (tests only)"),
    backgroundRemover: setting(env, 'BACKGROUND_REMOVER', 'classical', (raw) => (raw === 'classical' || /^module:.+/.test(raw) ? raw : undefined), "'classical' or 'module:<path or package>'"),
  };
}

/** An S3 key prefix: folders of letters, digits, '.', '-' and '_' (no '.' or '..' folder), kept with one trailing '/'. */
const keyPrefix = (raw: string) => {
  const folders = raw.trim().replace(/\/+$/, '').split('/');
  return raw.length <= 200 && folders.every((folder) => /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/.test(folder)) ? `${folders.join('/')}/` : undefined;
};

const S3_NAMES = ['S3_BUCKET', 'S3_REGION', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX', 'S3_TIMEOUT'];

/** IMAGE_STORAGE: the disk, or a bucket of AWS S3 or of any S3-compatible service (S3_ENDPOINT) with its settings. */
function imageStorageSettings(env: Env): ImageStorageSettings {
  const kind = setting(env, 'IMAGE_STORAGE', 'disk', (raw) => (raw === 'disk' || raw === 's3' ? raw : undefined), "'disk' or 's3'");
  if (kind === 'disk') {
    // An S3 setting without IMAGE_STORAGE=s3 is a half-made switch: the files would quietly stay on this disk.
    const stray = S3_NAMES.filter((name) => (env[name] ?? '') !== '');
    if (stray.length > 0) throw new ConfigError('IMAGE_STORAGE', `found ${stray.join(', ')}: say IMAGE_STORAGE=s3 to keep images in S3, or remove the S3_ settings`);
    return { kind };
  }
  const bucket = setting<string | undefined>(env, 'S3_BUCKET', undefined, (raw) => (/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(raw) ? raw : undefined), 'a bucket name (3–63 lowercase letters, digits, . and -)');
  if (bucket === undefined) throw new ConfigError('S3_BUCKET', 'IMAGE_STORAGE=s3 needs the bucket that holds the images');
  const accessKeyId = setting<string | undefined>(env, 'S3_ACCESS_KEY_ID', undefined, (raw) => raw.trim(), 'an access key id');
  const secretAccessKey = setting<string | undefined>(env, 'S3_SECRET_ACCESS_KEY', undefined, (raw) => raw, 'a secret access key');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(accessKeyId === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (neither: the AWS default credential chain)');
  }
  return {
    kind,
    bucket,
    region: setting(env, 'S3_REGION', 'us-east-1', (raw) => (/^[a-z0-9-]{1,32}$/.test(raw) ? raw : undefined), "a region such as 'eu-west-1'"),
    endpoint: setting<string | undefined>(env, 'S3_ENDPOINT', undefined, (raw) => (z.url({ protocol: /^https?$/ }).safeParse(raw.trim()).success ? raw.trim() : undefined), 'an http(s):// address'),
    forcePathStyle: setting(env, 'S3_FORCE_PATH_STYLE', false, (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined), 'true or false'),
    credentials: accessKeyId === undefined || secretAccessKey === undefined ? undefined : { accessKeyId, secretAccessKey },
    prefix: setting(env, 'S3_PREFIX', '', keyPrefix, "folders such as 'lotdesk/shop-1' (letters, digits, '.', '-', '_')"),
    timeoutSeconds: setting(env, 'S3_TIMEOUT', 10, (raw) => {
      const seconds = parseDuration(raw);
      return seconds !== undefined && seconds <= 300 ? seconds : undefined;
    }, "a duration up to 5m, such as '10s' or seconds"),
  };
}
