// A WooCommerce stand-in of our own (issue 15): a real node:http server on 127.0.0.1 that speaks exactly the REST
// endpoints the store adapter uses, as WooCommerce answers them: paths under /wp-json/wc/v3/ and /wp-json/wp/v2/media,
// Basic auth, X-WP-Total / X-WP-TotalPages paging, {code, message, data: {status}} errors. In memory, with faults
// (the next N requests answer 429 with Retry-After, or 503, or hang) for the retry and time-limit tests.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContractCatalog, type ProductRow, WcRefusal } from './woocommerce-contract-catalog';

export type Fault = { readonly kind: '429'; readonly retryAfter: string } | { readonly kind: '503' } | { readonly kind: 'hang' };

export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
}

export interface ContractServer {
  /** WC_URL. */
  readonly origin: string;
  readonly key: string;
  readonly secret: string;
  /** The WordPress login wp/v2/media also takes (an application password). */
  readonly mediaLogin: { readonly user: string; readonly password: string };
  readonly catalog: ContractCatalog;
  readonly requests: SeenRequest[];
  /** The next `count` requests (of `method` only, when given) meet this fault, before auth as a proxy in front would. */
  fail(fault: Fault, count: number, method?: string): void;
  stop(): Promise<void>;
}

type Json = Record<string, unknown>;
interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

const BATCH_LIMIT = 100;
const noRoute = new WcRefusal('rest_no_route', 'No route was found matching the URL and request method.', 404);

export async function startContractServer(): Promise<ContractServer> {
  const faults: { readonly fault: Fault; readonly method?: string }[] = [];
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const contract: ContractServer = {
    origin,
    key: 'ck_contract',
    secret: 'cs_contract',
    mediaLogin: { user: 'lotdesk', password: 'abcd efgh ijkl mnop' },
    catalog: new ContractCatalog(origin),
    requests: [],
    fail: (fault, count, method) => faults.push(...Array.from({ length: count }, () => ({ fault, method }))),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    contract.requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams });
    const index = faults.findIndex((entry) => entry.method === undefined || entry.method === request.method);
    const fault = index < 0 ? undefined : faults.splice(index, 1)[0]?.fault;
    if (fault?.kind === 'hang') return; // never answers; stop() closes the socket
    if (fault?.kind === '503') {
      response.writeHead(503, { 'content-type': 'text/html' }).end('<html><body><h1>503 Service Unavailable</h1></body></html>');
      return;
    }
    if (fault?.kind === '429') {
      send(response, { status: 429, headers: { 'retry-after': fault.retryAfter }, body: new WcRefusal('rest_too_many_requests', 'Too many requests.', 429).body() });
      return;
    }
    readBody(request)
      .then((body) => send(response, answer(contract, request, url, body)))
      .catch((error: unknown) => send(response, { status: 500, body: { code: 'internal_server_error', message: String(error), data: { status: 500 } } }));
  });
  return contract;
}

function send(response: ServerResponse, { status, body, headers }: Answer): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function answer(contract: ContractServer, request: IncomingMessage, url: URL, body: Buffer): Answer {
  try {
    const method = request.method ?? 'GET';
    const route = url.pathname.replace(/\/+$/, '');
    const media = route === '/wp-json/wp/v2/media';
    if (!media && !route.startsWith('/wp-json/wc/v3/')) throw noRoute;
    checkAuth(contract, request.headers.authorization, media);
    if (media && method === 'POST') return uploadMedia(contract.catalog, request, body);
    return products(contract.catalog, method, route.slice('/wp-json/wc/v3/'.length), url.searchParams, body);
  } catch (error) {
    if (error instanceof WcRefusal) return { status: error.status, body: error.body() };
    throw error;
  }
}

function checkAuth(contract: ContractServer, header: string | undefined, media: boolean): void {
  const [scheme, encoded] = (header ?? '').split(' ');
  if (scheme !== 'Basic' || encoded === undefined) {
    throw media
      ? new WcRefusal('rest_cannot_create', 'Sorry, you are not allowed to create posts as this user.', 401)
      : new WcRefusal('woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.', 401);
  }
  const decoded = Buffer.from(encoded, 'base64').toString();
  const colon = decoded.indexOf(':');
  const [user, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  const login = contract.mediaLogin;
  if (media && user === login.user && password === login.password) return;
  if (user !== contract.key) {
    throw media
      ? new WcRefusal('incorrect_password', 'The provided password is an invalid application password.', 401)
      : new WcRefusal('woocommerce_rest_authentication_error', 'Consumer key is invalid.', 401);
  }
  if (password !== contract.secret) throw new WcRefusal('woocommerce_rest_authentication_error', 'Consumer secret is invalid.', 401);
}

function parseJson(body: Buffer): Json {
  if (body.length === 0) return {};
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Json;
  } catch {
    // answered below, as WordPress does
  }
  throw new WcRefusal('rest_invalid_json', 'Invalid JSON body passed.', 400);
}

