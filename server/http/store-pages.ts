// The embedded store's public pages (DESIGN §5 Online store): GET /store, the index of published lots, and
// GET /store/{slug}, a lot's page; unauthenticated, server-rendered, with no script at all. Owns their routes and their
// Content-Security-Policy; never writes (the listing handlers do, through server/store/embedded-products.ts). Every
// request counts against the per-address rate limit (http/rate-limit.ts hooks every route), a page reads a bounded
// number of rows (server/store/store-listings.ts), and nothing is cached on the server.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { StorePageMessages } from '../../src/protocol/messages';
import type { Db } from '../db';
import { createStoreListings, STORE_MAX_PAGE } from '../store/store-listings';
import { indexPage, messagePage, productPage, STORE_PATH, STORE_STYLE_HASH } from './store-page-html';

/**
 * The pages' policy, replacing the app's (http/security-headers.ts sets that one in an app-wide onRequest hook; the
 * routes' own hook runs after it). No script-src: default-src 'none' forbids every script. Images only of our own
 * host; our one stylesheet by hash, and the style attributes a sanitized listing keeps (colours, alignment).
 */
export const STORE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "img-src 'self'",
  `style-src ${STORE_STYLE_HASH}`, // browsers without style-src-elem/-attr: the stylesheet, no listing styles
  `style-src-elem ${STORE_STYLE_HASH}`,
  "style-src-attr 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Pages change when a lot is listed again or taken down: browsers check before reusing one. */
const CACHE_CONTROL = 'no-cache';

/** 1 to STORE_MAX_PAGE from `?page=`, 1 when absent, undefined for anything else (a list, a word, 0, a huge number). */
export function pageNumber(value: unknown): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^[1-9]\d{0,5}$/.test(value)) return undefined;
  const page = Number(value);
  return page <= STORE_MAX_PAGE ? page : undefined;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('cache-control', CACHE_CONTROL).type('text/html; charset=utf-8').send(html);
}

export function registerStorePages(app: FastifyInstance, db: Db): void {
  const listings = createStoreListings(db);
  const onRequest = async (_request: unknown, reply: FastifyReply) => {
    reply.header('content-security-policy', STORE_CONTENT_SECURITY_POLICY);
  };

  app.get<{ Querystring: { page?: unknown } }>(STORE_PATH, { onRequest }, async (request, reply) => {
    const page = pageNumber(request.query.page);
    if (page === undefined) {
      return sendPage(reply, 404, messagePage(StorePageMessages.badPageTitle, StorePageMessages.badPage(STORE_MAX_PAGE)));
    }
    return sendPage(reply, 200, indexPage(page, await listings.page(page)));
  });

  app.get<{ Params: { slug: string } }>(`${STORE_PATH}/:slug`, { onRequest }, async (request, reply) => {
    const listing = await listings.bySlug(request.params.slug);
    if (listing === undefined) return sendPage(reply, 404, messagePage(StorePageMessages.notFoundTitle, StorePageMessages.notFound));
    return sendPage(reply, 200, productPage(listing));
  });
}

/**
 * With a WooCommerce shop the pages are the shop's: /store and /store/{slug} send the browser there (WooCommerce's
 * default product address, /product/{slug}/), so a lot's public link is /store/{slug} whichever store lists it.
 */
export function registerStoreRedirects(app: FastifyInstance, shopUrl: string): void {
  const shop = shopUrl.replace(/\/+$/, '');
  app.get(STORE_PATH, async (_request, reply) => reply.redirect(`${shop}/`, 302));
  app.get<{ Params: { slug: string } }>(`${STORE_PATH}/:slug`, async (request, reply) =>
    reply.redirect(`${shop}/product/${encodeURIComponent(request.params.slug)}/`, 302),
  );
}
