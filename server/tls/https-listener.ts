// The HTTPS listener (issue 30): the same Fastify app and STOMP endpoint as the plain port, behind TLS, taking a
// renewed certificate without a restart (a fresh secure context on the running listener).
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { createServer, type Server as HttpsServer } from 'node:https';
import type { CertificateSource } from './certificate-source';

/** A TLS handshake must finish this fast: a socket that never completes one holds memory for nothing. */
const HANDSHAKE_TIMEOUT_MS = 10_000;

export function createHttpsListener(
  certificates: CertificateSource,
  handle: (request: IncomingMessage, response: ServerResponse) => void,
  plain: HttpServer,
): HttpsServer {
  const server = createServer({ ...certificates.current(), handshakeTimeout: HANDSHAKE_TIMEOUT_MS, minVersion: 'TLSv1.2' }, handle);
  // The plain listener's deadlines (Node's, as Fastify set them) hold here too.
  server.requestTimeout = plain.requestTimeout;
  server.headersTimeout = plain.headersTimeout;
  server.keepAliveTimeout = plain.keepAliveTimeout;
  server.timeout = plain.timeout;
  certificates.onChange(() => server.setSecureContext(certificates.current()));
  return server;
}

/** Listens, turning 'address in use' into a sentence that names the port and the setting that chose it. */
export function listenOn(server: HttpServer | HttpsServer, port: number, host: string, setting: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? portInUse(port, setting) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export const portInUse = (port: number, setting: string): Error =>
  new Error(`port ${port} (${setting}) is already in use by another program: stop it, or choose another port with ${setting}`);

/** Stops taking connections, lets open requests finish (idle keep-alive sockets go at once), resolves when closed. */
export function closeListener(server: HttpsServer): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  return closed;
}
