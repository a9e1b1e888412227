// Save-image-by-URL's fetch (spec §7 /app/saveImageByUrl, issue 14, DESIGN §5): only public http(s) addresses,
// every hop checked from scratch (url-target.ts) and connected to the checked addresses only (pinned-agent.ts),
// redirects followed by hand, one time limit for everything, a size limit enforced while reading, and the caller's
// sniffer on the first bytes before the rest is read. It never stores anything: the caller gets the bytes.
import { type Readable } from 'node:stream';
import { type Agent, request } from 'undici';
import { MIB } from '../../src/protocol/limits';
import { ImageMessages, UrlFetchMessages } from '../../src/protocol/messages';
import { pinnedAgent } from './pinned-agent';
import { UrlFetchRefused } from './url-fetch-refused';
import { type CheckedTarget, type HostLookup, type TestOrigin, checkTarget, systemLookup } from './url-target';

export { UrlFetchRefused, type UrlFetchRefusalCode } from './url-fetch-refused';
export type { HostLookup, ResolvedAddress, TestOrigin } from './url-target';

export interface UrlFetchOptions {
  /** The whole fetch, lookups and redirects included. Default 10 s. */
  readonly timeoutMs?: number;
  /** The body's limit, checked against Content-Length and while reading. Default 25 MiB (spec §5's upload limit). */
  readonly maxBytes?: number;
  /** Redirects followed, each re-checked. Default 3. */
  readonly maxRedirects?: number;
  /**
   * Called once with the first bytes (up to 64) and the file name (for its message); a returned text refuses the
   * fetch before the rest is read. The lead passes the image sniffer.
   */
  readonly accept?: (head: Buffer, fileName: string) => string | undefined;
  /** Exactly one loopback origin tests may reach, e.g. { host: '127.0.0.1', port }. Default: none. */
  readonly allowedTestOrigin?: TestOrigin;
  /** DNS lookup, for tests of names resolving to private addresses; default node:dns lookup (all records). */
  readonly lookup?: HostLookup;
}

export interface FetchedImage {
  readonly bytes: Buffer;
  readonly contentType: string | undefined;
  readonly finalUrl: string;
  /** The final URL's last path segment, decoded and made safe; 'image' when there is none. */
  readonly fileName: string;
}

export const URL_FETCH_DEFAULTS = {
  timeoutMs: 10_000, // a person waits for the answer; a slow host must not hold a socket longer
  maxBytes: 25 * MIB, // the same as an uploaded file's limit
  maxRedirects: 3, // enough for http→https and a CDN hop
} as const;

const HEAD_BYTES = 64; // enough for every image signature the sniffer knows
const MAX_FILE_NAME = 100; // characters; a name, not a path
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

interface Settings {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly accept: UrlFetchOptions['accept'];
}

/** The last path segment, decoded, without control, format or path characters and leading dots; 'image' if empty. */
export function fileNameOf(url: URL): string {
  const segment = url.pathname.split('/').pop() ?? '';
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // a malformed escape: keep the segment as written
  }
  const safe = decoded.replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]/gu, '_').replace(/^[\s.]+/u, '').trim();
  const name = Array.from(safe).slice(0, MAX_FILE_NAME).join('').trim();
  return name === '' ? 'image' : name;
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Reads the body to its end, refusing as soon as it passes maxBytes or the caller's sniffer refuses its head. */
async function readBody(body: Readable, name: string, settings: Settings): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let sniffed = settings.accept === undefined;
  const sniff = (): void => {
    sniffed = true;
    const refusal = settings.accept?.(Buffer.concat(chunks).subarray(0, HEAD_BYTES), name);
    if (refusal !== undefined) throw new UrlFetchRefused(refusal);
  };
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > settings.maxBytes) throw new UrlFetchRefused(ImageMessages.tooLarge(name, settings.maxBytes));
    chunks.push(chunk);
    if (!sniffed && size >= HEAD_BYTES) sniff();
  }
  if (size === 0) throw new UrlFetchRefused(ImageMessages.empty(name));
  if (!sniffed) sniff();
  return Buffer.concat(chunks, size);
}

const ignore = (): void => undefined;

