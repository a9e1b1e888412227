// A real HTTP server on 127.0.0.1 (port 0) that plays an image host for the URL fetch's tests: routes by path,
// and it records every request and when each request's socket closes, so a test can see that a refused fetch
// really let go of the connection.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Route = (request: IncomingMessage, response: ServerResponse, host: ImageHost) => void;

export interface SeenRequest {
  readonly path: string;
  readonly host: string | undefined;
}

export interface ImageHost {
  readonly port: number;
  readonly origin: string;
  readonly requests: SeenRequest[];
  /** How many TCP connections were accepted. */
  connections: number;
  /** Settles when the socket of the first request for `path` has closed. */
  closed(path: string): Promise<void>;
  stop(): Promise<void>;
}

/** Serves `routes` (exact path, query ignored); a path with no route answers 404. */
export async function startImageHost(routes: Readonly<Record<string, Route>>): Promise<ImageHost> {
  const closes = new Map<string, Promise<void>>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host: ImageHost = {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests: [],
    connections: 0,
    closed: (path) => closes.get(path) ?? Promise.reject(new Error(`no request for ${path}`)),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('connection', () => {
    host.connections += 1;
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', host.origin).pathname;
    host.requests.push({ path, host: request.headers.host });
    if (!closes.has(path)) closes.set(path, new Promise((resolve) => request.socket.once('close', () => resolve())));
    const route = routes[path];
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    route(request, response, host);
  });
  return host;
}

/** Writes `chunk` for ever (minding backpressure) until the client goes away. */
export function writeForever(response: ServerResponse, chunk: Buffer): void {
  const pump = (): void => {
    while (!response.destroyed && response.write(chunk)) {
      // the kernel's buffer still takes more
    }
  };
  response.on('drain', pump);
  pump();
}

/** Writes one byte every `everyMs` until the client goes away. */
export function trickle(response: ServerResponse, everyMs: number): void {
  const timer = setInterval(() => {
    if (response.destroyed) clearInterval(timer);
    else response.write(Buffer.from([0]));
  }, everyMs);
  response.on('close', () => clearInterval(timer));
}

/** A redirect to `location`. */
export const redirectTo = (location: string, status = 302): Route => (_request, response) => {
  response.writeHead(status, { location }).end();
};