/** One page of `rows`, with WordPress's paging headers; per_page above 100 is refused as WordPress does. */
function page<T>(rows: readonly T[], query: URLSearchParams, json: (row: T) => unknown): Answer {
  const perPage = Number(query.get('per_page') ?? '10');
  const pageNumber = Number(query.get('page') ?? '1');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) throw new WcRefusal('rest_invalid_param', 'Invalid parameter(s): per_page', 400);
  if (!Number.isInteger(pageNumber) || pageNumber < 1) throw new WcRefusal('rest_invalid_param', 'Invalid parameter(s): page', 400);
  const slice = rows.slice((pageNumber - 1) * perPage, pageNumber * perPage);
  const headers = { 'x-wp-total': String(rows.length), 'x-wp-totalpages': String(Math.ceil(rows.length / perPage)) };
  return { status: 200, body: slice.map(json), headers };
}

function listProducts(catalog: ContractCatalog, query: URLSearchParams): ProductRow[] {
  const skus = query.get('sku')?.split(',').map((sku) => sku.trim());
  const category = query.get('category');
  return [...catalog.products.values()].filter(
    (product) =>
      product.status !== 'trash' &&
      (skus === undefined || skus.includes(product.sku)) &&
      (category === null || product.categories.includes(Number(category))),
  );
}

function products(catalog: ContractCatalog, method: string, route: string, query: URLSearchParams, body: Buffer): Answer {
  const ok = (product: ProductRow, status = 200): Answer => ({ status, body: catalog.json(product) });
  const byId = /^products\/(\d+)$/.exec(route);
  if (route === 'products/categories' && method === 'GET') {
    const parent = query.get('parent');
    return page(catalog.categories.filter((row) => parent === null || row.parent === Number(parent)), query, (row) => row);
  }
  if (route === 'products' && method === 'GET') return page(listProducts(catalog, query), query, (row) => catalog.json(row));
  if (route === 'products' && method === 'POST') return ok(catalog.create(parseJson(body)), 201);
  if (route === 'products/batch' && method === 'POST') return { status: 200, body: batch(catalog, parseJson(body)) };
  if (byId !== null && method === 'GET') return ok(catalog.product(Number(byId[1])));
  if (byId !== null && method === 'PUT') return ok(catalog.update(Number(byId[1]), parseJson(body)));
  if (byId !== null && method === 'DELETE') return ok(catalog.delete(Number(byId[1]), query.get('force') === 'true'));
  throw noRoute;
}

/** products/batch: each item is done or refused on its own; a refused one answers {id: 0, error} beside the rest. */
function batch(catalog: ContractCatalog, body: Json): Json {
  const list = (name: string): unknown[] => (Array.isArray(body[name]) ? (body[name] as unknown[]) : []);
  const [creates, updates, deletes] = [list('create'), list('update'), list('delete')];
  if (creates.length + updates.length + deletes.length > BATCH_LIMIT) {
    throw new WcRefusal('woocommerce_rest_request_entity_too_large', `Unable to accept more than ${BATCH_LIMIT} items for this request.`, 413);
  }
  const each = (items: unknown[], act: (item: unknown) => ProductRow): unknown[] =>
    items.map((item) => {
      try {
        return catalog.json(act(item));
      } catch (error) {
        if (error instanceof WcRefusal) return { id: 0, error: error.body() };
        throw error;
      }
    });
  const fields = (item: unknown): Json => (typeof item === 'object' && item !== null ? (item as Json) : {});
  return {
    create: each(creates, (item) => catalog.create(fields(item))),
    update: each(updates, (item) => catalog.update(fields(item).id, fields(item))),
    delete: each(deletes, (id) => catalog.delete(id, true)),
  };
}

/** wp/v2/media: the raw file as the body, its name in Content-Disposition (filename*= preferred, as WordPress does). */
function uploadMedia(catalog: ContractCatalog, request: IncomingMessage, body: Buffer): Answer {
  const disposition = request.headers['content-disposition'] ?? '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const fileName = extended?.[1] === undefined ? plain?.[1] : decodeURIComponent(extended[1]);
  if (fileName === undefined) throw new WcRefusal('rest_upload_no_content_disposition', 'No Content-Disposition supplied.', 400);
  if (body.length === 0) throw new WcRefusal('rest_upload_no_data', 'No data supplied.', 400);
  const row = catalog.addMedia(fileName, request.headers['content-type'] ?? 'application/octet-stream', body.length);
  return { status: 201, body: { id: row.id, source_url: row.url, media_type: 'image', mime_type: row.mimeType, title: { rendered: fileName } } };
}