type HopResult = { readonly redirect: string } | { readonly image: FetchedImage };

async function fetchHop(target: CheckedTarget, agent: Agent, settings: Settings, signal: AbortSignal): Promise<HopResult> {
  const { statusCode, headers, body } = await request(target.url, {
    dispatcher: agent,
    signal,
    method: 'GET',
    headers: { accept: 'image/*', 'accept-encoding': 'identity', 'user-agent': 'LotDesk image fetch' },
  });
  try {
    const location = header(headers.location);
    if (REDIRECTS.has(statusCode) && location !== undefined) return { redirect: location };
    if (statusCode < 200 || statusCode > 299) {
      throw new UrlFetchRefused(UrlFetchMessages.status(statusCode), statusCode >= 500 ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST');
    }
    const name = fileNameOf(target.url);
    const declared = Number(header(headers['content-length']) ?? Number.NaN);
    if (declared > settings.maxBytes) throw new UrlFetchRefused(ImageMessages.tooLarge(name, settings.maxBytes));
    const bytes = await readBody(body, name, settings);
    const contentType = header(headers['content-type']);
    return { image: { bytes, contentType, finalUrl: target.url.href, fileName: name } };
  } finally {
    // The unread rest (a redirect's page, a refused body) is dropped: the connection closes rather than drains.
    // Destroying an unfinished body makes undici emit 'Request aborted', which is ours and no one's to hear.
    body.on('error', ignore);
    body.destroy();
  }
}

const ERROR_CODES_TIMED_OUT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

const timedOut = (settings: Settings): UrlFetchRefused =>
  new UrlFetchRefused(UrlFetchMessages.timedOut(settings.timeoutMs / 1000), 'SERVICE_UNAVAILABLE');

/** What a failure tells the user: a refusal as is; the time limit; anything else from the network as unreachable. */
function refusalFor(error: unknown, signal: AbortSignal, settings: Settings, host: string): UrlFetchRefused {
  if (error instanceof UrlFetchRefused) return error;
  if (signal.aborted || ERROR_CODES_TIMED_OUT.has(errorCode(error) ?? '')) return timedOut(settings);
  return new UrlFetchRefused(UrlFetchMessages.unreachable(host), 'SERVICE_UNAVAILABLE');
}

async function follow(url: string, settings: Settings, options: UrlFetchOptions, signal: AbortSignal): Promise<FetchedImage> {
  const rules = { lookup: options.lookup ?? systemLookup, allowedTestOrigin: options.allowedTestOrigin, signal };
  let next = url;
  let base: URL | undefined;
  for (let redirects = 0; ; redirects += 1) {
    const target = await checkTarget(next, base, rules);
    const agent = pinnedAgent(target, settings.timeoutMs);
    let result: HopResult;
    try {
      result = await fetchHop(target, agent, settings, signal);
    } catch (error) {
      throw refusalFor(error, signal, settings, target.url.hostname);
    } finally {
      await agent.destroy().catch(ignore); // frees the socket at once, whatever state the response was left in
    }
    if ('image' in result) return result.image;
    if (redirects === settings.maxRedirects) throw new UrlFetchRefused(UrlFetchMessages.tooManyRedirects(settings.maxRedirects));
    next = result.redirect;
    base = target.url;
  }
}

/**
 * Fetches an image from a public http(s) address; throws UrlFetchRefused (message: the user's text; code:
 * BAD_REQUEST or SERVICE_UNAVAILABLE) for every refusal and failure.
 */
export async function fetchPublicImage(url: string, options: UrlFetchOptions = {}): Promise<FetchedImage> {
  const settings: Settings = {
    timeoutMs: options.timeoutMs ?? URL_FETCH_DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? URL_FETCH_DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? URL_FETCH_DEFAULTS.maxRedirects,
    accept: options.accept,
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
  try {
    return await follow(url, settings, options, controller.signal);
  } catch (error) {
    // A hop's failures are refusals already; what is left here is a lookup the time limit cut short.
    if (error instanceof UrlFetchRefused || !controller.signal.aborted) throw error;
    throw timedOut(settings);
  } finally {
    clearTimeout(timer);
  }
}
