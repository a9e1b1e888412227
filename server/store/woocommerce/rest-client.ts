// One HTTP exchange with the store: auth, a time limit per try, retries on 429/5xx, and every failure turned into
// a StoreError with the person's sentence. Callers see parsed JSON or a StoreError, nothing else.
import type { z } from 'zod';
import { StoreMessages } from '../../../src/protocol/messages';
import { StoreError } from '../store-error';
import type { AuctionFields } from '../types';
import { plainText } from './plain-text';
import { type RetryPolicy, delayBeforeRetry, isRetryableStatus, retryAfterMs, sleep } from './retry';
import { type WcError, WcErrorSchema } from './wire';

export interface WooCommerceOptions {
  /** WC_URL: the WordPress site's address (https://shop.example.com); the REST API is under /wp-json/. */
  readonly url: string;
  /** WC_KEY and WC_SECRET: a WooCommerce REST key with read/write permission. */
  readonly key: string;
  readonly secret: string;
  /**
   * WordPress's own routes (wp/v2/media) do not take WooCommerce keys on a stock site: they take a user's
   * application password. Without this, media is sent with the WooCommerce key (enough for a plugin that allows it).
   */
  readonly mediaLogin?: { readonly user: string; readonly password: string };
  /** The auction plugin's product type and meta keys (DEFAULT_AUCTION_FIELDS when absent). */
  readonly auctionFields?: AuctionFields;
  /** Per try, in ms: a store that has not answered by then is given up on (default 15 s; media 60 s). */
  readonly timeoutMs?: number;
  readonly mediaTimeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RestRequest {
  readonly method: Method;
  /** Under /wp-json/: 'wc/v3/products', 'wp/v2/media'. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly json?: unknown;
  readonly bytes?: { readonly body: Uint8Array; readonly headers: Readonly<Record<string, string>> };
  /** How a 4xx refusal reads ('The online store refused the product: …'). */
  readonly refusal?: (reason: string, storeCode: string) => string;
}

export interface RestResponse<T> {
  readonly body: T;
  readonly headers: Headers;
}

export type RestClient = <S extends z.ZodType>(request: RestRequest, schema: S) => Promise<RestResponse<z.infer<S>>>;

const DEFAULT_RETRY: RetryPolicy = { attempts: 4, backoffMs: 500, maxDelayMs: 30_000 };
/** A timed-out or cut-off POST may have been done: it is not sent again (upsert finds the product by SKU instead). */
const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * HTTP Basic with the key and secret, not the consumer_key/consumer_secret query form: a query string ends up in
 * the access logs of every proxy on the way, a header does not. Basic is only safe over https (WooCommerce itself
 * accepts it only there), so any other address is refused when the server starts; plain http is allowed for a
 * loopback store (tests, a store on the same machine).
 */
function storeBase(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname))) {
    throw new Error(`WC_URL must be an https address (WooCommerce keys travel in the Authorization header): ${parsed.origin}`);
  }
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}/wp-json/`;
}

const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export function createRestClient(options: WooCommerceOptions): RestClient {
  const base = storeBase(options.url);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const wcAuth = basic(options.key, options.secret);
  const mediaAuth = options.mediaLogin === undefined ? wcAuth : basic(options.mediaLogin.user, options.mediaLogin.password);
  const media = (request: RestRequest): boolean => request.path.startsWith('wp/');

  const send = (request: RestRequest): Promise<Response> => {
    const url = new URL(request.path, base);
    for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, String(value));
    const isMedia = media(request);
    const headers: Record<string, string> = { authorization: isMedia ? mediaAuth : wcAuth, accept: 'application/json' };
    let body: Uint8Array<ArrayBuffer> | string | undefined;
    if (request.bytes !== undefined) {
      Object.assign(headers, request.bytes.headers);
      body = new Uint8Array(request.bytes.body); // a copy on its own ArrayBuffer: what fetch's types take in every lib
    } else if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    }
    const timeout = isMedia ? (options.mediaTimeoutMs ?? 60_000) : (options.timeoutMs ?? 15_000);
    return fetch(url, { method: request.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeout) });
  };

  // A redirect is not followed (it would carry the key elsewhere): it answers as a 3xx, read as 'check WC_URL'.
  return async (request, schema) => {
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      let text: string;
      try {
        response = await send(request);
        text = await readText(response);
      } catch (error) {
        if (error instanceof StoreError) throw error;
        const wait = IDEMPOTENT.has(request.method) ? delayBeforeRetry(policy, attempt, undefined) : undefined;
        if (wait === undefined) throw unanswered(error);
        await sleep(wait);
        continue;
      }
      if (isRetryableStatus(response.status)) {
        const wait = delayBeforeRetry(policy, attempt, retryAfterMs(response.headers.get('retry-after')));
        if (wait === undefined) throw failed(response.status, text);
        await sleep(wait);
        continue;
      }
      const json = parseJson(text);
      if (!response.ok) throw refused(response.status, json, request, media(request) && options.mediaLogin !== undefined);
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new StoreError(StoreMessages.unreadable, 'SERVICE_UNAVAILABLE', 'unreadable', response.status);
      return { body: parsed.data, headers: response.headers };
    }
  };
}

/** A page of 100 products with their HTML is a few MB; a store answering far more is not read to the end. */
const ANSWER_MAX_BYTES = 32 * 1024 * 1024;

async function readText(response: Response): Promise<string> {
  if (response.body === null) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ANSWER_MAX_BYTES) {
      await reader.cancel(); // lets the connection go
      break;
    }
    parts.push(value);
  }
  if (size > ANSWER_MAX_BYTES) throw new StoreError(StoreMessages.unreadable, 'SERVICE_UNAVAILABLE', 'too_large', response.status);
  return Buffer.concat(parts).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isTimeout = (error: unknown): boolean => error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

function unanswered(error: unknown): StoreError {
  return isTimeout(error)
    ? new StoreError(StoreMessages.notAnswering, 'SERVICE_UNAVAILABLE', 'timeout', 0, { cause: error })
    : new StoreError(StoreMessages.unreachable, 'SERVICE_UNAVAILABLE', 'network', 0, { cause: error });
}

/** The store still refused after the last try (or asked us to wait longer than we do). */
function failed(status: number, text: string): StoreError {
  const storeCode = storeErrorOf(parseJson(text))?.code ?? `http_${status}`;
  const message = status === 429 ? StoreMessages.busy : StoreMessages.unavailable(status);
  return new StoreError(message, 'SERVICE_UNAVAILABLE', storeCode, status);
}

export const storeErrorOf = (json: unknown): WcError | undefined => {
  const parsed = WcErrorSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
};

/** A 4xx: our key refused, no such product, a WordPress without WooCommerce (rest_no_route), or what we sent. */
function refused(status: number, json: unknown, request: RestRequest, withMediaLogin: boolean): StoreError {
  const error = storeErrorOf(json);
  const storeCode = error?.code ?? `http_${status}`;
  if (status === 401 || status === 403) {
    const message = withMediaLogin ? StoreMessages.badMediaLogin : StoreMessages.badCredentials;
    return new StoreError(message, 'SERVICE_UNAVAILABLE', storeCode, status);
  }
  if (error === undefined || storeCode === 'rest_no_route') return new StoreError(StoreMessages.unreadable, 'SERVICE_UNAVAILABLE', storeCode, status);
  if (status === 404) return new StoreError(StoreMessages.noProduct, 'NOT_FOUND', storeCode, status);
  const reason = plainText(error.message) || `HTTP ${status}`;
  return new StoreError((request.refusal ?? StoreMessages.requestRefused)(reason, storeCode), 'BAD_REQUEST', storeCode, status);
}
